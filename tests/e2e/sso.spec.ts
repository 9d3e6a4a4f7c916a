/**
 * SSO sign-in (SPEC §2, §4, §5, §9) against a real OpenID Connect provider on loopback
 * (tests/e2e/oidcProvider.mjs, the demo team's connection): the sign-in screen with its
 * consent box, the authorization code flow with just-in-time team membership, failures,
 * and the embed's 800x600 popup with its message rule.
 */
import type { FrameLocator, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

const team = `/showcase/${showcaseId('team')}`;
const embed = `${team}/embed`;
const authorize = `${team}/authorize`;
const SITE = `http://127.0.0.1:${Number(process.env['E2E_PORT'] ?? 4455)}`;
const OIDC = `http://127.0.0.1:${Number(process.env['E2E_OIDC_PORT'] ?? 4460)}`;
const CONSENT =
  'I understand that the account creator and admins may access my viewing history, which can be changed in my account settings.';

/** The consent rule runs in the page script of the sign-in form. */
async function ssoFormEnhanced(page: Page): Promise<void> {
  await expect(page.locator('vitrine-sso-sign-in[data-enhanced]')).toHaveCount(1);
}

/** The popup opens, and its message is heard, once the embed's page script runs. */
async function embedSignInEnhanced(scope: Page | FrameLocator): Promise<void> {
  await expect(scope.locator('vitrine-embed-sign-in[data-enhanced]')).toHaveCount(1);
}

/** The provider's own pages: its development login form (any password), then its consent step. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${OIDC}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test.describe('the sign-in screen of a team with one SSO connection', () => {
  test('offers SSO with the consent box ticked, and e-mail sign-in, without naming the showcase', async ({
    page,
  }) => {
    const response = await page.goto(team);
    expect(response?.status()).toBe(401);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Studio' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in with SSO' })).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    await expect(
      page.getByRole('link', { name: 'Log in with email and password' }),
    ).toHaveAttribute('href', `/log_in?redirect=${encodeURIComponent(team)}`);
    await expect(page.getByText('Team Dailies')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('disables the button while the consent box is unticked', async ({ page }) => {
    await page.goto(team);
    const button = page.getByRole('button', { name: 'Sign in with SSO' });
    const consent = page.getByRole('checkbox', { name: CONSENT });
    await ssoFormEnhanced(page);
    await consent.uncheck();
    await expect(button).toBeDisabled();
    await expectAccessible(page);
    await consent.check();
    await expect(button).toBeEnabled();
  });

  test('keeps a box unticked before the page script arrived, and disables the button', async ({
    page,
  }) => {
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/**', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto(team, { waitUntil: 'domcontentloaded' });
    const consent = page.getByRole('checkbox', { name: CONSENT });
    await consent.uncheck();
    release();
    await ssoFormEnhanced(page);
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole('button', { name: 'Sign in with SSO' })).toBeDisabled();
  });

  test('leads to the e-mail and password form, and back to the showcase', async ({ page }) => {
    await page.goto(team);
    await page.getByRole('link', { name: 'Log in with email and password' }).click();
    await expect(page).toHaveURL(`/log_in?redirect=${encodeURIComponent(team)}`);
    await page.getByLabel('Email').fill('contributor@vitrine.test');
    await page.getByLabel('Password').fill('vitrine-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
  });

  test('signs a newcomer in through the provider, makes them a team Viewer and comes back to the showcase', async ({
    page,
    context,
  }) => {
    await page.goto(team);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, 'sso-newcomer@vitrine.test');
    await expect(page).toHaveURL(team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Noor Newcomer');
    await expect(page.getByRole('list').getByRole('listitem').first()).toBeVisible();
    // SPEC §4: the team sign-in redirect cookie is removed after use; so is the SSO state.
    const names = (await context.cookies(SITE)).map((c) => c.name);
    expect(names).not.toContain('team_signin_redirect');
    expect(names).not.toContain('sso_state');
    await expectAccessible(page);
  });

  test('signs an existing team member in, without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(team);
    await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await signInAtProvider(page, 'viewer@vitrine.test');
    await expect(page).toHaveURL(team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    await expect(page.getByTestId('account-name')).toHaveText('Kenji Watanabe');
    await context.close();
  });

  test("keeps the viewer's language through the provider and back", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(team);
    await expect(page).toHaveURL(`/es${team}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Inicia sesión en Northwind Studio' }),
    ).toBeVisible();
    const [authorization] = await Promise.all([
      page.waitForRequest((r) => r.url().startsWith(`${OIDC}/auth?`)),
      page.getByRole('button', { name: 'Iniciar sesión con SSO' }).click(),
    ]);
    expect(new URL(authorization.url()).searchParams.get('ui_locales')).toBe('es');
    // The callback is registered unprefixed; the locale redirect on the way back must not break it.
    await signInAtProvider(page, 'viewer@vitrine.test');
    await expect(page).toHaveURL(`/es${team}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    await context.close();
  });
});

test.describe('/auth0/connect and /auth0/callback', () => {
  test('refuse to start without consent, start the code flow with PKCE, state and nonce, and never redirect off-site', async ({
    page,
  }) => {
    await page.goto(team);
    const teamId = await page.locator('input[name="team_id"]').inputValue();
    const start = (query: string) =>
      page.request.get(`/auth0/connect?${query}`, { maxRedirects: 0 });

    const refused = await start(`prev_page=${encodeURIComponent(team)}&team_id=${teamId}`);
    expect(refused.status()).toBe(302);
    expect(refused.headers()['location']).toBe(team);

    const started = await start(
      `prev_page=${encodeURIComponent(team)}&team_id=${teamId}&consent=1`,
    );
    expect(started.status()).toBe(302);
    const location = new URL(started.headers()['location']!);
    expect(location.origin + location.pathname).toBe(`${OIDC}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'vitrine-e2e',
      response_type: 'code',
      redirect_uri: `${SITE}/auth0/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(param)).toMatch(/^[\w-]{22,}$/);
    const cookie = started.headers()['set-cookie'] ?? '';
    expect(cookie).toMatch(/sso_state=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=600/i);

    const offSite = await start(
      `prev_page=${encodeURIComponent('https://evil.test/')}&team_id=${teamId}`,
    );
    expect(offSite.headers()['location']).toBe('/');
    expect((await start('team_id=424242&consent=1')).status()).toBe(404);
  });

  test('shows Unauthorized for an e-mail the provider does not vouch for', async ({ page }) => {
    await page.goto(team);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/auth0/callback')),
      signInAtProvider(page, 'unverified@vitrine.test'),
    ]);
    expect(response.status()).toBe(401);
    await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
    await expect(page.getByText(/at .*\.ts:\d+/)).toHaveCount(0);
    await expectAccessible(page);
    await page.goto(team);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Studio' }),
    ).toBeVisible();
  });

  test('shows Unauthorized when the viewer cancels at the provider', async ({ page }) => {
    await page.goto(team);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.getByRole('link', { name: '[ Cancel ]' }).click();
    await expect(page).toHaveURL(/\/auth0\/callback\?error=access_denied/);
    await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible();
  });

  test('refuses a replayed callback', async ({ page }) => {
    await page.goto(team);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    const [callback] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/auth0/callback')),
      signInAtProvider(page, 'viewer@vitrine.test'),
    ]);
    await expect(page).toHaveURL(team);
    const replay = await page.request.get(callback.url(), { maxRedirects: 0 });
    expect(replay.status()).toBe(401);
  });
});

test.describe('the embed of a team showcase', () => {
  test('offers sign-in in a popup, reloading only for a success from its own origin', async ({
    page,
  }) => {
    const response = await page.goto(embed);
    expect(response?.status()).toBe(401);
    expect(response?.headers()['content-security-policy']).toContain('frame-ancestors *');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Northwind Studio' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute(
      'href',
      `${authorize}?use_sso=true`,
    );
    await expect(page.getByText('Team Dailies')).toHaveCount(0);
    await expectAccessible(page);
    // The listener is attached by the page script.
    await embedSignInEnhanced(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    // SPEC §5: another origin, or another type, is not a sign-in. The fetch after the events
    // would be cut short by a reload they started.
    await page.evaluate(async () => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'http://evil.test', data: { type: 'success' } }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { origin: location.origin, data: { type: 'ready' } }),
      );
      window.dispatchEvent(
        new MessageEvent('message', { origin: location.origin, data: 'success' }),
      );
      await fetch('/healthz');
    });
    // A real window of another origin posting a success to its opener.
    const [other] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(
        (url) => void window.open(url, '_blank', 'popup'),
        `${OIDC}/e2e/post-to-opener`,
      ),
    ]);
    await expect(other).toHaveTitle('Posted');
    await other.close();
    await page.evaluate(() => fetch('/healthz').then(() => undefined));
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

    await Promise.all([
      page.waitForEvent('load'),
      page.evaluate(() =>
        window.dispatchEvent(
          new MessageEvent('message', { origin: location.origin, data: { type: 'success' } }),
        ),
      ),
    ]);
    expect(
      await page.evaluate(() => (window as unknown as { marker?: number }).marker),
    ).toBeUndefined();
  });

  test('signs in through the 800x600 popup from a frame on another site, and reloads the frame', async ({
    page,
  }) => {
    await page.goto(`${OIDC}/e2e/host?src=${encodeURIComponent(embed)}`);
    const frame = page.frameLocator('iframe');
    await embedSignInEnhanced(frame);
    const embedFrame = page.frames().find((f) => f.url().endsWith(embed))!;
    await embedFrame.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { features: string }).features = String(args[2]);
        return open(...args);
      };
    });
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      frame.getByRole('link', { name: 'Sign in with SSO' }).click(),
    ]);
    expect(
      await embedFrame.evaluate(() => (window as unknown as { features: string }).features),
    ).toMatch(/^popup=yes,width=800,height=600,left=-?\d+,top=-?\d+$/);

    await expect(popup).toHaveURL(`${SITE}${authorize}?use_sso=true`);
    await expect(
      popup.getByRole('heading', { level: 1, name: 'Sign in to Northwind Studio' }),
    ).toBeVisible();
    await expect(popup.getByRole('checkbox', { name: CONSENT })).toBeChecked();
    await expectAccessible(popup);
    await popup.getByRole('button', { name: 'Sign in with SSO' }).click();
    // Back on the popup page, signed in, it tells the frame and closes itself.
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, 'viewer@vitrine.test');
    await closed;
    await expect(frame.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    // The showcase plays in the frame: its first video is chosen and its player is there.
    const first = frame
      .getByRole('navigation', { name: 'Videos in this showcase' })
      .locator('a[data-embed-item]')
      .first();
    await expect(first).toHaveAttribute('aria-current', 'true');
    await expect(frame.locator('iframe[data-embed-player]')).toBeAttached();
  });

  test('logs a failed sign-in, closes the popup and says so', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(embed);
    await embedSignInEnhanced(page);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('link', { name: 'Sign in with SSO' }).click(),
    ]);
    await popup.getByRole('button', { name: 'Sign in with SSO' }).click();
    const closed = popup.waitForEvent('close');
    await signInAtProvider(popup, 'unverified@vitrine.test');
    await closed;
    await expect(page.getByRole('alert')).toHaveText("Sign-in didn't complete. Please try again.");
    expect(errors.some((e) => e.includes('sign-in failed'))).toBe(true);
    await expectAccessible(page);
  });

  test('logs and explains a popup the browser blocked', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(embed);
    await embedSignInEnhanced(page);
    await page.evaluate(() => (window.open = () => null));
    await page.getByRole('link', { name: 'Sign in with SSO' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
    );
    expect(errors.some((e) => e.includes('could not open'))).toBe(true);
    await expectAccessible(page);
  });

  test('the popup page offers e-mail sign-in with use_sso=false, and says when the viewer is signed in', async ({
    page,
  }) => {
    const response = await page.goto(`${authorize}?use_sso=false`);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
      'href',
      `/log_in?redirect=${encodeURIComponent(`${authorize}?use_sso=false`)}`,
    );
    await expect(page.getByRole('link', { name: 'Sign in with SSO instead' })).toHaveAttribute(
      'href',
      `${authorize}?use_sso=true`,
    );
    await expectAccessible(page);
    await signIn(page, 'viewer@vitrine.test');
    await page.goto(authorize);
    await expect(page.getByRole('heading', { level: 1, name: "You're signed in" })).toBeVisible();
    await expect(page.getByText('You can close this window.')).toBeVisible();
    await expectAccessible(page);
  });
});
