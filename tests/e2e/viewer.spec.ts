import type { Page } from '@playwright/test';
import { DEMO_SHOWCASES, DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { expect, expectAccessible, islandOf, showcaseId, test } from './fixtures.ts';

const grid = `/showcase/${showcaseId('grid')}`;
const player = `/showcase/${showcaseId('player')}`;
const featured = `/showcase/${showcaseId('featured')}`;
const live = `/showcase/${showcaseId('live')}`;
const embedOnly = `/showcase/${showcaseId('embed')}`;
const password = `/showcase/${showcaseId('password')}`;

const showcase = (key: string) => DEMO_SHOWCASES.find((s) => s.key === key)!;
const videoNamed = (key: string) => DEMO_VIDEOS.find((v) => v.key === key)!;
const playerVideoNames = showcase('player').videos.map((key) => videoNamed(key).name);

/** The video view paths a list page links to, in the order it shows them. */
async function videoLinks(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const hrefs = await page
    .locator('main a[href*="/video/"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return [...new Set(hrefs)];
}

/**
 * Starts listening on the page for the frame's PLAYER_ENDED; the answer waits until it came
 * and two animation frames have passed, time for the page to have drawn what it did with it.
 */
async function playerEndedHeard(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const listening = window as Window & { playerEndedHeard?: Promise<void> };
    listening.playerEndedHeard = new Promise<void>((resolve) => {
      window.addEventListener('message', function heard(event) {
        if ((event.data as { event?: unknown } | null)?.event !== 'PLAYER_ENDED') return;
        window.removeEventListener('message', heard);
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      });
    });
  });
  return () =>
    page.evaluate(() => (window as Window & { playerEndedHeard?: Promise<void> }).playerEndedHeard);
}

/** JavaScript the page loads before any interaction, in bytes, by response bodies. */
async function scriptBytes(page: Page, path: string): Promise<number> {
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void (bytes += body.length))
        .catch(() => undefined),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return bytes;
}

