/**
 * Public pages fetch no JavaScript before someone interacts with them, on a phone: the inline
 * directive (src/islands/interactionDirective.ts) and loader (src/islands/lazyLoader.ts) fetch a
 * page's behaviour on first use, and the player frame fetches neither script nor media until it
 * is played. The first interaction still does what it would have done with everything loaded
 * upfront.
 */
import type { Page } from '@playwright/test';
import { expect, islandOf, showcaseId, test } from './fixtures.ts';

const grid = `/showcase/${showcaseId('grid')}`;
const player = `/showcase/${showcaseId('player')}`;
const featured = `/showcase/${showcaseId('featured')}`;
const dark = `/showcase/${showcaseId('dark')}`;

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Records the page's (and its frames') script, stylesheet and media responses from now on. */
function watchFetches(page: Page): { scripts: string[]; stylesheets: string[]; media: string[] } {
  const seen = { scripts: [] as string[], stylesheets: [] as string[], media: [] as string[] };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script') seen.scripts.push(response.url());
    if (type === 'stylesheet') seen.stylesheets.push(response.url());
    if (type === 'media' || /\.(m3u8|ts|m4s|mp4)(\?|$)/.test(new URL(response.url()).pathname))
      seen.media.push(response.url());
  });
  return seen;
}

/** Loads a page and lets it settle: every frame loaded, the network quiet. */
async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
}

async function firstVideoView(page: Page): Promise<string> {
  await page.goto(grid);
  return new URL(
    (await page.locator('main a[href*="/video/"]').first().getAttribute('href'))!,
    page.url(),
  ).pathname;
}

test.describe('before the first interaction, on a phone', () => {
  for (const [name, path] of [
    ['the home page', '/'],
    ['a grid showcase', grid],
    ['a player showcase', player],
    ['a featured showcase', featured],
    ['a dark showcase', dark],
    ['the stock pages', '/stock'],
  ] as const) {
    test(`${name} fetches no script, and no stylesheet: its styles come inline, allowed by its policy`, async ({
      page,
    }) => {
      const fetched = watchFetches(page);
      await settle(page, path);
      expect(fetched.scripts).toEqual([]);
      expect(fetched.stylesheets).toEqual([]);
      // The reset of the inline sheet applied (a browser's own margin is 8px).
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    });
  }

  test('the video view fetches no script, and its player frame no media', async ({ page }) => {
    const view = await firstVideoView(page);
    const fetched = watchFetches(page);
    await settle(page, view);
    expect(fetched.scripts).toEqual([]);
    expect(fetched.media).toEqual([]);
    await expect(page.frameLocator('iframe[data-player-frame]').locator('video')).toHaveAttribute(
      'poster',
      /.+/,
    );
  });
});

test.describe('the first interaction, on a phone', () => {
  test('typing a search shows results, React adopting the form the server rendered', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const fetched = watchFetches(page);
    await settle(page, grid);
    const field = page.getByRole('searchbox', { name: 'Search this showcase' });
    const before = await field.elementHandle();
    await field.fill('reel');
    await expect(page.getByRole('region', { name: 'Results for “reel”' })).toBeVisible();
    await expect(islandOf(page, 'Search', 'hydrated')).toHaveCount(1);
    expect(fetched.scripts.length).toBeGreaterThan(0);
    // Hydrated, not replaced: the same field, still focused, and no hydration error.
    expect(
      await before!.evaluate((input) => input.isConnected && document.activeElement === input),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a tap on Start watching before anything loaded plays in place', async ({ page }) => {
    await page.goto(player, { waitUntil: 'commit' });
    await page.getByRole('link', { name: 'Start watching' }).tap();
    await expect(page.getByTestId('now-playing')).toBeVisible();
    await expect(page).toHaveURL(player);
  });

  test('playing the video view’s player fetches its behaviour and plays', async ({ page }) => {
    const view = await firstVideoView(page);
    await settle(page, view);
    const fetched = watchFetches(page);
    const video = page.frameLocator('iframe[data-player-frame]').locator('video');
    // Attaching hls.js may abort this first play(); the player plays on by itself.
    await video.evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      void v.play().catch(() => undefined);
    });
    await expect(video).toHaveAttribute('data-stream', /^(native-hls|hls\.js)$/);
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0.3);
    expect(fetched.scripts.length).toBeGreaterThan(0);
    expect(fetched.media.length).toBeGreaterThan(0);
  });

  test('the first key pressed in the player frame acts once its behaviour arrived', async ({
    page,
  }) => {
    const view = await firstVideoView(page);
    const src = await (async () => {
      await page.goto(view);
      return page.locator('iframe[data-player-frame]').getAttribute('src');
    })();
    await settle(page, src!);
    const video = page.locator('video');
    await video.evaluate((v: HTMLVideoElement) => (v.muted = true));
    await page.locator('main').press('k');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
  });
});
