import type { Browser, Page, Request } from '@playwright/test';
import { expect, expectAccessible, islandOf, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const gridId = showcaseId('grid');
const grid = `/showcase/${gridId}`;
const team = `/showcase/${showcaseId('team')}`;
const START = new Date('2026-03-02T09:00:00Z');

/** Calls of the search API the page makes. */
function searchCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === `/api/albums/${gridId}/videos` && url.searchParams.has('query'))
      calls.push(request);
  });
  return calls;
}

/**
 * Waits until every request the page has made so far has reached the test: the page makes one
 * more, and the browser reports requests in the order they were made. Only then does "no
 * search call yet" mean that none was made.
 */
async function requestsReported(page: Page): Promise<void> {
  const marker = `/healthz?reported=${Math.random()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(marker));
  await page.evaluate((url) => void fetch(url), marker);
  await seen;
}

/** The grid page with the page's clock under the test's control (SPEC §9 debounce 1 s). */
async function openGrid(page: Page): Promise<void> {
  await page.clock.install({ time: START });
  await page.goto(grid);
  await page.clock.pauseAt(new Date(START.getTime() + 60_000));
}

/**
 * axe-core waits on timers, so it runs with the clock flowing; the clock is paused again
 * afterwards. Only for states with no debounce pending.
 */
async function expectAccessibleNow(page: Page): Promise<void> {
  await page.clock.resume();
  await expectAccessible(page);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(new Date(now + 500));
}

/** axe-core cannot run where JavaScript is off: the same URL is checked in a page that runs it. */
async function expectAccessibleAt(browser: Browser, url: string): Promise<void> {
  // Contexts made in a test inherit its options: JavaScript must be asked for.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  await page.goto(url);
  await expectAccessible(page);
  await context.close();
}

function searchField(page: Page) {
  return page.getByRole('searchbox', { name: 'Search this showcase' });
}

/** The results view whatever it shows: without text it is titled "Search results". */
function resultsView(page: Page) {
  return page.getByRole('region', { name: /^(Search results|Results for)/ });
}

function resultsFor(page: Page, text: string) {
  return page.getByRole('region', { name: `Results for “${text}”` });
}

/** Types into the field and waits for the island to have taken the text (it hydrates on first use). */
async function typeSearch(page: Page, text: string): Promise<void> {
  await searchField(page).fill(text);
  await expect(islandOf(page, 'Search', 'hydrated')).toHaveCount(1);
  await expect(resultsFor(page, text).getByText('Searching…')).toBeVisible();
}

test.describe('searching a showcase', () => {
  test('shows results once typing has paused for a second, in place of the grid', async ({
    page,
  }) => {
    const calls = searchCalls(page);
    await openGrid(page);
    await expect(page.getByRole('search', { name: 'Search this showcase' })).toBeVisible();
    await expectAccessibleNow(page);

    await typeSearch(page, 'glass');
    await expect(page.getByTestId('range')).toBeHidden();
    await page.clock.runFor(999);
    await requestsReported(page);
    expect(calls).toHaveLength(0);

    await page.clock.runFor(1);
    const results = resultsFor(page, 'glass');
    const hit = results.getByRole('link', { name: 'Glass studio' });
    await expect(hit).toBeVisible();
    await expect(hit).toHaveAttribute('href', new RegExp(`^/showcase/${gridId}/video/\\d+$`));
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url()).searchParams.get('per_page')).toBe('25');
    await expectAccessibleNow(page);

    // Starting a video leaves the search: the result is a link to the video page.
    await hit.click();
    await expect(page).toHaveURL(new RegExp(`/showcase/${gridId}/video/\\d+$`));
  });

  test('shows the dark results view on a light page, searching and with results', async ({
    page,
  }) => {
    /** The brightest channel of an element's background: low is dark, high is light. */
    const brightness = (selector: string) =>
      page.evaluate((target) => {
        const element =
          target === 'html' ? document.documentElement : document.querySelector(target)!;
        const channels = getComputedStyle(element).backgroundColor.match(/\d+/g)!.slice(0, 3);
        return Math.max(...channels.map(Number));
      }, selector);
    await openGrid(page);
    expect(await brightness('html')).toBeGreaterThan(200);
    await typeSearch(page, 'glass');
    expect(await brightness('section[data-state="searching"]')).toBeLessThan(60);
    await page.clock.runFor(1_000);
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    expect(await brightness('section[data-state="results"]')).toBeLessThan(60);
    await expect(resultsFor(page, 'glass').getByRole('heading', { level: 2 })).toHaveCSS(
      'color',
      /^rgb\((2[0-9]{2}), (2[0-9]{2}), (2[0-9]{2})\)$/,
    );
    // The page around it stays light, and the grid gives way to it.
    expect(await brightness('html')).toBeGreaterThan(200);
    await expect(page.getByTestId('range')).toBeHidden();
  });

  test('waits for the last keystroke before calling', async ({ page }) => {
    const calls = searchCalls(page);
    await openGrid(page);
    await typeSearch(page, 'gl');
    await page.clock.runFor(700);
    await searchField(page).fill('glass');
    await page.clock.runFor(700);
    await requestsReported(page);
    expect(calls).toHaveLength(0);
    await page.clock.runFor(300);
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    expect(calls.map((c) => new URL(c.url()).searchParams.get('query'))).toEqual(['glass']);
  });

  test('is accessible while the search is on its way', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === `/api/albums/${gridId}/videos` && url.searchParams.has('query'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await openGrid(page);
    await typeSearch(page, 'glass');
    await page.clock.runFor(1_000);
    await expect(resultsFor(page, 'glass')).toHaveAttribute('aria-busy', 'true');
    await expect(islandOf(page, 'Search', 'hydrated').getByRole('status')).toHaveText('Searching…');
    await expectAccessibleNow(page);
    release();
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    await expect(islandOf(page, 'Search', 'hydrated').getByRole('status')).toHaveText('1 - 1 of 1');
  });

  test('says there are no results for nonsense', async ({ page }) => {
    await openGrid(page);
    await typeSearch(page, 'qzxjvbw');
    await page.clock.runFor(1_000);
    await expect(resultsFor(page, 'qzxjvbw').getByText('No results. Try again?')).toBeVisible();
    // Said once: by the live region, which the panel's words do not repeat to a screen reader.
    const spoken = await page.locator('body').ariaSnapshot();
    expect(spoken.split('No results. Try again?')).toHaveLength(2);
    await expectAccessibleNow(page);
  });

  test('shows the error state when the search call fails', async ({ page }) => {
    await page.route(
      (url) => url.pathname === `/api/albums/${gridId}/videos` && url.searchParams.has('query'),
      (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":"Technical Difficulties"}',
        }),
    );
    await openGrid(page);
    await typeSearch(page, 'glass');
    await page.clock.runFor(1_000);
    const results = resultsFor(page, 'glass');
    await expect(results.getByText('Please try again')).toBeVisible();
    await expect(
      results.getByText('Sorry, something went wrong during your search.'),
    ).toBeVisible();
    await expectAccessibleNow(page);
  });

  test('closes when the text is emptied, and brings the grid back', async ({ page }) => {
    await openGrid(page);
    await typeSearch(page, 'glass');
    await page.clock.runFor(1_000);
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    await searchField(page).fill('');
    await expect(resultsView(page)).toHaveCount(0);
    await expect(page.getByTestId('range')).toBeVisible();
    await expect(page.getByTestId('range')).toHaveText('1 - 12 of 34');
    await expectAccessibleNow(page);
  });

  test('resets on Escape and on the close button', async ({ page }) => {
    await openGrid(page);
    await typeSearch(page, 'glass');
    await page.clock.runFor(1_000);
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    await searchField(page).press('Escape');
    await expect(searchField(page)).toHaveValue('');
    await expect(page.getByTestId('range')).toBeVisible();

    await typeSearch(page, 'night');
    await page.clock.runFor(1_000);
    await expect(
      resultsFor(page, 'night').getByRole('link', { name: 'Night market' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Close search' }).click();
    await expect(searchField(page)).toHaveValue('');
    await expect(searchField(page)).toBeFocused();
    await expect(page.getByTestId('range')).toBeVisible();
  });

  test('stays closed when a search on its way is answered after closing', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) =>
        url.pathname === `/api/albums/${gridId}/videos` &&
        url.searchParams.get('query') === 'glass',
      async (route) => {
        await held;
        // The page may have given up on it already.
        await route.continue().catch(() => undefined);
      },
    );
    await openGrid(page);
    const asked = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('query') === 'glass',
    );
    await typeSearch(page, 'glass');
    await page.clock.runFor(1_000);
    const search = await asked;
    await searchField(page).press('Escape');
    await expect(page.getByTestId('range')).toBeVisible();

    release();
    // The answer has reached the page, or the page cancelled the call: either way it is settled.
    await (await search.response())?.finished();
    await requestsReported(page);
    await expect(resultsView(page)).toHaveCount(0);
    await expect(page.getByTestId('range')).toBeVisible();
  });

  test('searches at once on Enter, and reloads the results when the page changes', async ({
    page,
  }) => {
    const calls = searchCalls(page);
    await openGrid(page);
    await typeSearch(page, 'northwind');
    await searchField(page).press('Enter');
    const results = resultsFor(page, 'northwind');
    await expect(results.getByTestId('search-range')).toHaveText('1 - 25 of 34');
    await expect(results.getByRole('article')).toHaveCount(25);
    await results.getByRole('button', { name: 'Next page' }).click();
    await expect(results.getByTestId('search-range')).toHaveText('26 - 34 of 34');
    await expect(results.getByRole('article')).toHaveCount(9);
    await expect(results.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(calls.map((c) => new URL(c.url()).searchParams.get('page'))).toEqual(['1', '2']);
    // The debounce that Enter overtook does not search a third time.
    await page.clock.runFor(2_000);
    await requestsReported(page);
    expect(calls).toHaveLength(2);
    await expectAccessibleNow(page);
  });

  test('never shows a video of a protected showcase', async ({ page, request }) => {
    await openGrid(page);
    await typeSearch(page, 'Orion');
    await page.clock.runFor(1_000);
    await expect(resultsFor(page, 'Orion').getByText('No results. Try again?')).toBeVisible();
    await expect(page.getByText(/Orion campaign/)).toHaveCount(0);
    for (const query of ['Orion', 'Dailies', 'Rough assembly', 'Alternate ending', 'client cut']) {
      const body = await (
        await request.get(`/api/albums/${gridId}/videos?query=${encodeURIComponent(query)}`)
      ).json();
      expect(body.total, query).toBe(0);
    }
  });

  test('searches Japanese pages with Japanese strings and keeps links in Japanese', async ({
    page,
  }) => {
    await page.clock.install({ time: START });
    await page.goto(`/ja-JP${grid}`);
    await page.clock.pauseAt(new Date(START.getTime() + 60_000));
    const field = page.getByRole('searchbox');
    await field.fill('glass');
    await expect(islandOf(page, 'Search', 'hydrated')).toHaveCount(1);
    await page.clock.runFor(1_000);
    await expect(page.getByRole('link', { name: 'Glass studio' })).toHaveAttribute(
      'href',
      new RegExp(`^/ja-JP/showcase/${gridId}/video/\\d+$`),
    );
    await expectAccessibleNow(page);
  });
});

test.describe('search and team roles (SPEC §6)', () => {
  test('gives a Viewer no search field and titles that are not links', async ({ page }) => {
    await signIn(page, 'viewer@vitrine.test');
    await page.goto(team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible();
    await expect(cards.getByRole('link')).toHaveCount(0);
    await expect(
      cards.getByRole('heading', { name: 'Dailies: harbour night shoot' }),
    ).toBeVisible();
    await expectAccessible(page);
    // The results page is not theirs either.
    await page.goto(`${team}/search?q=dailies`);
    await expect(page).toHaveURL(team);
  });

  test('lets the owner search the team showcase, team-only videos included', async ({ page }) => {
    await signIn(page, 'owner@vitrine.test');
    await page.goto(`${team}/search?q=dailies`);
    const results = resultsFor(page, 'dailies');
    await expect(results.getByRole('link', { name: 'Dailies: harbour night shoot' })).toBeVisible();
    await expect(
      results.getByRole('link', { name: 'Dailies: glass studio pickups' }),
    ).toBeVisible();
  });
});

test.describe('searching with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('submits the GET form and pages through server-rendered results', async ({
    page,
    browser,
  }) => {
    await page.goto(grid);
    await searchField(page).fill('northwind');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(`${grid}/search?q=northwind`);
    const results = resultsFor(page, 'northwind');
    await expect(results.getByTestId('search-range')).toHaveText('1 - 25 of 34');
    await expect(results.getByRole('article')).toHaveCount(25);
    await expect(searchField(page)).toHaveValue('northwind');
    await expectAccessibleAt(browser, page.url());
    await results.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`${grid}/search?q=northwind&page=2`);
    await expect(results.getByTestId('search-range')).toHaveText('26 - 34 of 34');
    await results.getByRole('link', { name: 'Close search' }).click();
    await expect(page).toHaveURL(grid);
  });

  test('says there are no results, hides protected videos, and closes on empty text', async ({
    page,
    browser,
  }) => {
    await page.goto(`${grid}/search?q=qzxjvbw`);
    await expect(resultsFor(page, 'qzxjvbw').getByText('No results. Try again?')).toBeVisible();
    await expectAccessibleAt(browser, page.url());
    await page.goto(`${grid}/search?q=Orion`);
    await expect(resultsFor(page, 'Orion').getByText('No results. Try again?')).toBeVisible();
    await expect(page.getByText(/Orion campaign/)).toHaveCount(0);
    await searchField(page).fill('');
    await searchField(page).press('Enter');
    await expect(page).toHaveURL(grid);
  });

  test('sends a page past the last to the first page of results', async ({ page }) => {
    await page.goto(`${grid}/search?q=glass&page=9`);
    await expect(page).toHaveURL(`${grid}/search?q=glass`);
  });
});

test.describe('the JavaScript the grid page ships', () => {
  test('is nothing fetched until someone reaches for the search field', async ({ page }) => {
    const scripts = new Map<string, { raw: number; transfer: number }>();
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(request.url());
    });
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const [body, sizes] = await Promise.all([response.body(), response.request().sizes()]);
          scripts.set(response.url(), { raw: body.length, transfer: sizes.responseBodySize });
        })(),
      );
    });
    const total = async () => {
      await Promise.all(pending);
      return [...scripts.values()].reduce(
        (sum, s) => ({ raw: sum.raw + s.raw, transfer: sum.transfer + s.transfer }),
        { raw: 0, transfer: 0 },
      );
    };

    await page.goto(grid);
    await page.waitForLoadState('networkidle');
    // Scrolling through the grid is no reason to load React: once the page has scrolled, and
    // every request it made since has been reported, none is for a script.
    const loadedBefore = requested.length;
    await page.mouse.wheel(0, 2_000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await requestsReported(page);
    expect(requested.slice(loadedBefore)).toEqual([]);
    const before = await total();
    // The page's loader is inline: the search and Share modules wait for their first use.
    expect(scripts.size).toBe(0);
    expect(before.raw).toBe(0);

    await searchField(page).fill('glass');
    await expect(islandOf(page, 'Search', 'hydrated')).toHaveCount(1);
    await expect(
      resultsFor(page, 'glass').getByRole('link', { name: 'Glass studio' }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const after = await total();
    test.info().annotations.push({
      type: 'javascript',
      description: `before interaction ${before.raw} B (${before.transfer} B on the wire); after a search ${after.raw} B (${after.transfer} B on the wire)`,
    });
    console.log(
      `grid page JavaScript: before interaction ${before.raw} B raw / ${before.transfer} B transferred; ` +
        `after a search ${after.raw} B raw / ${after.transfer} B transferred`,
    );
  });
});