test.describe('the video view', () => {
  test('is rendered on the server with its title, owner and linked description', async ({
    page,
    request,
  }) => {
    const [first] = await videoLinks(page, grid);
    const html = await (await request.get(first!)).text();
    expect(html).toContain('<h1 id="video-title"');
    expect(html).toContain(videoNamed('reel-1').name);
    expect(html).toContain('href="https://example.org/northwind/1"');

    await page.goto(first!);
    await expect(
      page.getByRole('heading', { level: 1, name: videoNamed('reel-1').name }),
    ).toBeVisible();
    await expect(page.getByTestId('video-owner')).toHaveText('Olivia Okafor');
    await expect(page.getByRole('link', { name: 'https://example.org/northwind/1' })).toBeVisible();
    await expect(page.frameLocator('iframe').locator('video')).toBeAttached();
    await expectAccessible(page);
  });

  test('frames the player with autoplay and continuous play in its address', async ({ page }) => {
    const [first] = await videoLinks(page, player);
    await page.goto(first!);
    const src = await page.locator('iframe').getAttribute('src');
    expect(src).toBe(`${first}/embed?autoplay=0&autopause=0`);
    await expect(page.locator('iframe')).toHaveAttribute(
      'title',
      `Video player: ${playerVideoNames[0]}`,
    );
  });

  test('goes Back to the album page the video stands on, replacing the address', async ({
    page,
  }) => {
    const onPage2 = await videoLinks(page, `${grid}?page=2`);
    await page.locator(`a[href="${onPage2[3]}"]`).click();
    await expect(page).toHaveURL(onPage2[3]!);
    const entries = await page.evaluate(() => history.length);
    await page.getByRole('link', { name: 'Back to showcase' }).click();
    await expect(page).toHaveURL(`${grid}?page=2`);
    expect(await page.evaluate(() => history.length)).toBe(entries);
  });

  test('wraps next and previous on page 1', async ({ page }) => {
    const onPage1 = await videoLinks(page, grid);
    await page.goto(onPage1.at(-1)!);
    await page.getByRole('link', { name: 'Next video' }).click();
    await expect(page).toHaveURL(onPage1[0]!);
    await page.getByRole('link', { name: 'Previous video' }).click();
    await expect(page).toHaveURL(onPage1.at(-1)!);
    await page.getByRole('link', { name: 'Previous video' }).click();
    await expect(page).toHaveURL(onPage1.at(-2)!);
  });

  test('goes to the featured video past either end of page 2', async ({ page }) => {
    const [featuredVideo] = await videoLinks(page, grid);
    const onPage2 = await videoLinks(page, `${grid}?page=2`);
    await page.goto(onPage2.at(-1)!);
    await page.getByRole('link', { name: 'Next video' }).click();
    await expect(page).toHaveURL(featuredVideo!);

    await page.goto(onPage2[0]!);
    await page.getByRole('link', { name: 'Previous video' }).click();
    await expect(page).toHaveURL(featuredVideo!);

    await page.goto(onPage2[0]!);
    await page.getByRole('link', { name: 'Next video' }).click();
    await expect(page).toHaveURL(onPage2[1]!);
  });

  test('shows the arrows on a desktop, and a bar under the player on a 375 px phone', async ({
    page,
  }) => {
    const onPage1 = await videoLinks(page, grid);
    await page.goto(onPage1[1]!);
    await expect(page.getByTestId('next-video')).toBeVisible();
    await expect(page.getByTestId('phone-video-nav')).toBeHidden();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByTestId('next-video')).toBeHidden();
    await expect(page.getByTestId('previous-video')).toBeHidden();
    const bar = page.getByTestId('phone-video-nav');
    await expect(bar.getByRole('link', { name: 'Previous video' })).toBeVisible();
    await bar.getByRole('link', { name: 'Next video' }).click();
    await expect(page).toHaveURL(onPage1[2]!);
    await expect(page.getByRole('link', { name: 'Back to showcase' })).toBeVisible();
    await expect(page.locator('iframe')).toBeVisible();
    await expectAccessible(page);
  });

  test('sends a video that is not in the showcase to the album', async ({ page }) => {
    const [first] = await videoLinks(page, player);
    const videoId = first!.split('/').at(-1);
    // The same video id under a showcase it is not part of (Featured Stories has reels 10–18).
    await page.goto(`${featured}/video/${videoId}`);
    await expect(page).toHaveURL(featured);
    await page.goto(`${grid}/video/999999`);
    await expect(page).toHaveURL(grid);
  });

  test('keeps access as the showcase page does', async ({ page }) => {
    // Access is decided before the video is looked up, so any video id shows the screen.
    const response = await page.goto(`${password}/video/1`);
    expect(response?.status()).toBe(401);
    await expect(page.getByPlaceholder('Enter password')).toBeVisible();
    const hidden = await page.goto(`${embedOnly}/video/1`);
    expect(hidden?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "This showcase isn't available",
    );
    await expectAccessible(page);
  });

  test('moves on to the next video when the video ends under continuous play', async ({ page }) => {
    const links = await videoLinks(page, player);
    await page.goto(links[0]!);
    const video = page.frameLocator('iframe').locator('video');
    await expect(video).toBeAttached();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play().catch(() => undefined);
      v.currentTime = v.duration;
    });
    await expect(page).toHaveURL(`${links[1]}?autoplay=1`);
    await expect(page.locator('iframe')).toHaveAttribute('src', /autoplay=1/);
  });

  test('fetches no script until its player is played, and then only the small ones it needs', async ({
    page,
  }) => {
    const [first] = await videoLinks(page, grid);
    expect(await scriptBytes(page, first!)).toBe(0);
    let bytes = 0;
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        void response.body().then((body) => void (bytes += body.length));
    });
    const video = page.frameLocator('iframe[data-player-frame]').locator('video');
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await expect(video).toHaveAttribute('data-stream', /.+/);
    await page.waitForLoadState('networkidle');
    // No React (over 100 KB), no hls.js (Chromium plays HLS itself): the frame's stream
    // choice, keyboard controls, messages and the whole player API (about 22 KB, 6 KB
    // compressed), its play beacons (1.5 KB with the live viewer's number the tab keeps:
    // src/player/playBeacons.ts), and the page's continuous play; 25.5 KB in all when last
    // measured.
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(26_000);
  });
});

test.describe('the video view with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('reads, plays in the frame and navigates with plain links', async ({ page }) => {
    const onPage1 = await videoLinks(page, grid);
    await page.goto(onPage1[0]!);
    await expect(
      page.getByRole('heading', { level: 1, name: videoNamed('reel-1').name }),
    ).toBeVisible();
    await expect(page.frameLocator('iframe').locator('video')).toHaveAttribute('controls', '');
    await page.getByRole('link', { name: 'Next video' }).click();
    await expect(page).toHaveURL(onPage1[1]!);
    await page.getByRole('link', { name: 'Back to showcase' }).click();
    await expect(page).toHaveURL(grid);
  });
});

