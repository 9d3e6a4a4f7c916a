import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';

const grid = `/showcase/${showcaseId('grid')}`;

test.describe('the public grid showcase', () => {
  test('pages through 34 videos twelve at a time', async ({ page }) => {
    await page.goto(grid);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Showreel' })).toBeVisible();
    await expect(page.getByTestId('range')).toHaveText('1 - 12 of 34');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(12);
    await expect(page.getByRole('link', { name: 'Previous page' })).toHaveCount(0);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(`${grid}?page=2`);
    await expect(page.getByTestId('range')).toHaveText('13 - 24 of 34');

    await page.getByRole('link', { name: 'Page 3' }).click();
    await expect(page.getByTestId('range')).toHaveText('25 - 34 of 34');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'Next page' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('goes to the page typed into the page input', async ({ page }) => {
    await page.goto(grid);
    const input = page.getByRole('spinbutton', { name: 'Go to page' });
    await input.fill('3');
    await input.press('Enter');
    await expect(page).toHaveURL(`${grid}?page=3`);
    await expect(page.getByTestId('range')).toHaveText('25 - 34 of 34');
  });

  test('sends a page that does not exist to the album (error 2286) and page 1 to the bare URL', async ({
    page,
  }) => {
    await page.goto(`${grid}?page=99`);
    await expect(page).toHaveURL(grid);
    await page.goto(`${grid}?page=1`);
    await expect(page).toHaveURL(grid);
    await page.goto(`${grid}?page=abc`);
    await expect(page).toHaveURL(grid);
  });

  test('shows durations and a thumbnail srcset over the four sizes', async ({ page }) => {
    await page.goto(grid);
    const first = page.getByRole('main').getByRole('article').first();
    const srcset = await first.locator('img').getAttribute('srcset');
    for (const width of [640, 960, 1280, 1680]) expect(srcset).toContain(` ${width}w`);
    await expect(first.getByText(/^\d\d:\d\d$/)).toBeVisible();
    const image = await page.request.get((await first.locator('img').getAttribute('src'))!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
  });

  test('loads the first card at once and first, at stable addresses, and the rest when near', async ({
    page,
  }) => {
    await page.goto(grid);
    const images = page.getByRole('main').getByRole('article').locator('img');
    await expect(images.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(images.first()).toHaveAttribute('loading', 'eager');
    // Locked cards (a mature or unrated video, signed out) have no picture: the last is the page's last picture.
    for (const image of [images.nth(1), images.nth(4), images.last()]) {
      await expect(image).not.toHaveAttribute('fetchpriority', /./);
      await expect(image).toHaveAttribute('loading', 'lazy');
    }
    // The rest of the first row, lazy, still shows on a wide screen without scrolling.
    await page.setViewportSize({ width: 1600, height: 900 });
    for (const i of [1, 2, 3])
      await expect
        .poll(() =>
          images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    // Public videos of a public showcase: the same address for everybody, nothing signed.
    await expect(images.first()).toHaveAttribute('src', /^\/thumbnails\/\d+-[\w-]{16}-640\.jpg$/);
  });

  for (const deviceScaleFactor of [2, 3]) {
    test(`takes the 640 w picture on a 390 px phone at ${deviceScaleFactor}×`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        baseURL: baseURL!,
        viewport: { width: 390, height: 844 },
        deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Once in CI the phone took the 960 w picture, what a 1,280 px desktop window takes at 3×:
      // a new page's first document parsed before the phone's viewport applied. A blank page goes first.
      await page.goto('about:blank');
      await page.goto(grid);
      const first = page.getByRole('main').getByRole('article').first().locator('img');
      await expect
        .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/-640\.jpg$/);
      await context.close();
    });
  }

  test('makes links in the description clickable without letting HTML through', async ({
    page,
  }) => {
    await page.goto(grid);
    await expect(page.getByRole('link', { name: 'https://example.org/northwind' })).toHaveAttribute(
      'href',
      'https://example.org/northwind',
    );
  });

  test('switches to Japanese and back with the language picker', async ({ page }) => {
    await page.goto(grid);
    await page.getByText('English', { exact: false }).first().click();
    await page.getByRole('button', { name: '日本語' }).click();
    await expect(page).toHaveURL(`/ja-JP${grid}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByTestId('range')).not.toHaveText('1 - 12 of 34');
    await expectAccessible(page);
    // The choice is remembered: the unprefixed URL now redirects to Japanese.
    await page.goto(grid);
    await expect(page).toHaveURL(`/ja-JP${grid}`);
    await page.getByText('日本語', { exact: false }).first().click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page).toHaveURL(grid);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('picks the locale from Accept-Language on a first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(grid);
    await expect(page).toHaveURL(`/de-DE${grid}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    await context.close();
  });

  test('toggles the theme and remembers it', async ({ page }) => {
    await page.goto(grid);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('shows the empty state for a showcase without videos', async ({ page }) => {
    await page.goto(`/showcase/${showcaseId('empty')}`);
    await expect(page.getByText('No videos')).toBeVisible();
    await expect(page.getByTestId('range')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('uses the dark theme, brand colour and custom logo of a dark showcase', async ({ page }) => {
    await page.goto(`/showcase/${showcaseId('dark')}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('style', /--brand:#ff6b35/);
    await expect(
      page.getByRole('banner').getByRole('img').or(page.locator('header img')),
    ).toHaveCount(1);
    await expectAccessible(page);
  });

  test('answers an unknown showcase with the not-available screen, as a hidden one', async ({
    page,
  }) => {
    const response = await page.goto('/showcase/987654');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "This showcase isn't available",
    );
    await expectAccessible(page);
  });

  test('answers an unknown address with the not-found screen', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { name: "Sorry, we couldn't find that page" }),
    ).toBeVisible();
  });
});

test.describe('a grid shown offsite', () => {
  const referrer = 'https://partner.test/films';
  const offsite = `${grid}?offsite=redirect&referrer=${encodeURIComponent(referrer)}&is_embed=1`;

  test('carries offsite, referrer and is_embed through paging and the page form', async ({
    page,
  }) => {
    await page.goto(offsite);
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(
      `${grid}?offsite=redirect&referrer=${encodeURIComponent(referrer)}&is_embed=1&page=2`,
    );
    await expect(page.getByTestId('range')).toHaveText('13 - 24 of 34');
    const input = page.getByRole('spinbutton', { name: 'Go to page' });
    await input.fill('3');
    await input.press('Enter');
    await expect(page.getByTestId('range')).toHaveText('25 - 34 of 34');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      offsite: 'redirect',
      referrer,
      is_embed: '1',
      page: '3',
    });
  });

  test('opens videos in a new tab, keeping the carried query', async ({ page }) => {
    await page.goto(offsite);
    const card = page.getByRole('main').getByRole('article').first().getByRole('link');
    await expect(card).toHaveAttribute('target', '_blank');
    await expect(card).toHaveAccessibleName(/\(opens in a new tab\)$/);
    await expectAccessible(page);
    const [tab] = await Promise.all([page.context().waitForEvent('page'), card.click()]);
    await expect(tab).toHaveURL(
      /\/showcase\/\d+\/video\/\d+\?offsite=redirect&referrer=.+&is_embed=1$/,
    );
    await tab.getByRole('link', { name: 'Back to showcase' }).click();
    await expect(tab).toHaveURL(
      `${grid}?offsite=redirect&referrer=${encodeURIComponent(referrer)}&is_embed=1`,
    );
  });

  test('opens videos in place on its own site', async ({ page }) => {
    await page.goto(grid);
    await expect(
      page.getByRole('main').getByRole('article').first().getByRole('link'),
    ).not.toHaveAttribute('target', /.+/);
  });
});

test.describe('the grid with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('reads and pages through with links and the page form', async ({ page }) => {
    await page.goto(grid);
    await expect(page.getByTestId('range')).toHaveText('1 - 12 of 34');
    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page.getByTestId('range')).toHaveText('13 - 24 of 34');
    await page.getByRole('spinbutton', { name: 'Go to page' }).fill('3');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect(page.getByTestId('range')).toHaveText('25 - 34 of 34');
  });

  test('needs no JavaScript on the showcase page, and fetches none before someone reaches for it', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(grid, { waitUntil: 'networkidle' });
    // Only inline scripts run: the directive that fetches the search field's and the Share
    // button's islands on first use, and the top bar's search box.
    // JSON-LD is a data block, not a script that runs.
    const sources = await page
      .locator('script:not([type="application/ld+json"])')
      .evaluateAll((elements) => elements.map((e) => e.getAttribute('src')));
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((src) => src !== null)).toEqual([]);
    const islands = await page
      .locator('astro-island[client="interaction"]')
      .evaluateAll((elements) =>
        elements.map((e) => /\/(\w+)\./.exec(e.getAttribute('component-url')!)![1]).sort(),
      );
    expect(islands).toEqual(['Search', 'ShareDialog']);
    expect(scripts).toEqual([]);
  });
});
