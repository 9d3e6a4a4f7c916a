/**
 * The content gates of SPEC §5: the log-in gate on mature and unrated videos for signed-out
 * viewers, the mature-content filter in every layout, search, the API and the frames, and
 * the age gate in the regulated region. Locked videos keep their place and never carry a
 * media link.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom, signIn } from './session.ts';
import { LOCALES } from '../../src/lib/domain.ts';

const grid = `/showcase/${showcaseId('grid')}`;
const CALIFORNIA = { 'x-test-country': 'US', 'x-test-region': 'US-CA' };
const UK = { 'x-test-country': 'GB' };
/** Media keys of the demo's explicit and unrated videos: never in a page of a viewer who may not watch them. */
const RESTRICTED_MEDIA = ['demo/reel-6/', 'demo/reel-10/'];

async function expectNoRestrictedMedia(page: Page): Promise<void> {
  const html = await page.content();
  for (const key of RESTRICTED_MEDIA) expect(html).not.toContain(key);
}

/** Chooses a preset in the filter form on the page (the footer's or /settings) and saves it. */
async function saveFilter(
  page: Page,
  preset: 'Everything' | 'Safest',
  scope = page.locator('main'),
): Promise<void> {
  await scope.getByRole('radio', { name: new RegExp(`^${preset}`) }).check();
  await scope.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your preferences were successfully updated.')).toBeVisible();
}

async function newPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; headers?: Record<string, string> } = {},
): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    extraHTTPHeaders: options.headers ?? {},
  });
  return context.newPage();
}

test.describe('the log-in gate', () => {
  test('locks mature and unrated videos in place for a signed-out viewer, and opens them once logged in', async ({
    page,
  }) => {
    await page.goto(grid);
    await expect(page.getByTestId('range')).toHaveText('1 - 12 of 34');
    const locked = page.locator('li[data-locked="log_in"]');
    await expect(locked).toHaveCount(2);
    await expect(locked.getByTestId('locked-rating')).toHaveText([
      'Rating: Explicit',
      'Rating: Unrated',
    ]);
    await expectNoRestrictedMedia(page);
    await expectAccessible(page);

    await page.getByRole('link', { name: /^Log in to watch\W+Coastal storm$/ }).click();
    await page.getByLabel('Email').fill('member@vitrine.test');
    await page.getByLabel('Password').fill('vitrine-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/showcase\/1\/video\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coastal storm' })).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="Video player: Coastal storm"]').locator('video'),
    ).toBeAttached();
  });

  test('shows why in the video view, the player frame and the API, with no media link', async ({
    page,
    request,
  }) => {
    await page.goto(grid);
    const redirect = new URL(
      (await page
        .getByRole('link', { name: /^Log in to watch\W+Desert bloom$/ })
        .getAttribute('href'))!,
      'http://x',
    ).searchParams.get('redirect')!;
    const videoId = redirect.split('/').pop();

    const view = await page.goto(redirect);
    expect(view?.status()).toBe(200);
    await expect(
      page.getByTestId('video-locked').getByRole('heading', { name: 'Log in to watch' }),
    ).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.getByTestId('download')).toHaveCount(0);
    await expectNoRestrictedMedia(page);
    await expectAccessible(page);

    await page.goto(`${redirect}/embed`);
    await expect(page.getByText('Log in to watch the videos in this collection.')).toBeVisible();
    await expect(page.locator('video')).toHaveCount(0);

    const api = await (
      await request.get(`/api/albums/${showcaseId('grid')}/videos/${videoId}`)
    ).json();
    expect(api).toMatchObject({
      name: 'Desert bloom',
      content_rating_class: 'unrated',
      content_lock: 'log_in',
      play: { hls: null, progressive: [] },
      download: [],
    });
    expect(api.pictures.sizes).toEqual([]);
  });
});

