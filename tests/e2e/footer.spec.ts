import type { Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const grid = `/showcase/${showcaseId('grid')}`;

test.describe('the full footer on a desktop', () => {
  test('links the pages Vitrine serves, no unconfigured one, and no regional links by default', async ({
    page,
  }) => {
    await page.goto(grid);
    const footer = page.getByRole('contentinfo');
    for (const heading of ['Product', 'Resources', 'Company']) {
      await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
    }
    // The demo's site configuration sets none of the optional links (docs/configuration.md).
    await expect(footer.getByRole('heading', { name: 'Apps' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Webinars' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Careers' })).toHaveCount(0);
    await expect(footer.getByRole('link', { name: 'Upgrade' }).first()).toHaveAttribute(
      'href',
      '/upgrade',
    );
    await expect(footer.getByRole('link', { name: 'Site map' }).first()).toHaveAttribute(
      'href',
      '/site_map',
    );
    await expect(footer.getByRole('link', { name: 'Terms' }).first()).toHaveAttribute(
      'href',
      '/terms',
    );
    await expect(footer.getByText('Do Not Sell My Personal Information')).toHaveCount(0);
    await expect(footer.getByText('Impressum')).toHaveCount(0);
    await expect(footer.getByText(/Made with .* in New York/).first()).toBeAttached();
  });

  test('localizes its links under a locale prefix', async ({ page }) => {
    await page.goto(`/fr-FR${grid}`);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: "Conditions d'utilisation" }).first(),
    ).toHaveAttribute('href', /^\/fr-FR\/terms/);
  });

  test('gives alternates for all eight locales', async ({ page }) => {
    await page.goto(grid);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('hreflang')));
    expect(hreflangs).toEqual([
      'en',
      'es',
      'de-DE',
      'fr-FR',
      'ja-JP',
      'ko-KR',
      'pt-BR',
      'zh-CN',
      'x-default',
    ]);
  });
});

test.describe('the language picker', () => {
  const opener = (page: Page, name = 'Language: English') =>
    page.getByRole('contentinfo').getByRole('button', { name, exact: true });

  test('is a modal the keyboard opens, walks and leaves, with focus back on its button', async ({
    page,
  }) => {
    await page.goto(grid);
    const dialog = page.getByRole('dialog', { name: 'Choose a language' });
    await expect(dialog).toBeHidden();
    // Closed, it covers none of the footer's links.
    for (const name of ['Terms', 'Privacy', 'Cookie Policy', 'Copyright (DMCA)'])
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name, exact: true })
        .last()
        .click({ trial: true });

    for (const key of ['Enter', 'Space']) {
      await opener(page).focus();
      await page.keyboard.press(key);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
      if (key === 'Enter') {
        // Tab walks the dialog only: past its last control it leaves for the browser, then comes back in.
        await page.keyboard.press('Tab');
        await expect(dialog.locator('summary').first()).toBeFocused();
        for (let i = 0; i < 9; i++) await page.keyboard.press('Tab');
        await expect(dialog.locator('summary').last()).toBeFocused();
        await page.keyboard.press('Tab');
        await page.keyboard.press('Tab');
        await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
        // The page behind is inert while it is open.
        const behind = page.getByRole('main').getByRole('link').first();
        await behind.evaluate((link: HTMLElement) => link.focus());
        await expect(behind).not.toBeFocused();
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener(page)).toBeFocused();
    }

    // The legal pane, then a language, chosen with the keyboard alone.
    await opener(page).press('Enter');
    await dialog.locator('summary').filter({ hasText: 'Legal' }).press('Enter');
    await expect(dialog.getByRole('link', { name: 'Terms', exact: true })).toBeVisible();
    await dialog
      .locator('summary')
      .filter({ hasText: /^Language/ })
      .press('Enter');
    await dialog.getByRole('button', { name: 'Deutsch' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/de-DE${grid}`);
    await expect(opener(page, 'Sprache: Deutsch')).toBeVisible();
    await opener(page, 'Sprache: Deutsch').click();
    await page
      .getByRole('dialog', { name: 'Sprache auswählen' })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(page).toHaveURL(grid);
  });

  test('sets the language with JavaScript off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(grid);
    await opener(page).click();
    await page
      .getByRole('dialog', { name: 'Choose a language' })
      .getByRole('button', { name: 'Français' })
      .click();
    await expect(page).toHaveURL(`/fr-FR${grid}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [locale, button, title] of [
      ['ko-KR', '언어: 한국어', '언어 선택'],
      ['fr-FR', 'Langue : Français', 'Choisissez une langue'],
    ] as const) {
      test(`passes axe open, and the grid with its pager closed, in ${locale} in the ${theme} theme`, async ({
        browser,
      }) => {
        const context = await browser.newContext();
        await context.addCookies([
          { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
        ]);
        const page = await context.newPage();
        await page.goto(`/${locale}${grid}?page=2`);
        await expect(page.locator('nav a[aria-label][href$="page=3"]')).toBeVisible();
        await expectAccessible(page);
        await opener(page, button).click();
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        await expectAccessible(page);
        await context.close();
      });
    }
  }
});

test.describe('the footer on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('folds the columns into an accordion', async ({ page }) => {
    await page.goto(grid);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading', { name: 'Product' })).toBeHidden();
    const upgrade = footer.locator('details').getByRole('link', { name: 'Upgrade' });
    await expect(upgrade).toBeHidden();
    await footer.locator('summary', { hasText: 'Product' }).click();
    await expect(upgrade).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('the footer kept between pages', () => {
  test('sends each page’s forms back to that page, whichever page rendered it first', async ({
    page,
  }) => {
    const returnTo = page
      .getByRole('contentinfo')
      .locator('form[action="/settings/theme"] input[name="return_to"]');
    await page.goto(grid);
    await expect(returnTo).toHaveValue(grid);
    await page.goto(`${grid}?page=2`);
    await expect(returnTo).toHaveValue(`${grid}?page=2`);
    await page.goto(`/fr-FR${grid}`);
    await expect(returnTo).toHaveValue(`/fr-FR${grid}`);
    await expect(
      page.getByRole('contentinfo').getByRole('button', { name: 'Passer au thème sombre' }),
    ).toBeAttached();
  });
});

test.describe('the footer in California (CPRA)', () => {
  test.use({ extraHTTPHeaders: { 'x-test-country': 'US', 'x-test-region': 'US-CA' } });

  test('shows the do-not-sell link and saves the mature filter without JavaScript', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      extraHTTPHeaders: { 'x-test-country': 'US', 'x-test-region': 'US-CA' },
    });
    const page = await context.newPage();
    await page.goto(grid);
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByRole('link', { name: 'Do Not Sell My Personal Information' }),
    ).toBeVisible();
    await footer.getByText('Mature content filter').first().click();
    await footer.getByRole('radio', { name: /Custom/ }).check();
    await footer.getByRole('checkbox', { name: /Unrated/ }).check();
    await footer.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your preferences were successfully updated.')).toBeVisible();
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'content_rating')?.value).toMatch(/^custom:/);
    await context.close();
  });

  test('gives a signed-in viewer a filter form of their own after anonymous views of the page', async ({
    page,
  }) => {
    await page.goto(grid);
    await page.goto(grid);
    await signIn(page, 'viewer@vitrine.test', 'vitrine-demo', grid);
    const footer = page.getByRole('contentinfo');
    const openFilter = () => footer.getByText('Mature content filter').first().click();
    const choose = async (preset: RegExp) => {
      await footer.getByRole('radio', { name: preset }).check();
      await footer.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Your preferences were successfully updated.')).toBeVisible();
    };
    await openFilter();
    const before = (await footer.getByRole('radio', { name: /Everything/ }).isChecked())
      ? /Everything/
      : /Safest/;
    const other = before.source === 'Everything' ? /Safest/ : /Everything/;
    await choose(other);
    try {
      await openFilter();
      await expect(footer.getByRole('radio', { name: other })).toBeChecked();
    } finally {
      await page.goto(grid);
      await openFilter();
      await choose(before);
    }
  });

  test('keeps the open mature filter accessible', async ({ page }) => {
    await page.goto(grid);
    await page.getByRole('contentinfo').getByText('Mature content filter').first().click();
    await expectAccessible(page);
  });
});

