import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { expect, expectAccessible, islandOf, showcaseId, test } from './fixtures.ts';

/**
 * SPEC §2 "Live hero", §4 live status, §9 live constants: the demo's live showcase as a viewer
 * meets it. The demo feed (src/server/live/demoFeed.ts) puts 'Launch day: live from the
 * studio' on the air; 'Q&A with the crew' starts 20 minutes after the seed; 'Weekly studio
 * hour' repeats every Thursday at 18:00 in Paris; 'Launch rehearsal' is an ended event's replay.
 */
const albumId = showcaseId('live');
const live = `/showcase/${albumId}`;
const nameOf = (key: string) => DEMO_VIDEOS.find((v) => v.key === key)!.name;

interface LiveEvent {
  id: number;
  name: string;
  live: { status: string; start_time: string | null } | null;
}

async function events(request: APIRequestContext): Promise<Map<string, LiveEvent>> {
  const body = (await (
    await request.get(`/api/albums/${albumId}/videos?per_page=100&fields=uri,name,live`)
  ).json()) as { data: { uri: string; name: string; live: LiveEvent['live'] }[] };
  return new Map(
    body.data.map((v) => [
      v.name,
      { id: Number(v.uri.split('/').at(-1)), name: v.name, live: v.live },
    ]),
  );
}

async function eventNamed(request: APIRequestContext, key: string): Promise<LiveEvent> {
  const event = (await events(request)).get(nameOf(key));
  if (!event) throw new Error(`no demo event ${key}`);
  return event;
}

/** The demo feed takes a few seconds after the server starts to go on the air. */
async function onTheAir(request: APIRequestContext): Promise<LiveEvent> {
  await expect
    .poll(async () => (await eventNamed(request, 'live-now')).live?.status, { timeout: 90_000 })
    .toBe('streaming');
  return eventNamed(request, 'live-now');
}

const hero = (page: Page) => page.getByTestId('live-hero');
const heroHydrated = (page: Page) =>
  expect(islandOf(page, 'LiveStatus', 'hydrated')).toHaveCount(1);