test.describe('?video= on the showcase address', () => {
  test('opens the video view', async ({ page }) => {
    const [first] = await videoLinks(page, grid);
    const videoId = first!.split('/').at(-1);
    await page.goto(`${grid}?video=${videoId}`);
    await expect(page).toHaveURL(first!);
    await page.goto(`${player}?video=${videoId}`);
    await expect(page).toHaveURL(`${player}/video/${videoId}`);
  });

  test('stays on a live showcase, where ?page= is ignored too', async ({ page }) => {
    const response = await page.goto(`${live}?video=1&page=3`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${live}?video=1&page=3`);
    await expect(
      page.getByRole('heading', { level: 1, name: showcase('live').name }),
    ).toBeVisible();
  });
});

test.describe('the player layout', () => {
  test('starts watching from the title card and stops back to it', async ({ page }) => {
    await page.goto(player);
    await expect(page.getByTestId('title-card')).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: showcase('player').name }),
    ).toBeVisible();
    await expectAccessible(page);
    // A card says its duration once, whoever reads it; screen readers also get the word before it.
    const card = page.locator('[data-video]').first();
    await expect(card).toHaveAccessibleName(/^Duration \d\d:\d\d /);
    expect((await card.textContent())!.match(/\d\d:\d\d/g)).toHaveLength(1);

    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);
    await expect(page).toHaveURL(player);
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('src', /\/video\/\d+\/embed\?autoplay=1&autopause=0$/);
    await expect(page.frameLocator('iframe').locator('video')).toHaveAttribute('autoplay', '');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect(page.getByTestId('title-card')).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start watching' })).toBeFocused();
  });

  test('wraps next from the last video to the first and previous back', async ({ page }) => {
    await page.goto(player);
    // The last video is on the second page of the row.
    await page.getByRole('link', { name: 'Load more' }).click();
    await page.getByRole('link', { name: playerVideoNames.at(-1)! }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(
      `Now playing: ${playerVideoNames.at(-1)}`,
    );
    await page.getByRole('button', { name: 'Next video' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);
    await page.getByRole('button', { name: 'Previous video' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(
      `Now playing: ${playerVideoNames.at(-1)}`,
    );
    await page.getByRole('button', { name: 'Previous video' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(
      `Now playing: ${playerVideoNames.at(-2)}`,
    );
  });

  test('wraps previous from the first video to the last of the whole showcase', async ({
    page,
  }) => {
    await page.goto(player);
    // Only the first page of the row is there: the last video is not loaded yet.
    await expect(page.getByRole('link', { name: playerVideoNames.at(-1)! })).toHaveCount(0);
    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);
    await page.getByRole('button', { name: 'Previous video' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(
      `Now playing: ${playerVideoNames.at(-1)}`,
    );
    // The row now holds the whole showcase, its locked videos too.
    await expect(page.locator('[aria-labelledby="player-showcase-row"] li')).toHaveCount(
      playerVideoNames.length,
    );
    await expect(page.getByRole('button', { name: 'Previous video' })).toBeFocused();
    // And back: Next from the last goes to the first, not to a video after the loaded ones.
    await page.getByRole('button', { name: 'Next video' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);
  });

  test('advances when the frame reports PLAYER_ENDED, unless autoplay next is off', async ({
    page,
  }) => {
    await page.goto(player);
    await page.getByRole('link', { name: 'Start watching' }).click();
    const endVideo = () =>
      page
        .frameLocator('iframe')
        .locator('video')
        .evaluate(async (v: HTMLVideoElement) => {
          await new Promise((resolve) =>
            v.readyState >= 1
              ? resolve(null)
              : v.addEventListener('loadedmetadata', resolve, { once: true }),
          );
          v.muted = true;
          await v.play().catch(() => undefined);
          v.currentTime = v.duration;
        });
    await endVideo();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[1]}`);

    await page.getByRole('checkbox', { name: 'Autoplay next video' }).uncheck();
    const heard = await playerEndedHeard(page);
    await endVideo();
    // The island has had the message (its listener runs before this later one) and a frame
    // has been drawn since: had it moved on, the page would show it now.
    await heard();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[1]}`);
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    await page.goto(player);
    const focusOn = async (name: string) => {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab');
        const label = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
        if (label.includes(name)) return;
      }
      throw new Error(`never reached ${name}`);
    };
    await focusOn('Start watching');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('now-playing')).toBeFocused();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);

    await focusOn('Next video');
    // The first video lasts four seconds and, with autoplay next on, plays on into the second
    // by itself on a slow run: Next goes on from whichever plays when it is pressed.
    const playing = (await page.getByTestId('now-playing').textContent()) ?? '';
    const current = playerVideoNames.findIndex((name) => playing === `Now playing: ${name}`);
    expect(current).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('now-playing')).toHaveText(
      `Now playing: ${playerVideoNames[current + 1]}`,
    );
    await expect(page.getByRole('button', { name: 'Next video' })).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('title-card')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start watching' })).toBeFocused();

    // A video of the row plays in place from the keyboard too.
    await page.getByRole('link', { name: playerVideoNames[2]! }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[2]}`);
  });

  test('shows on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(player);
    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page.locator('iframe')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next video' })).toBeVisible();
    await expectAccessible(page);
  });

  test('fetches no script until someone reaches for it, and plays on the first click', async ({
    page,
  }) => {
    // The directive is inline; the island's module comes with the first interaction.
    expect(await scriptBytes(page, player)).toBe(0);
    await expect(islandOf(page, 'PlayerShowcase', 'server')).toHaveCount(1);

    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page.getByTestId('now-playing')).toHaveText(`Now playing: ${playerVideoNames[0]}`);
    await expect(page).toHaveURL(player);
    await expect(islandOf(page, 'PlayerShowcase', 'hydrated')).toHaveCount(1);
  });

  test('follows the link of the first click when the island cannot load', async ({ page }) => {
    // Astro asks once more, a second later, with ?astro-retry= on the address.
    await page.route(/\/_astro\/PlayerShowcase\.[^/]*\.js(\?|$)/, (route) => route.abort());
    await page.goto(player);
    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page).toHaveURL(/\/showcase\/\d+\/video\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: playerVideoNames[0]! })).toBeVisible();
  });
});

