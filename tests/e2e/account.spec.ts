import { csrfTokenFrom, signIn } from './session.ts';
import { expect, expectAccessible, hydrated, showcaseId, test } from './fixtures.ts';

/**
 * The signed-in account (SPEC §2, §4, §6, §8, §9): quota pill and popover in each mood,
 * team switching, the banners, the global search. The demo seeds each account's uploads:
 * owner safe (2.4 GB of 20 GB a week), admin warn (14 GB of 20 GB), viewer warn (6 of 10
 * videos), member limit (10 of 10 videos), contributor safe (2 of 10 videos).
 */

const pill = (page: import('@playwright/test').Page) =>
  page.getByRole('button', { name: /^Upload quota:/ });

test.describe('quota widget', () => {
  test('in safe, a quiet pill toggles the popover with its bar, period and size', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/upgrade');
    await hydrated(page);
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 2.4 GB of 20 GB');
    await expect(pill(page)).toHaveAttribute('data-bounce', 'false');
    await pill(page).click();
    const popover = page.getByRole('region', { name: 'Upload quota' });
    await expect(popover).toBeVisible();
    await expect(popover.getByText('Weekly allowance')).toBeVisible();
    await expect(popover.getByRole('progressbar', { name: 'Quota used: 12%' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    expect((await popover.boundingBox())?.width).toBe(322);
    await expect(popover.getByRole('link', { name: 'Upgrade' })).toHaveAttribute(
      'href',
      '/upgrade',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectAccessible(page);
    await pill(page).click();
    await expect(popover).toBeHidden();
  });

  test('in warn, the pill bounces and the first click opens the almost-reached modal once', async ({
    page,
  }) => {
    await signIn(page, 'viewer@vitrine.test', undefined, '/upgrade');
    await hydrated(page);
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 6 of 10 videos');
    await expect(pill(page)).toHaveAttribute('data-bounce', 'true');
    await pill(page).click();
    const modal = page.getByRole('dialog', { name: "You've almost reached the video limit" });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('To increase your video limit, upgrade your account');
    await expect(modal.getByRole('button', { name: 'Not now' })).toBeFocused();
    await expect(modal.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await pill(page).click();
    await expect(modal).toBeHidden();
    const popover = page.getByRole('region', { name: 'Upload quota' });
    await expect(
      popover.getByText("You've almost reached your video limit. Upgrade for more!"),
    ).toBeVisible();
    await expect(popover.getByText('Total allowance')).toBeVisible();
  });

  test('in warn on a size quota, the popover says almost out of space', async ({ page }) => {
    await signIn(page, 'admin@vitrine.test', undefined, '/upgrade');
    await hydrated(page);
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 14 GB of 20 GB');
    await pill(page).click();
    const modal = page.getByRole('dialog', {
      name: 'You are almost out of space! Upgrade for more.',
    });
    await expect(modal).not.toContainText('video');
    await modal.getByRole('button', { name: 'Not now' }).click();
    await pill(page).click();
    await expect(
      page
        .getByRole('region', { name: 'Upload quota' })
        .getByText('You are almost out of space! Upgrade for more.'),
    ).toBeVisible();
  });

  test('in limit, the modal says the video limit is reached and the bar is full', async ({
    page,
  }) => {
    await signIn(page, 'member@vitrine.test', undefined, '/upgrade');
    await hydrated(page);
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 10 of 10 videos');
    await expect(pill(page)).toHaveAttribute('data-bounce', 'true');
    await pill(page).click();
    const modal = page.getByRole('dialog', { name: "You've reached the video limit" });
    await expect(modal).toContainText('To get more videos, upgrade your account');
    await expectAccessible(page);
    await modal.getByRole('button', { name: 'Not now' }).click();
    await expect(pill(page)).toBeFocused();
    await pill(page).click();
    const popover = page.getByRole('region', { name: 'Upload quota' });
    await expect(
      popover.getByText("You've reached your video limit. Upgrade for more!"),
    ).toBeVisible();
    await expect(popover.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  test('anonymous pages carry no quota, no account script and stay cacheable', async ({
    page,
    request,
  }) => {
    const response = await request.get('/showcase/1');
    expect(response.headers()['cache-control'] ?? '').not.toContain('no-store');
    const html = await response.text();
    expect(html).not.toContain('Upload quota');
    expect(html).not.toContain('vitrine-global-search');
    await page.goto('/showcase/1');
    // The search box is a disclosure with a plain GET form: it needs no script of its own.
    await page.locator('summary', { hasText: 'Search Vitrine' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search Vitrine' })).toBeFocused();
  });
});

test.describe('team switching and banners', () => {
  test('a contributor switches to the team account, sees its videos and its owner’s quota, and back', async ({
    page,
  }) => {
    await signIn(page, 'contributor@vitrine.test', undefined, '/manage/videos');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Videos of Chloé Martin' }),
    ).toBeVisible();
    await expect(page.getByText('No videos yet.')).toBeVisible();
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 2 of 10 videos');
    await expectAccessible(page);

    await page.getByLabel('Account').selectOption({ label: 'Olivia Okafor — Contributor' });
    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(page).toHaveURL(/\/manage\/videos$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Videos of Olivia Okafor' }),
    ).toBeVisible();
    await expect(pill(page)).toHaveAccessibleName('Upload quota: 2.4 GB of 20 GB');
    const notice = page.getByRole('region', { name: 'Team account' });
    await expect(notice).toContainText("You're working in Olivia Okafor's team account.");
    await expect(notice.getByRole('link', { name: 'Switch account' })).toHaveAttribute(
      'href',
      '/manage/videos',
    );
    const row = page.getByRole('row', { name: /Dailies: harbour night shoot/ });
    await row
      .getByRole('link', { name: 'Privacy settings for Dailies: harbour night shoot' })
      .click();
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Privacy settings for Dailies: harbour night shoot',
      }),
    ).toBeVisible();
    await expect(page.getByTestId('privacy-view')).toHaveText('Anyone');
    await expectAccessible(page);

    await page.goto('/manage/videos');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page).toHaveURL(/\/manage\/videos$/);
    await expect(notice).toHaveCount(0);

    await page.getByLabel('Account').selectOption({ label: 'Your account (Chloé Martin)' });
    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Videos of Chloé Martin' }),
    ).toBeVisible();
  });

  test('SWITCH_TEAMS refuses a team the user is not in', async ({ page }) => {
    await signIn(page, 'member@vitrine.test', undefined, '/manage/videos');
    const token = await csrfTokenFrom(page.request, '/manage/videos');
    const response = await page.request.post('/manage/videos?action=SWITCH_TEAMS', {
      form: { team_owner_id: '1', token },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test('lists the teams over the API with the fields asked for', async ({ page }) => {
    await signIn(page, 'admin@vitrine.test');
    const response = await page.request.get(
      '/api/users/2/teams?fields=owner.uri,team_membership.role,team_data.team_showcase_id',
    );
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual({
      total: 1,
      data: [
        {
          owner: { uri: '/users/1' },
          team_membership: { role: 'Admin' },
          team_data: { team_showcase_id: showcaseId('team') },
        },
      ],
    });
    expect((await page.request.get('/api/users/1/teams')).status()).toBe(403);
  });

  test('on /create/templates the banner tells each role where its videos go', async ({ page }) => {
    await signIn(page, 'admin@vitrine.test', undefined, '/create/templates');
    const notice = page.getByRole('region', { name: 'Team account' });
    await expect(notice).toContainText(
      "You're creating videos under Olivia Okafor's team account.",
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out' }).click();

    await signIn(page, 'viewer@vitrine.test', undefined, '/create/templates');
    await expect(notice).toContainText(
      "Videos you create here go to your personal account. To create videos for Olivia Okafor's team, contact the team owner.",
    );
    await page.goto('/manage/videos');
    await expect(notice).toHaveCount(0);
  });

  test('the blue Facebook Business banner resumes creating, and I’m done clears it', async ({
    page,
    context,
  }) => {
    await signIn(
      page,
      'member@vitrine.test',
      undefined,
      '/create/templates?context=facebook_business',
    );
    await page.goto('/manage/videos');
    const banner = page.getByRole('region', { name: 'Facebook Business' });
    await expect(banner).toContainText(
      'Resume creating videos for your Facebook Business account?',
    );
    await expect(banner.getByRole('link', { name: 'Create new video' })).toHaveAttribute(
      'href',
      '/create/templates',
    );
    await expectAccessible(page);
    await banner.getByRole('button', { name: "I'm done" }).click();
    await expect(banner).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'create_context')).toBe(false);
  });
});

test.describe('global search', () => {
  test('Ctrl+K opens the search box; the type dropdown searches own videos or public showcases', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
    const box = page.getByRole('searchbox', { name: 'Search Vitrine' });
    await expect(box).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    await box.fill('Northwind');
    await page.getByLabel('Search in').selectOption('showcases');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Northwind&type=showcases/);
    await expect(page.getByRole('link', { name: 'Northwind Showreel' })).toHaveAttribute(
      'href',
      '/showcase/1',
    );
    await expectAccessible(page);

    await page.goto('/search?q=harbour&type=mine');
    await expect(
      page
        .getByRole('region', { name: 'Your videos' })
        .getByRole('link', { name: 'Dailies: harbour night shoot' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Public showcases' })).toHaveCount(0);
  });

  test('Ctrl+K opens the search box for anonymous viewers too, Escape closes it', async ({
    page,
  }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Search Vitrine' });
    await expect(box).toBeHidden();
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    await expectAccessible(page);
    await box.fill('Northwind');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=Northwind$/);
    await expect(page.getByRole('link', { name: 'Northwind Showreel' })).toBeVisible();

    await page.goto('/stock');
    await page.keyboard.press('Control+k');
    await expect(box).toBeFocused();
    await box.press('Escape');
    await expect(box).toBeHidden();
    await expect(page.locator('summary', { hasText: 'Search Vitrine' })).toBeFocused();
  });

  test('opens the search box without JavaScript, and searches', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('summary', { hasText: 'Search Vitrine' }).click();
    const box = page.getByRole('searchbox', { name: 'Search Vitrine' });
    await box.fill('showreel');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=showreel$/);
    await expect(page.getByRole('link', { name: 'Northwind Showreel' })).toBeVisible();
    await context.close();
  });

  test('works without JavaScript for anonymous viewers', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search?q=showreel');
    await expect(page.getByRole('link', { name: 'Northwind Showreel' })).toBeVisible();
    await expect(page.getByLabel('Search in')).toHaveCount(0);
    await context.close();
  });
});

test.describe('the top bar on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Every control of the top bar shown, on one row: all of them cross one horizontal line. */
  async function expectOneRow(page: import('@playwright/test').Page, controls: number) {
    const shown = page.getByRole('banner').locator('a:visible, button:visible, summary:visible');
    await expect(shown).toHaveCount(controls);
    const boxes = await Promise.all((await shown.all()).map((control) => control.boundingBox()));
    const tops = boxes.map((box) => box!.y);
    const bottoms = boxes.map((box) => box!.y + box!.height);
    expect(Math.max(...tops)).toBeLessThan(Math.min(...bottoms));
  }

  test('keeps one row signed out, its search an icon that Ctrl+K opens', async ({ page }) => {
    await page.goto('/');
    await expectOneRow(page, 4);
    const search = page.locator('summary', { hasText: 'Search Vitrine' });
    await expect(search).toHaveAccessibleName('Search Vitrine');
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('searchbox', { name: 'Search Vitrine' })).toBeFocused();
    await expectAccessible(page);
  });

  test('keeps one row signed in; the account menu holds stock footage and sign out', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test', undefined, '/manage/videos');
    // Brand, search, quota, cart and the account menu.
    await expectOneRow(page, 5);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeHidden();
    await expectAccessible(page);

    await page.locator('summary', { has: page.getByTestId('account-name') }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Stock footage' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
