/**
 * /home: where a signed-in member starts, reached from the account menu and the studio's
 * navigation, with the account's newest videos, its events, its quota and what they follow.
 */
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { signIn } from './session.ts';

test.describe('the home dashboard', () => {
  test("shows the owner's newest videos, events and quota, and is reached from the menus", async ({
    page,
  }) => {
    // Sixteen axe sweeps (eight locales, two themes) follow the checks.
    test.setTimeout(120_000);
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
    await page
      .getByRole('navigation', { name: 'Studio' })
      .getByRole('link', { name: 'Home' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Home');
    await expect(page.getByText('Welcome back, Olivia Okafor.')).toBeVisible();

    // The library's first row is the newest video, as on /manage/videos.
    await page.goto('/manage/videos');
    const newest = (await page.locator('tbody tr th a').first().innerText()).trim();
    await page.getByTestId('account-name').click();
    await page
      .locator('details', { has: page.getByTestId('account-name') })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    const uploads = page.getByTestId('home-uploads').getByRole('listitem');
    await expect(uploads).toHaveCount(6);
    await expect(uploads.first().getByRole('link')).toHaveText(newest);
    await expect(uploads.first()).toContainText('Ready');

    // The demo's events to come are listed; none of the ended ones is.
    await expect(page.getByTestId('home-events').getByRole('listitem').first()).toBeVisible();
    await expect(page.getByTestId('home-events')).not.toContainText('Ended');
    await expect(page.getByTestId('home-quota')).toHaveText(/ of 20 GB$/);
    await expect(page.getByRole('heading', { name: 'Review notes to resolve' })).toBeVisible();

    for (const theme of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', page.url()).href }]);
      for (const locale of LOCALES) {
        await page.goto(localizePath(locale, '/home'));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectAccessible(page);
      }
    }
  });

  test('asks a signed-out visitor to sign in first', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/log_in\?redirect=%2Fhome$/);
  });
});