test.describe('the live showcase with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('features the event on the air: LIVE, its start, and a Watch now link to its video view', async ({
    page,
    request,
  }) => {
    const event = await onTheAir(request);
    await page.goto(live);
    await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText(event.name);
    await expect(hero(page).getByTestId('live-badge')).toHaveText('LIVE');
    await expect(hero(page).locator('time')).toHaveText(
      /^Started .+ (Coordinated Universal Time|UTC)$/,
    );
    const watch = hero(page).getByRole('link', { name: 'Watch now' });
    await expect(watch).toHaveAttribute('href', `${live}/video/${event.id}`);

    // The other events and the replay stay as cards.
    const card = (key: string) => page.getByRole('listitem').filter({ hasText: nameOf(key) });
    await expect(card('live-soon').getByTestId('live-badge')).toHaveText('UPCOMING');
    await expect(card('live-weekly').getByTestId('live-badge')).toHaveText('UPCOMING');
    await expect(card('live-rehearsal').getByTestId('live-badge')).toHaveCount(0);
    await expect(card('live-now')).toHaveCount(0);

    await watch.click();
    await expect(page).toHaveURL(`${live}/video/${event.id}`);
    await expect(page.getByTestId('live-event-status').getByTestId('live-badge')).toHaveText(
      'LIVE',
    );
  });

  test('features the event the address names, with its start in the event’s own time zone', async ({
    page,
    request,
  }) => {
    const weekly = await eventNamed(request, 'live-weekly');
    await page.goto(`${live}?video=${weekly.id}`);
    await expect(hero(page).getByRole('heading', { level: 2 })).toHaveText(weekly.name);
    await expect(hero(page).getByTestId('live-badge')).toHaveText('UPCOMING');
    await expect(hero(page).locator('time')).toHaveText(
      /^Starts Thursday, .+ at 6:00\sPM Central European (Standard|Summer) Time$/,
    );
    await expect(hero(page).locator('time')).toHaveAttribute('datetime', weekly.live!.start_time!);
    await expect(hero(page).getByRole('link', { name: 'Watch', exact: true })).toHaveAttribute(
      'href',
      `${live}/video/${weekly.id}`,
    );
  });

  test('says in the player frame when an upcoming event starts, in the viewer’s language', async ({
    page,
    request,
  }) => {
    const weekly = await eventNamed(request, 'live-weekly');
    await page.goto(`/de-DE${live}/video/${weekly.id}/embed`);
    await expect(page.getByRole('main')).toContainText(
      /Dieses Event beginnt: Donnerstag, .+ 18:00 Mitteleuropäische (Normal|Sommer)zeit\./,
    );
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test.describe('the live showcase', () => {
  test('counts down each second to an upcoming event, then says Starting soon...', async ({
    page,
    request,
  }) => {
    const soon = await eventNamed(request, 'live-soon');
    const start = new Date(soon.live!.start_time!).getTime();
    await page.clock.install({ time: start - 20 * 60_000 });
    await page.goto(`${live}?video=${soon.id}`);
    // A ticking countdown takes the island over at once, before any interaction.
    await heroHydrated(page);
    await page.clock.pauseAt(start - 902_000);

    const countdown = hero(page).getByRole('timer', { name: 'Starts in' });
    await expect(countdown).toHaveText(/^Starts in\s*00\s*Hours\s*15\s*Minutes\s*02\s*Seconds$/);
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText(/^Starts in\s*00\s*Hours\s*15\s*Minutes\s*01\s*Seconds$/);
    // The ticking numbers are in no live region: only the change of state is announced.
    expect(
      await countdown.evaluate((timer) => timer.closest('[role=status], [aria-live]')),
    ).toBeNull();

    await page.clock.runFor(1_000);
    await expect(countdown).toHaveCount(0);
    await expect(
      hero(page).getByRole('status').filter({ hasText: 'Starting soon...' }),
    ).toContainText('UPCOMING');
  });

  test('shows Event is starting for 2 s after Watch now, then the video view plays the stream', async ({
    page,
    request,
  }) => {
    const event = await onTheAir(request);
    await page.clock.install();
    await page.goto(live);
    // The island of an event on the air takes over when its first poll is due (8 s).
    await page.clock.pauseAt(Date.now() + 60_000);
    await heroHydrated(page);

    await hero(page).getByRole('link', { name: 'Watch now' }).click();
    const splash = page.getByTestId('event-starting');
    await expect(splash).toHaveText('Event is starting');
    await expect(splash).toHaveRole('status');
    await expect(splash).toBeFocused();
    await page.clock.runFor(1_900);
    await expect(page).toHaveURL(live);
    await page.clock.runFor(100);
    await expect(page).toHaveURL(`${live}/video/${event.id}?autoplay=1`);
    await page.clock.resume();

    const video = page.frameLocator('iframe[title^="Video player"]').locator('video');
    await expect(video).toHaveAttribute('data-live', '');
    await expect(video.locator('source')).toHaveCount(1);
    await expect(video.locator('source')).toHaveAttribute('type', 'application/vnd.apple.mpegurl');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(1);
  });

  test('the video view of an upcoming event counts down by itself, then says Starting soon...', async ({
    page,
    request,
  }) => {
    const soon = await eventNamed(request, 'live-soon');
    const start = new Date(soon.live!.start_time!).getTime();
    await page.clock.install({ time: start - 20 * 60_000 });
    await page.goto(`${live}/video/${soon.id}`);
    await page.clock.pauseAt(start - 902_000);
    // Nothing is touched: the page's own few hundred bytes tick it.
    const status = page.getByTestId('live-event-status');
    const countdown = status.getByRole('timer', { name: 'Starts in' });
    await expect(countdown).toHaveText(/^Starts in\s*00:15:02$/);
    await page.clock.runFor(1_000);
    await expect(countdown).toHaveText(/^Starts in\s*00:15:01$/);
    await page.clock.runFor(1_000);
    await expect(countdown).toBeHidden();
    await expect(status.getByRole('status')).toHaveText('Starting soon...');
    await expect(status.getByTestId('live-badge')).toHaveText('UPCOMING');
  });

  test('the player frame of an event on the air reads as live, and takes a viewer who fell behind back to it', async ({
    page,
    request,
  }) => {
    const event = await onTheAir(request);
    await page.goto(`${live}/video/${event.id}/embed`);
    const video = page.locator('video');
    await video.evaluate((media: HTMLVideoElement) => {
      media.muted = true;
      void media.play().catch(() => undefined);
    });
    await expect
      .poll(() => video.evaluate((media: HTMLVideoElement) => media.currentTime), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0.5);
    // A stream has no length to show.
    expect(await video.evaluate((media: HTMLVideoElement) => media.duration)).toBe(Infinity);
    await expect(page.getByText('LIVE', { exact: true })).toBeVisible();
    const back = page.getByRole('button', { name: 'Back to live' });
    await expect(back).toBeHidden();

    await video.evaluate((media: HTMLVideoElement) => media.pause());
    await expect(back).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/^−\d+ sec$/)).toBeVisible();
    await expect(page.getByText(/^\d+ seconds behind live$/)).toBeAttached();
    await expectAccessible(page);

    await back.focus();
    await page.keyboard.press('Enter');
    await expect(back).toBeHidden();
    await expect(page.getByText(/^−\d+ sec$/)).toBeHidden();
    await expect.poll(() => video.evaluate((media: HTMLVideoElement) => media.paused)).toBe(false);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(
      `is accessible in the ${theme} theme, with the event on the air and with a countdown`,
      { tag: '@accessibility' },
      async ({ browser, baseURL, request }) => {
        await onTheAir(request);
        const soon = await eventNamed(request, 'live-soon');
        const context = await browser.newContext({ baseURL: baseURL! });
        await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
        const page = await context.newPage();
        await page.goto(live);
        await expectAccessible(page);
        await page.goto(`${live}?video=${soon.id}`);
        await heroHydrated(page);
        await expect(hero(page).getByTestId('live-badge')).toHaveText('UPCOMING');
        await expectAccessible(page);
        await context.close();
      },
    );
  }

  test('fits a 375 px phone', async ({ page, request }, testInfo) => {
    await onTheAir(request);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(live);
    const watch = hero(page).getByRole('link', { name: 'Watch now' });
    await expect(watch).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await page.screenshot({ path: testInfo.outputPath('live-phone.png'), fullPage: true });
    await expectAccessible(page);
  });
});