test.describe('the footer in Germany', () => {
  test.use({ extraHTTPHeaders: { 'x-test-country': 'DE' } });

  test('links the Impressum', async ({ page }) => {
    await page.goto(grid);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).first(),
    ).toHaveAttribute('href', '/leo/guidelines/impressum');
  });

  test('offers contract cancellation to an account on a paid plan only, and the link leads to it', async ({
    page,
  }) => {
    const cancel = page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Cancel your contract' });
    await signIn(page, 'viewer@vitrine.test', 'vitrine-demo', grid);
    await expect(cancel).toHaveCount(0);
    expect((await page.goto('/settings/billing/membership_plan/optout'))?.status()).toBe(404);
    await page.getByRole('button', { name: 'Sign out' }).click();

    await signIn(page, 'owner@vitrine.test', 'vitrine-demo', grid);
    await cancel.first().click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Cancel your contract' }),
    ).toBeVisible();
    await expect(page.getByText('Your plan: pro')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel my contract now' })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe('setting the locale from an island', () => {
  test('answers JSON, stores the choice, and refuses an unknown locale with the SPEC message', async ({
    page,
    baseURL,
  }) => {
    await page.goto(grid);
    const refused = await page.request.post('/settings/set_locale', {
      data: { locale: 'xx-XX' },
      headers: { Origin: baseURL! },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      ok: false,
      message: 'Sorry, something weird happened. Please try again.',
    });
    const accepted = await page.request.post('/settings/set_locale', {
      data: { locale: 'ko-KR' },
      headers: { Origin: baseURL! },
    });
    expect(await accepted.json()).toEqual({ ok: true });
    await page.goto(grid);
    await expect(page).toHaveURL(`/ko-KR${grid}`);
  });
});

test.describe('error screens', () => {
  test('are localized', async ({ page }) => {
    const missingPage = await page.goto('/ja-JP/no/such/page');
    expect(missingPage?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'お探しのページが見つかりませんでした',
    );
    // A showcase that does not exist has its own screen: "This showcase isn't available".
    const missingShowcase = await page.goto('/ja-JP/showcase/999999');
    expect(missingShowcase?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'このショーケースはご利用いただけません',
    );
  });

  test('refuse a state-changing request without the CSRF token', async ({ request, baseURL }) => {
    // A route that takes POST: one that does not answers 405 before any token is read.
    const response = await request.post('/api/cart/stock', {
      data: {},
      headers: { Origin: baseURL! },
    });
    expect(response.status()).toBe(403);
  });
});
