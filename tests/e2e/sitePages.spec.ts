/**
 * The site's own pages (content/pages, docs/configuration.md): every legal and help
 * page the footer links to answers, reads with JavaScript off and says it is a template;
 * a language without its own text shows the English one marked lang="en" under a translated
 * heading; the CPRA link lands on the opt-out section; /site_map lists the public showcases;
 * the site configuration adds footer links, and a bad one stops the server with a clear
 * message. Axe in both themes and in French.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { SITE_PAGES } from '../../src/lib/sitePages.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';

const dataDir = (suffix: string) => `${process.env['DATA_DIR'] ?? '.data/e2e'}-${suffix}`;

test.describe('site pages', () => {
  test('answer at every address the footer uses, readable with JavaScript off and marked as templates', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { path } of Object.values(SITE_PAGES)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('template-notice')).toContainText(
        'The people who run this site must adapt it',
      );
      // Nothing to fetch, and nothing for the inline loader of lazy modules to wake.
      await expect(page.locator('script[src]')).toHaveCount(0);
      await expect(page.locator('[data-lazy]')).toHaveCount(0);
    }
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByText('only an Argon2id hash of it')).toBeVisible();
    await context.close();
  });

  test('fall back to English, marked as English, under a heading in the viewer’s language', async ({
    page,
  }) => {
    await page.goto('/ja-JP/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('利用規約');
    await expect(page.getByTestId('template-notice')).toContainText('このサイトの運営者は');
    await expect(page.getByText('このページは英語でのみ提供されています。')).toBeVisible();
    const body = page.locator('.site-page-body');
    await expect(body).toHaveAttribute('lang', 'en');
    await expect(body.getByRole('heading', { name: 'Your account' })).toBeVisible();
    // Links in the English text stay in the viewer's language.
    await expect(body.getByRole('link', { name: 'copyright procedure' })).toHaveAttribute(
      'href',
      '/ja-JP/dmca',
    );
  });

  test('show the text of the viewer’s language where the site has one', async ({ page }) => {
    await page.goto('/de-DE/leo/guidelines/impressum');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Impressum');
    await expect(page.getByText('Angaben gemäß § 5 Digitale-Dienste-Gesetz')).toBeVisible();
    await expect(page.locator('.site-page-body')).not.toHaveAttribute('lang', /.+/);
    await expect(page.getByText('Diese Seite ist nur auf Englisch verfügbar.')).toHaveCount(0);
  });

  test('lead the Do Not Sell link of California to the opt-out section', async ({ browser }) => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'x-test-country': 'US', 'x-test-region': 'US-CA' },
    });
    const page = await context.newPage();
    await page.goto('/terms');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Do Not Sell My Personal Information' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/privacy\/us-state-privacy#do-not-sell$/);
    await expect(page.locator('#do-not-sell')).toHaveText(
      'Do Not Sell or Share My Personal Information',
    );
    await expect(page.locator('#do-not-sell')).toBeInViewport();
    await context.close();
  });

  test('include a site map of the public showcases and the site pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Site map' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Site map' })).toBeVisible();
    const showcases = page.getByRole('region', { name: 'Public showcases' });
    await expect(showcases.getByRole('link', { name: 'Northwind Showreel' })).toHaveAttribute(
      'href',
      `/showcase/${showcaseId('grid')}`,
    );
    for (const hidden of [
      'Client Preview',
      'Team Dailies',
      'Owner’s Drafts',
      'Partner Embeds',
      'Unlisted Director’s Cut',
    ]) {
      await expect(page.getByText(hidden)).toHaveCount(0);
    }
    const pages = page.getByRole('region', { name: 'About this site' });
    await expect(pages.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute(
      'href',
      '/cookie_policy',
    );
    await expect(pages.getByRole('link', { name: 'Impressum' })).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`pass axe in the ${theme} theme, in English and in French`, async ({
      browser,
      baseURL,
    }) => {
      // Seven pages, each a full axe run.
      test.slow();
      const context = await browser.newContext();
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      const page = await context.newPage();
      // The page of a showcase's owner, which the API's users link to.
      const owner = (
        (await (await page.request.get(`/api/albums/${showcaseId('grid')}`)).json()) as {
          user: { uri: string };
        }
      ).user.uri.replace('/users/', '/user/');
      for (const path of [
        '/cookie_policy',
        '/help',
        '/site_map',
        '/fr-FR/privacy',
        '/fr-FR/help',
        owner,
        `/ja-JP${owner}`,
      ]) {
        await page.goto(path);
        await expectAccessible(page);
      }
      await context.close();
    });
  }
});

test.describe('the site configuration', () => {
  test.describe.configure({ timeout: 120_000 });

  test('adds the footer links it sets, and only those', async ({ browser }) => {
    const port = await freePort();
    const server = await startVitrine({
      port,
      dataDir: dataDir('site-config'),
      env: { SITE_CONFIG: 'site.config.example.json', SEED_DEMO: 'false' },
    });
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${port}/help`);
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('heading', { name: 'Apps' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Webinars' })).toHaveAttribute(
        'href',
        'https://example.com/features/webinar',
      );
      await expect(footer.getByRole('link', { name: 'Blog' }).first()).toHaveAttribute(
        'href',
        '/blog',
      );
      await expect(footer.getByRole('link', { name: 'Press' }).first()).toHaveAttribute(
        'rel',
        'noopener',
      );
      await page.close();
    } finally {
      await stopVitrine(server);
    }
  });

  test('that is bad stops the server with a message naming each problem', async () => {
    const file = test.info().outputPath('site.config.json');
    writeFileSync(
      file,
      JSON.stringify({ links: { press: 'javascript:alert(1)', blgo: 'https://blog.example.com' } }),
    );
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir('bad-site-config'),
      SITE_CONFIG: file,
      VITRINE_SKIP_BUILD: '1',
      SEED_DEMO: 'false',
      RTMP_PORT: 'off',
      WORKER: 'off',
      LOG_LEVEL: 'info',
    };
    // The server stops before it opens any database; none of the run's is handed to it.
    delete env['DATABASE_URL'];
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const fatal = output
      .split('\n')
      .filter((line) => line.includes('"level":60'))
      .map((line) => JSON.parse(line) as { msg: string; err?: unknown });
    expect(fatal).toHaveLength(1);
    expect(fatal[0]!.msg).toContain(`Invalid site configuration in ${file}`);
    expect(fatal[0]!.msg).toContain('links.press: must be an http:// or https:// address');
    expect(fatal[0]!.msg).toContain('Unrecognized key: "blgo"');
    expect(fatal[0]!.err).toBeUndefined();
  });
});
