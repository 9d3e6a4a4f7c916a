/**
 * Tokens for integrations, end to end: a personal access token made in /settings/tokens is
 * shown once, works as `Authorization: Bearer` within its scopes, is refused once revoked;
 * forged tokens are refused; an app registered there trades its id and secret for a public
 * token at the client-credentials grant. Axe in both themes and in German.
 */
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { API_PORT } from './apiPort.ts';

const team = showcaseId('team');
const grid = showcaseId('grid');
const GRANT = '/api/oauth/authorize/client';

interface VimeoClient {
  generateClientCredentials(
    scope: string | string[],
  ): Promise<{ statusCode: number; body: Record<string, unknown> }>;
  request(
    options: string | { path: string },
  ): Promise<{ statusCode: number; body: Record<string, unknown> }>;
}

interface VimeoModule {
  Vimeo: new (
    clientId: string | null,
    clientSecret: string | null,
    accessToken?: string,
  ) => VimeoClient;
  vimeo_module: { request_defaults: { protocol: string; hostname: string; port: number } };
}

const vimeo = createRequire(import.meta.url)('@vimeo/vimeo') as VimeoModule;
// Where the API is: the one change a script written for Vimeo needs (playwright.config.ts starts it).
Object.assign(vimeo.vimeo_module.request_defaults, {
  protocol: 'http:',
  hostname: '127.0.0.1',
  port: API_PORT,
});

/** A client of the API that carries no cookie: an integration, not the signed-in browser. */
async function integration(playwright: {
  request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> };
}): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: test.info().project.use.baseURL! });
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const basic = (id: string, secret: string) => ({
  Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

/** Registers an app on the page as a person would, and returns its id and secret, shown once. */
async function registerApp(
  page: Page,
  name: string,
): Promise<{ clientId: string; clientSecret: string }> {
  await page.goto('/settings/tokens');
  await page.getByLabel('App name').fill(name);
  await page.getByRole('button', { name: 'Register app' }).click();
  const shown = page.getByTestId('new-credential');
  await expect(shown.getByRole('heading', { name: `Your new app: ${name}` })).toBeVisible();
  return {
    clientId: await shown.getByRole('textbox', { name: 'Client identifier' }).inputValue(),
    clientSecret: await shown.getByRole('textbox', { name: 'Client secret' }).inputValue(),
  };
}

/** Creates a token on the page as a person would, and returns the value shown once. */
async function createToken(page: Page, name: string, scopes: string[] = []): Promise<string> {
  await page.goto('/settings/tokens');
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes)
    await page.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: `Your new token: ${name}` })).toBeVisible();
  return page.getByRole('textbox', { name: 'New token' }).inputValue();
}

