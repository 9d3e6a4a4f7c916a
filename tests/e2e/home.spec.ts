import { expect, expectAccessible, test } from './fixtures.ts';

/** The card of a public showcase on the home page, by its title. */
const card = (page: import('@playwright/test').Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('the home page', () => {
  test('shows a cover picture on every public showcase card with videos, the first row first', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const covers = page.getByTestId('home-cover').locator('img');
    await expect(covers.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(covers.first()).toHaveAttribute('loading', 'eager');
    await expect(covers.last()).toHaveAttribute('loading', 'lazy');

    for (const name of [
      'Northwind Showreel',
      'Making Of',
      'Featured Stories',
      'Launch Day Live',
      'Night Shift',
      'Stock Picks',
    ]) {
      const cover = card(page, name).getByTestId('home-cover').locator('img');
      // Decorative: the title beside it is the link's text.
      await expect(cover).toHaveAttribute('alt', '');
      await expect(cover).toHaveAttribute('width', '640');
      await expect(cover).toHaveAttribute('height', '350');
      await expect(cover).toHaveAttribute('sizes', /vw/);
      const srcset = (await cover.getAttribute('srcset'))!;
      for (const width of [640, 960, 1280, 1680]) expect(srcset).toContain(` ${width}w`);
      const picture = await request.get((await cover.getAttribute('src'))!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()['content-type']).toBe('image/jpeg');
    }
    // Public videos' pictures at their stable addresses; the stock clips' behind shared signed links.
    await expect(
      card(page, 'Northwind Showreel').getByTestId('home-cover').locator('img'),
    ).toHaveAttribute('src', /^\/thumbnails\/\d+-[\w-]{16}-640\.jpg$/);
    await expect(
      card(page, 'Stock Picks').getByTestId('home-cover').locator('img'),
    ).toHaveAttribute('src', /^\/media\//);
    // Nothing to show yet: the card keeps its shape without a picture.
    await expect(card(page, 'Coming Soon').getByTestId('home-cover').locator('img')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('opens a showcase from anywhere on its card', async ({ page }) => {
    await page.goto('/');
    // The title's link covers the whole card, picture included: a click where the picture shows follows it.
    const box = (await card(page, 'Night Shift').getByTestId('home-cover').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole('heading', { level: 1, name: 'Night Shift' })).toBeVisible();
  });
});