test.describe('the player layout with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('starts watching in the video view', async ({ page }) => {
    await page.goto(player);
    await page.getByRole('link', { name: 'Start watching' }).click();
    await expect(page).toHaveURL(/\/showcase\/\d+\/video\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: playerVideoNames[0]! })).toBeVisible();
  });

  test('loads more with a plain link', async ({ page }) => {
    const perPage = 12;
    await page.goto(player);
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(perPage);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(`${player}?page=2`);
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(
      Math.min(2 * perPage, playerVideoNames.length),
    );
  });
});

test.describe('the player layout shown offsite, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('loads more keeping referrer and is_embed', async ({ page }) => {
    await page.goto(`${player}?referrer=partner.test&is_embed=1`);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page).toHaveURL(`${player}?referrer=partner.test&is_embed=1&page=2`);
  });
});

test.describe('the featured layout', () => {
  test('shows the first video in the hero and the others in the grid', async ({ page }) => {
    const [featuredKey, ...others] = showcase('featured').videos;
    await page.goto(featured);
    const hero = page.getByTestId('featured-video');
    await expect(
      hero.getByRole('heading', { level: 2, name: videoNamed(featuredKey!).name }),
    ).toBeVisible();
    await expect(hero.getByText('Featured', { exact: true })).toBeVisible();
    await expect(hero.getByText('Duration 01:02:05')).toBeVisible();
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards).toHaveCount(others.length);
    await expect(cards.filter({ hasText: videoNamed(featuredKey!).name })).toHaveCount(0);
    await expectAccessible(page);

    await hero.getByRole('link', { name: `Play ${videoNamed(featuredKey!).name}` }).click();
    await expect(page).toHaveURL(/\/video\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: videoNamed(featuredKey!).name }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('opens a grid video in the video view', async ({ page }) => {
    await page.goto(featured);
    // A safe one: signed out, mature and unrated videos need an account (contentGates.spec.ts).
    const { name } = showcase('featured')
      .videos.slice(1)
      .map(videoNamed)
      .find((video) => !video.contentRating)!;
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('shows on a 375 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(featured);
    await expect(page.getByTestId('featured-video')).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the live layout', () => {
  test('badges each event LIVE or UPCOMING', async ({ page }) => {
    await page.goto(live);
    const card = (key: string) =>
      page.getByRole('article').filter({ hasText: videoNamed(key).name });
    await expect(card('live-now').getByTestId('live-badge')).toHaveText('LIVE');
    await expect(card('live-soon').getByTestId('live-badge')).toHaveText('UPCOMING');
    await expect(card('live-weekly').getByTestId('live-badge')).toHaveText('UPCOMING');
    await expectAccessible(page);
  });
});

test.describe('the embed-only layout', () => {
  test('is not available on its own address', async ({ page }) => {
    const response = await page.goto(embedOnly);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "This showcase isn't available",
    );
  });

  test('is shown in its frame, which any site may frame', async ({ page }) => {
    const response = await page.goto(`${embedOnly}/embed`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain('frame-ancestors *');
    await expect(
      page.getByRole('heading', { level: 1, name: showcase('embed').name }),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('plays its videos in the frame, and its embedded video view keeps Back to the frame', async ({
    page,
  }) => {
    const name = videoNamed(showcase('embed').videos[1]!).name;
    await page.goto(`${embedOnly}/embed`);
    const link = page.getByRole('link', { name });
    await link.click();
    await expect(link).toHaveAttribute('aria-current', 'true');
    const id = await link.getAttribute('data-embed-item');
    await expect(page.locator('iframe[data-embed-player]')).toHaveAttribute(
      'src',
      new RegExp(`/video/${id}/embed\\?autoplay=1`),
    );
    await expect(page.frameLocator('iframe[data-embed-player]').locator('video')).toBeAttached();
    await expect(page).toHaveURL(new RegExp(`${embedOnly}/embed\\?video=${id}$`));

    const firstName = videoNamed(showcase('embed').videos[0]!).name;
    const firstId = await page
      .getByRole('link', { name: firstName })
      .getAttribute('data-embed-item');
    await page.goto(`${embedOnly}/embed2?video=${firstId}`);
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    await expect(page.frameLocator('iframe').locator('video')).toBeAttached();
    // Links leaving the showcase open a new tab (SPEC §6).
    await expect(page.getByRole('link', { name: /^https:\/\// }).first()).toHaveAttribute(
      'target',
      '_blank',
    );
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to showcase' }).click();
    await expect(page).toHaveURL(`${embedOnly}/embed`);
  });

  test('sends embed2 without a video back to the frame', async ({ page }) => {
    await page.goto(`${embedOnly}/embed2`);
    await expect(page).toHaveURL(`${embedOnly}/embed`);
  });
});

test.describe('the player frame', () => {
  test('plays the smallest MP4 of at least 360 lines with a poster', async ({ page, request }) => {
    const [first] = await videoLinks(page, grid);
    const response = await request.get(`${first}/embed?autoplay=1`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-security-policy']).toContain('frame-ancestors *');
    await page.goto(`${first}/embed?autoplay=1`);
    const video = page.locator('video');
    const mp4 = video.locator('source[type="video/mp4"]');
    await expect(mp4).toHaveAttribute('src', /\/media\/.+sd\.mp4/);
    await expect(video).toHaveAttribute('poster', /\/thumbnails\//);
    await expect(video).toHaveAttribute('muted', '');
    await expect(video).toHaveAttribute('playsinline', '');
    const media = await request.get((await mp4.getAttribute('src'))!);
    expect(media.headers()['content-type']).toBe('video/mp4');
    await expectAccessible(page);
  });

  test('does not autoplay without autoplay=1', async ({ page }) => {
    const [first] = await videoLinks(page, grid);
    await page.goto(`${first}/embed`);
    await expect(page.locator('video')).not.toHaveAttribute('autoplay', '');
  });

  test('answers not available for a video outside the showcase', async ({ page }) => {
    const response = await page.goto(`${grid}/video/999999/embed`);
    expect(response?.status()).toBe(404);
  });
});

test.describe('several players on one page', () => {
  test('pause each other when one starts, unless framed with autopause=0', async ({
    page,
    request,
  }) => {
    const videos = (await (
      await request.get(`/api/albums/${showcaseId('grid')}/videos?per_page=3&fields=uri`)
    ).json()) as { data: { uri: string }[] };
    const [a, b, c] = videos.data.map((v) => v.uri.split('/').pop());
    const grid = `/showcase/${showcaseId('grid')}`;
    await page.goto(grid);
    await page.evaluate(
      ([base, frames]) => {
        for (const [name, query] of frames) {
          const frame = document.createElement('iframe');
          frame.name = name;
          frame.title = name;
          frame.src = `${base}${query}`;
          document.body.append(frame);
        }
      },
      [
        `${grid}/video/`,
        [
          ['a', `${a}/embed?autoplay=0`],
          ['b', `${b}/embed?autoplay=0&autopause=0`],
          ['c', `${c}/embed?autoplay=0`],
        ],
      ] as const,
    );
    const player = (name: string) => page.frameLocator(`iframe[name="${name}"]`).locator('video');
    const play = (name: string) =>
      player(name).evaluate(async (video: HTMLVideoElement) => {
        video.muted = true;
        await video.play();
      });
    const paused = (name: string) =>
      player(name).evaluate((video: HTMLVideoElement) => video.paused);

    await play('a');
    await play('b');
    await expect.poll(() => paused('a')).toBe(true);
    await play('c');
    // b was framed with autopause=0 (continuous play): it goes on playing.
    await expect.poll(() => paused('b')).toBe(false);
    await expect.poll(() => paused('c')).toBe(false);
  });
});