test.describe('personal access tokens', () => {
  test('are made with the keyboard, shown once, copied, and read private showcases with the private scope', async ({
    page,
    context,
    playwright,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'owner@vitrine.test');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'API tokens and apps' }).click();
    await expect(page).toHaveURL(/\/settings\/tokens$/);

    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.type('Archive script');
    await page.getByRole('checkbox', { name: /^private / }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Create token' }).focus();
    await page.keyboard.press('Enter');

    const shown = page.getByTestId('new-credential');
    await expect(shown.getByRole('status')).toContainText('shown only this once');
    const token = await shown.getByRole('textbox', { name: 'New token' }).inputValue();
    expect(token).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy token' }).click();
    await expect(shown.getByText('Copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    const listed = page.getByTestId('token').filter({ hasText: 'Archive script' });
    await expect(listed).toContainText(/public, private/);
    await expect(listed).toContainText('last used never');

    await page.reload();
    await expect(page.getByTestId('new-credential')).toHaveCount(0);
    expect(await page.content()).not.toContain(token);

    const api = await integration(playwright);
    expect((await api.get(`/api/albums/${team}`)).status()).toBe(401);
    const album = await api.get(`/api/albums/${team}`, { headers: bearer(token) });
    expect(album.status()).toBe(200);
    expect((await album.json()).name).toBe('Team Dailies');
    const me = await api.get('/api/me', { headers: bearer(token) });
    expect(me.status()).toBe(200);
    expect((await me.json()).name).toBe('Olivia Okafor');
    await api.dispose();

    await page.reload();
    await expect(page.getByTestId('token').filter({ hasText: 'Archive script' })).not.toContainText(
      'last used never',
    );
  });

  test('with only the public scope read what anybody may, and nothing private', async ({
    page,
    playwright,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const token = await createToken(page, 'Public reader');
    await expect(page.getByTestId('token').filter({ hasText: 'Public reader' })).toContainText(
      'Scopes: public ·',
    );

    const api = await integration(playwright);
    expect((await api.get(`/api/albums/${grid}`, { headers: bearer(token) })).status()).toBe(200);
    const teamAlbum = await api.get(`/api/albums/${team}`, { headers: bearer(token) });
    expect(teamAlbum.status()).toBe(401);
    expect(JSON.stringify(await teamAlbum.json())).not.toContain('Team Dailies');
    const me = await api.get('/api/me', { headers: bearer(token) });
    expect(me.status()).toBe(403);
    expect(await me.json()).toMatchObject({
      developer_message: expect.stringContaining('"private" scope'),
    });
    await api.dispose();
  });

  test('stop working the moment they are revoked', async ({ page, playwright }) => {
    await signIn(page, 'admin@vitrine.test');
    const token = await createToken(page, 'Soon revoked', ['private']);
    const api = await integration(playwright);
    expect((await api.get(`/api/albums/${team}`, { headers: bearer(token) })).status()).toBe(200);

    const row = page.getByTestId('token').filter({ hasText: 'Soon revoked' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('status')).toHaveText('Token revoked. It no longer works.');
    await expect(page.getByTestId('token').filter({ hasText: 'Soon revoked' })).toHaveCount(0);

    for (const path of [`/api/albums/${team}`, `/api/albums/${grid}`]) {
      const refused = await api.get(path, { headers: bearer(token) });
      expect(refused.status()).toBe(401);
      expect(refused.headers()['www-authenticate']).toBe('Bearer error="invalid_token"');
      expect(refused.headers()['content-type']).toContain('json');
    }
    await api.dispose();
  });

  test('asks for a name, and makes nothing without one', async ({ page }) => {
    await signIn(page, 'member@vitrine.test');
    await page.goto('/settings/tokens');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Create token' }).click(),
    ]);
    expect(response.status()).toBe(400);
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(/Give it a name of up to 100 characters\./);
    await expect(page.getByTestId('token')).toHaveCount(0);
  });

  test('are asked for only by the signed-in: a stranger is sent to sign in', async ({ page }) => {
    await page.goto('/settings/tokens');
    await expect(page).toHaveURL(/\/log_in\?redirect=%2Fsettings%2Ftokens$/);
  });
});

test.describe('a bearer token the site never issued', () => {
  test('is refused with 401 in JSON on every API call, reading or writing', async ({
    playwright,
  }) => {
    const api = await integration(playwright);
    const forged = [
      `vit_${'x'.repeat(43)}`,
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged',
      'nonsense',
    ];
    for (const token of forged) {
      const read = await api.get(`/api/albums/${grid}`, { headers: bearer(token) });
      expect(read.status()).toBe(401);
      expect(await read.json()).toMatchObject({
        error: 'Unauthorized',
        developer_message: expect.stringContaining('not valid'),
      });
      expect(
        (
          await api.post('/api/cart/stock', { headers: bearer(token), data: { stocks_to_add: [] } })
        ).status(),
      ).toBe(401);
    }
    expect((await api.get(`/api/albums/${grid}`)).status()).toBe(200);
    await api.dispose();
  });
});

test.describe('apps and the client-credentials grant', () => {
  test('an app trades its id and secret for a public token, refused once the app is deleted', async ({
    page,
    playwright,
  }) => {
    await signIn(page, 'contributor@vitrine.test');
    const { clientId, clientSecret } = await registerApp(page, 'Lobby screen');
    await expect(page.getByTestId('app').filter({ hasText: 'Lobby screen' })).toContainText(
      clientId,
    );

    // As Vimeo's client posts it: a form, Basic authentication, no Origin and no cookie.
    const api = await integration(playwright);
    const granted = await api.post(GRANT, {
      headers: basic(clientId, clientSecret),
      form: { grant_type: 'client_credentials', scope: 'public private' },
    });
    expect(granted.status()).toBe(200);
    const body = await granted.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      scope: 'public',
      app: { name: 'Lobby screen' },
    });
    expect(
      (await api.get(`/api/albums/${grid}`, { headers: bearer(body.access_token) })).status(),
    ).toBe(200);
    expect(
      (await api.get(`/api/albums/${team}`, { headers: bearer(body.access_token) })).status(),
    ).toBe(401);

    const wrong = await api.post(GRANT, {
      headers: basic(clientId, 'vitsecret_wrong'),
      form: { grant_type: 'client_credentials' },
    });
    expect(wrong.status()).toBe(401);
    expect(wrong.headers()['www-authenticate']).toMatch(/^Basic /);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    const badScope = await api.post(GRANT, {
      headers: basic(clientId, clientSecret),
      form: { grant_type: 'client_credentials', scope: 'everything' },
    });
    expect(badScope.status()).toBe(400);
    expect((await badScope.json()).error).toBe('invalid_scope');
    const badGrant = await api.post(GRANT, {
      headers: basic(clientId, clientSecret),
      form: { grant_type: 'magic' },
    });
    expect(badGrant.status()).toBe(400);
    expect((await badGrant.json()).error).toBe('unsupported_grant_type');

    await page
      .getByTestId('app')
      .filter({ hasText: 'Lobby screen' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByRole('status')).toHaveText(
      'App deleted, and every token it was given revoked.',
    );
    expect(
      (await api.get(`/api/albums/${grid}`, { headers: bearer(body.access_token) })).status(),
    ).toBe(401);
    expect(
      (
        await api.post(GRANT, {
          headers: basic(clientId, clientSecret),
          form: { grant_type: 'client_credentials' },
        })
      ).status(),
    ).toBe(401);
    await api.dispose();
  });
});