test.describe('the mature-content filter', () => {
  test('"Safest" locks what it leaves out in every layout, search and the API, without JavaScript', async ({
    browser,
  }) => {
    const page = await newPage(browser, { javaScriptEnabled: false, headers: CALIFORNIA });
    await page.goto(grid);
    const footer = page.getByRole('contentinfo');
    await footer.getByText('Mature content filter').first().click();
    await saveFilter(page, 'Safest', footer);

    // The grid: both stay in their places, untitled, and the counts do not move.
    await expect(page.getByTestId('range')).toHaveText('1 - 12 of 34');
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(2);
    await expect(page.getByText('Hidden by your content filter')).toHaveCount(2);
    await expect(page.getByText('Coastal storm')).toHaveCount(0);
    await expectNoRestrictedMedia(page);

    // The featured layout's grid, the player layout's row, the search page.
    await page.goto(`/showcase/${showcaseId('featured')}`);
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(1);
    await page.goto(`/showcase/${showcaseId('player')}`);
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(2);
    await expectNoRestrictedMedia(page);
    await page.goto(`${grid}/search?q=desert`);
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(1);
    await expect(page.getByText('Desert bloom')).toHaveCount(0);

    // The API, with the same cookie.
    const body = await (
      await page.request.get(`/api/albums/${showcaseId('grid')}/videos?per_page=100`)
    ).json();
    const locked = body.data.filter(
      (v: { content_lock: string | null }) => v.content_lock === 'content_filter',
    );
    expect(body.total).toBe(34);
    expect(
      locked.map((v: { name: string; content_rating_class: string }) => [
        v.name,
        v.content_rating_class,
      ]),
    ).toEqual([
      ['', 'mature'],
      ['', 'unrated'],
    ]);
    expect(JSON.stringify(locked)).not.toContain('/media/');

    // "Change content filter" leads to the filter, which comes back to the list.
    await page.goto(grid);
    await page.getByRole('link', { name: 'Change content filter' }).first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mature content filter' }),
    ).toBeVisible();
    await saveFilter(page, 'Everything');
    await expect(page).toHaveURL(grid + '#footer-preferences-saved');
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(0);
    await expect(page.locator('li[data-locked="log_in"]')).toHaveCount(2);
    await page.context().close();
  });

  test('is kept on the account when signed in, on every device', async ({ browser }) => {
    const first = await newPage(browser);
    await signIn(first, 'viewer@vitrine.test');
    await first.goto(`/settings?return_to=${encodeURIComponent(grid)}`);
    await expectAccessible(first);
    await saveFilter(first, 'Safest');
    await expect(first.locator('li[data-locked="content_filter"]')).toHaveCount(2);
    await first.context().close();

    const second = await newPage(browser);
    await signIn(second, 'viewer@vitrine.test', 'vitrine-demo', grid);
    await expect(second.locator('li[data-locked="content_filter"]')).toHaveCount(2);
    await second.goto(`/settings?return_to=${encodeURIComponent(grid)}`);
    await expect(second.getByRole('radio', { name: /^Safest/ })).toBeChecked();
    await saveFilter(second, 'Everything');
    // Signed in, the log-in gate no longer applies either.
    await expect(second.locator('li[data-locked]')).toHaveCount(0);
    await second.context().close();
  });

  test('refuses another site’s post, unknown ratings and a tampered cookie with a clear answer', async ({
    request,
    baseURL,
    browser,
  }) => {
    // A signed-out viewer's filter is their own cookie: the site's own form needs no token
    // (pages stay free of per-viewer tokens, hence cacheable); a form from another site is refused.
    const noToken = await request.post('/settings', {
      form: { content_rating: 'safest', return_to: grid },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(noToken.status()).toBe(303);
    const crossSite = await request.post('/settings', {
      form: { content_rating: 'safest', return_to: grid },
      headers: { Origin: 'https://elsewhere.example' },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.text()).toContain('Permission Denied');

    const token = await csrfTokenFrom(request, `/showcase/${showcaseId('password')}`);
    const unknown = await request.post('/settings', {
      form: { token, content_rating: 'adult', return_to: grid },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(400);
    expect(await unknown.text()).toContain('Sorry, something went wrong. Please try again.');
    const json = await request.post('/settings', {
      data: { token, content_ratings: ['safe', 'gore'] },
      headers: { Origin: baseURL!, 'X-Requested-With': 'XMLHttpRequest' },
    });
    expect(json.status()).toBe(400);
    expect(await json.json()).toEqual({
      ok: false,
      message: 'Sorry, something went wrong. Please try again.',
    });

    const tampered = await browser.newContext();
    await tampered.addCookies([
      { name: 'content_rating', value: 'custom:gore.explicit', url: baseURL! },
    ]);
    const page = await tampered.newPage();
    expect((await page.goto(grid))?.status()).toBe(200);
    await expect(page.locator('li[data-locked="content_filter"]')).toHaveCount(0);
    await expect(page.locator('li[data-locked="log_in"]')).toHaveCount(2);
    await tampered.close();
  });
});

test.describe('the age gate', () => {
  test('stands before a public showcase with mature videos for a signed-out viewer in the UK, without JavaScript', async ({
    browser,
  }) => {
    const page = await newPage(browser, { javaScriptEnabled: false, headers: UK });
    for (const path of [grid, `${grid}/video/1`, `${grid}/search?q=harbour`]) {
      expect((await page.goto(path))?.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: 'This content may be mature' }),
      ).toBeVisible();
      await expect(page.getByText('Harbour at dawn')).toHaveCount(0);
      expect(await page.content()).not.toContain('/media/');
    }
    await page.goto(grid);
    await page.getByRole('button', { name: "I'm 18 or older" }).click();
    await expect(page).toHaveURL(grid);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
    // Remembered for the session; the log-in gate still stands before the mature videos.
    await page.goto(`${grid}?page=2`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
    await page.goto(grid);
    await expect(page.locator('li[data-locked="log_in"]')).toHaveCount(2);
    await expectNoRestrictedMedia(page);
    await page.context().close();
  });

  test('lets a viewer log in to confirm their age, and is accessible', async ({ browser }) => {
    const page = await newPage(browser, { headers: UK });
    await page.goto(grid);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Log in to confirm your age' }).click();
    await page.getByLabel('Email').fill('member@vitrine.test');
    await page.getByLabel('Password').fill('vitrine-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(grid);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
    await page.context().close();
  });

  test('is not shown offsite, nor for a showcase without mature or unrated videos', async ({
    browser,
  }) => {
    const page = await newPage(browser, { headers: UK });
    await page.goto(`${grid}?app=showcase`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
    await page.goto(`/showcase/${showcaseId('dark')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift' })).toBeVisible();
    await page.context().close();
  });
});

test.describe(
  'the screens of the gates in every language and theme',
  { tag: '@accessibility' },
  () => {
    for (const locale of LOCALES) {
      test(`are accessible in ${locale}, light and dark`, async ({ browser, baseURL }) => {
        const prefix = locale === 'en' ? '' : `/${locale}`;
        for (const theme of ['light', 'dark']) {
          const context = await browser.newContext({ extraHTTPHeaders: UK });
          await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
          const page = await context.newPage();
          await page.goto(`${prefix}/showcase/${showcaseId('private')}`);
          await expectAccessible(page);
          await page.goto(`${prefix}${grid}`);
          await expect(page.getByTestId('age-gate')).toBeVisible();
          await expectAccessible(page);
          await page.locator('form[action$="/age_gate"] button').click();
          await expect(page.locator('li[data-locked="log_in"]')).toHaveCount(2);
          await expectAccessible(page);
          await context.close();
        }
      });
    }
  },
);
