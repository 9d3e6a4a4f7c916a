/**
 * Analytics (docs/analytics.md): an anonymous viewer in a browser of their own plays a demo
 * video to its end in the video view's player frame, and the owner's studio then shows the
 * play, the finish and the watch time on the video's analytics page, the showcase's, and
 * /home, and the API's stats.plays; a viewer whose browser sends Global Privacy Control plays
 * it too and is not counted.
 * The new pages download their CSV, and axe finds nothing on them in any locale or theme.
 */
import type { Browser, Page } from '@playwright/test';
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import { BEACON_PATH } from '../../src/lib/playCounting.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const grid = `/showcase/${showcaseId('grid')}`;

/** A viewer of their own: another address and browser, so a play of theirs counts anew. */
async function viewer(browser: Browser, headers: Record<string, string> = {}): Promise<Page> {
  const context = await browser.newContext({
    extraHTTPHeaders: {
      'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
      ...headers,
    },
    userAgent: `Mozilla/5.0 vitrine-analytics-e2e/${Math.random().toString(36).slice(2)}`,
  });
  return context.newPage();
}

/**
 * Plays the video view's frame: its first seconds, then its last, to the end, and waits for
 * the frame's finish beacon to leave.
 */
async function playToTheEnd(page: Page, videoPath: string): Promise<void> {
  await page.goto(videoPath);
  const video = page.frameLocator('iframe[data-player-frame]').locator('video');
  const finished = page.waitForRequest(
    (request) =>
      request.url().endsWith(BEACON_PATH) && (request.postData() ?? '').includes('"k":"finish"'),
  );
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect(video).toHaveAttribute('data-stream', /.+/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
    .toBeGreaterThan(1.5);
  await video.evaluate((v: HTMLVideoElement) => (v.currentTime = Math.max(v.duration - 1.5, 2)));
  await finished;
}

/** The owner's number on an analytics page, reloaded until the next flush has written it. */
async function figure(page: Page, path: string, testId: string, expected: RegExp): Promise<void> {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByTestId(testId).locator('dd')).toHaveText(expected, { timeout: 500 });
  }).toPass({ timeout: 20_000 });
}

test.describe('analytics', () => {
  test('a play in one browser shows in the studio, one with Global Privacy Control does not', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.goto(grid);
    const videoPath = await page
      .locator('main a[href*="/video/"]')
      .last()
      .evaluate((a) => new URL((a as HTMLAnchorElement).href).pathname);
    const videoId = /\/video\/(\d+)/.exec(videoPath)![1];
    const analytics = `/manage/videos/${videoId}/analytics`;

    await signIn(page, 'owner@vitrine.test', undefined, '/home');
    await page.goto(analytics);
    const before = Number(await page.getByTestId('analytics-plays').locator('dd').textContent());
    const apiPlays = async () =>
      (
        (await (await page.request.get(`/api/videos/${videoId}`)).json()) as {
          stats: { plays: number };
        }
      ).stats.plays;
    const apiPlaysBefore = await apiPlays();
    const showcasePlaysBefore = await (async () => {
      await page.goto(`/manage/showcases/${showcaseId('grid')}/analytics`);
      return Number(await page.getByTestId('analytics-plays').locator('dd').textContent());
    })();

    // Declined first: its beacons reach the server before the counted play's do.
    const declining = await viewer(browser, { 'sec-gpc': '1' });
    await playToTheEnd(declining, videoPath);
    // The e2e server trusts x-test-country as GEO_COUNTRY_HEADER.
    const counted = await viewer(browser, { 'x-test-country': 'FR' });
    await playToTheEnd(counted, videoPath);

    await figure(page, analytics, 'analytics-plays', new RegExp(`^${before + 1}$`));
    // The API's Vimeo stats count it too.
    expect(await apiPlays()).toBe(apiPlaysBefore + 1);
    // The finish may come a flush after the play.
    await figure(page, analytics, 'analytics-finishes', /^[1-9]\d*$/);
    // A couple of seconds at the start and the last one and a half.
    await expect(page.getByTestId('analytics-watch-time').locator('dd')).toHaveText(
      /^00:0[1-9]$|^00:[1-5]\d$/,
    );
    await expect(page.getByTestId('chart-retention')).toBeVisible();
    await expect(page.getByTestId('countries-table')).toContainText('France');
    // The numbers behind the chart, and its CSV.
    await page.getByTestId('chart-daily').getByText('Show the numbers').click();
    await expect(page.getByTestId('chart-daily').getByRole('table')).toBeVisible();
    const csv = await page.request.get(`${analytics}.csv?days=7`);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('day,plays,finishes,watch_seconds,live_peak');
    expect(lines).toHaveLength(8);

    await figure(
      page,
      `/manage/showcases/${showcaseId('grid')}/analytics`,
      'analytics-plays',
      new RegExp(`^${showcasePlaysBefore + 1}$`),
    );
    await page.goto('/home');
    await expect(page.getByTestId('home-plays')).not.toHaveText('0');
    await expect(page.getByTestId('home-top-videos')).toBeVisible();

    // Wait one more flush: the declined play still never shows.
    await page.waitForTimeout(6_000);
    await page.goto(analytics);
    await expect(page.getByTestId('analytics-plays').locator('dd')).toHaveText(`${before + 1}`);
    await declining.context().close();
    await counted.context().close();
  });

  test('the beacon answers at once and refuses other methods', async ({ request }) => {
    const sent = await request.post(BEACON_PATH, {
      data: JSON.stringify({ k: 'play', a: 1, v: 1 }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(sent.status()).toBe(204);
    expect(sent.headers()['set-cookie']).toBeUndefined();
    expect((await request.get(BEACON_PATH)).status()).toBe(405);
  });
});

test.describe('analytics accessibility', { tag: '@accessibility' }, () => {
  test('axe finds nothing on the analytics pages in any locale or theme', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, 'owner@vitrine.test', undefined, '/home');
    await page.goto(grid);
    const videoPath = await page
      .locator('main a[href*="/video/"]')
      .first()
      .evaluate((a) => new URL((a as HTMLAnchorElement).href).pathname);
    const videoId = /\/video\/(\d+)/.exec(videoPath)![1];
    const paths = [
      `/manage/videos/${videoId}/analytics`,
      `/manage/showcases/${showcaseId('grid')}/analytics?days=7`,
      '/home',
    ];
    for (const theme of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', page.url()).href }]);
      for (const locale of LOCALES) {
        for (const path of paths) {
          await page.goto(localizePath(locale, path));
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          // The tables behind the charts too.
          await page
            .locator('main details')
            .evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
          await expectAccessible(page);
        }
      }
    }
  });
});