test.describe("Vimeo's own client", () => {
  test('trades an app’s id and secret for a token at the API origin, and reads with it', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const { clientId, clientSecret } = await registerApp(page, 'Vimeo script');
    const granted = await new vimeo.Vimeo(clientId, clientSecret).generateClientCredentials([
      'public',
      'private',
    ]);
    expect(granted.statusCode).toBe(200);
    expect(granted.body).toMatchObject({
      token_type: 'Bearer',
      scope: 'public',
      app: { name: 'Vimeo script' },
    });
    const client = new vimeo.Vimeo(clientId, clientSecret, granted.body['access_token'] as string);
    const album = await client.request(`/albums/${grid}`);
    expect(album.body['name']).toBe('Northwind Showreel');
    await expect(client.request(`/albums/${team}`)).rejects.toThrow(/error/);
    await expect(
      new vimeo.Vimeo(clientId, 'vitsecret_wrong').generateClientCredentials('public'),
    ).rejects.toThrow(/invalid_client/);
  });
});

test.describe('the origin check', () => {
  test('still refuses a form posted from another site, or from none', async ({ playwright }) => {
    const api = await integration(playwright);
    const origin = new URL(test.info().project.use.baseURL!).origin;
    expect(
      (
        await api.post('/settings/theme', {
          form: { theme: 'dark' },
          headers: { Origin: 'https://elsewhere.example' },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(403);
    expect(
      (await api.post('/settings/theme', { form: { theme: 'dark' }, maxRedirects: 0 })).status(),
    ).toBe(403);
    expect(
      (
        await api.post('/settings/theme', {
          form: { theme: 'dark' },
          headers: { Origin: origin },
          maxRedirects: 0,
        })
      ).status(),
    ).toBe(303);
    await api.dispose();
  });
});

test.describe('accessibility', { tag: '@accessibility' }, () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the tokens page passes axe in the ${theme} theme and in German, with a token shown once`, async ({
      browser,
    }) => {
      // Three full axe passes on a page with two lists and two forms.
      test.slow();
      const context = await browser.newContext();
      await context.addCookies([
        { name: 'theme', value: theme, url: test.info().project.use.baseURL! },
      ]);
      const page = await context.newPage();
      await signIn(page, 'viewer@vitrine.test');
      await page.goto('/de-DE/settings/tokens');
      await expectAccessible(page);
      await page.getByLabel('Name', { exact: true }).fill(`Axe ${theme}`);
      await page.getByRole('button', { name: 'Token erstellen' }).click();
      await expect(page.getByTestId('new-credential')).toBeVisible();
      await page.getByLabel('Name der App').fill(`Axe ${theme}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'App registrieren' }).click();
      await expect(page.getByRole('textbox', { name: 'Client-Secret' })).toBeVisible();
      await expectAccessible(page);
      await context.close();
    });
  }
});
