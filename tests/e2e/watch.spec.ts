/**
 * /watch: a signed-in viewer follows a showcase from its page, finds its newest videos on
 * /watch through the account menu and in the page's Atom feed, and unfollows it there.
 */
import { LOCALES } from '../../src/lib/domain.ts';
import { localizePath } from '../../src/lib/localeNegotiation.ts';
import { THEME_COOKIE } from '../../src/lib/footerPreferences.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const grid = showcaseId('grid');

test.describe('the watch page', () => {
  test('lists the newest videos of a followed showcase, and its feed does too', async ({
    page,
    request,
  }) => {
    // Sixteen screens swept by axe: eight locales in two themes.
    test.setTimeout(120_000);
    await signIn(page, 'guest@vitrine.test', undefined, `/showcase/${grid}`);
    await page.getByRole('button', { name: 'Follow Northwind Showreel' }).click();
    await expect(page.getByRole('button', { name: 'Unfollow Northwind Showreel' })).toHaveText(
      'Unfollow',
    );

    await page.getByTestId('account-name').click();
    await page.getByRole('link', { name: 'Watch', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch');
    const followed = page
      .getByTestId('watch-showcases')
      .getByRole('listitem')
      .filter({ hasText: 'Northwind Showreel' });
    await expect(followed).toContainText('Following');
    // The grid's newest video leads its videos on /watch. Showcases the guest opened in other
    // tests list theirs too, each in its place by date.
    const cards = page
      .getByTestId('watch-videos')
      .getByRole('listitem')
      .filter({ hasText: 'In Northwind Showreel' });
    await expect(cards.first()).toBeVisible();
    const newest = (await cards.first().getByRole('heading').innerText()).trim();
    const first = cards.first().getByRole('link', { name: newest });
    await expect(first).toHaveAttribute('href', new RegExp(`^/showcase/${grid}/video/\\d+$`));

    const feed = await request.get(
      (await page.getByTestId('watch-feed').getAttribute('href')) ?? '',
    );
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const atom = await feed.text();
    expect(atom).toContain('<title>What Lena Fischer watches</title>');
    expect(atom).toContain(`<![CDATA[${newest}]]>`);
    const forged = await request.get(`/watch/feed.atom?u=1&key=${'A'.repeat(43)}`);
    expect(forged.status()).toBe(404);

    for (const theme of ['light', 'dark'] as const) {
      await page
        .context()
        .addCookies([{ name: THEME_COOKIE, value: theme, url: new URL('/', page.url()).href }]);
      for (const locale of LOCALES) {
        await page.goto(localizePath(locale, '/watch'));
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectAccessible(page);
      }
    }

    await page.goto('/watch');
    await followed.getByRole('button', { name: 'Unfollow Northwind Showreel' }).click();
    await expect(page).toHaveURL(/\/watch$/);
    // Opened before, it stays listed as opened, to be followed again from here.
    await expect(followed).toContainText('Opened recently');
    await expect(followed.getByRole('button', { name: 'Follow Northwind Showreel' })).toBeVisible();
  });

  test('asks a signed-out visitor to sign in, and offers strangers no follow button', async ({
    page,
  }) => {
    await page.goto('/watch');
    await expect(page).toHaveURL(/\/log_in\?redirect=%2Fwatch$/);
    await page.goto(`/showcase/${grid}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Northwind Showreel');
    await expect(page.getByTestId('follow-showcase')).toHaveCount(0);
  });
});
