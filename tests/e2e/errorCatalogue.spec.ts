import { STATUS_CODES } from 'node:http';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, hydrated, islandOf, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom, signIn, signInRequest } from './session.ts';

/**
 * SPEC §8, the error catalogue: each message the product shows today, next to a real
 * situation that makes it appear (a route and what to do there), with the words exactly as
 * a viewer reads them and the HTTP status that comes with them.
 */

const grid = `/showcase/${showcaseId('grid')}`;
const player = `/showcase/${showcaseId('player')}`;
const password = `/showcase/${showcaseId('password')}`;
const team = `/showcase/${showcaseId('team')}`;
const drafts = `/showcase/${showcaseId('private')}`;

const UNAUTHORIZED = ['Unauthorized', 'You are unauthorized for this action.'] as const;
const FORBIDDEN = [
  'Permission Denied',
  'Sorry but you do not have the proper permission to access this area.',
] as const;
const NOT_FOUND = [
  "Sorry, we couldn't find that page",
  'Check the URL for typos, or go back to the home page.',
] as const;
const TECHNICAL = [
  'Technical Difficulties',
  'Whoops! We are having some technical difficulties, please try again in a minute.',
] as const;
const TOO_MANY = [
  'Whoa there!',
  'Sorry, you have made too many requests in a short period of time. Please wait a few minutes and try again.',
] as const;
const PRIVATE = ['This is private', "Sorry, you don't have permission to watch here."] as const;
const TEAM_NO_ACCESS = [
  "This account doesn't have access",
  "Try again, or contact your team's admin for help.",
] as const;
const VIDEOS_ERROR = [
  'Sorry, there was an error',
  'There was a problem loading these videos. Refresh to try again.',
] as const;
const WRONG_PASSWORD = 'Sorry, that password was incorrect. Please try again.';
const SETTINGS_FAILED = 'Sorry, something went wrong. Please try again.';
const LANGUAGE_FAILED = 'Sorry, something weird happened. Please try again.';
const SIGN_IN_LANGUAGE_FAILED = 'Sorry, something went wrong. Please try again.';
const CART_FAILED = 'This clip could not be added to the cart.';
const CART_RETRY = 'Try again.';
const ACCOUNT_FAILED = 'Something went wrong. Please try again.';
const PURCHASE_FAILED = 'Sorry, something weird happened. Please try again.';
const SEARCH_FAILED = [
  'Please try again',
  'Sorry, something went wrong during your search.',
] as const;
const NO_RESULTS = 'No results. Try again?';
const VIDEO_REACHED = "You've reached your video limit. Upgrade for more!";
const VIDEO_ALMOST = "You've almost reached your video limit. Upgrade for more!";
const SPACE_ALMOST = 'You are almost out of space! Upgrade for more.';
const SPACE_OUT = 'You are out of space! Upgrade for more.';
const MODAL_LIMIT = [
  "You've reached the video limit",
  'To get more videos, upgrade your account',
] as const;
const MODAL_ALMOST = [
  "You've almost reached the video limit",
  'To increase your video limit, upgrade your account',
] as const;

/** The POST that a click sends from the page, to read its status. */
function posted(page: Page, pathname: string) {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === pathname,
  );
}

async function clipIdNamed(page: Page, title: string): Promise<number> {
  await page.goto('/stock');
  const href = await page.getByRole('link', { name: title }).getAttribute('href');
  return Number(href!.slice(1));
}

test.describe('error screens anybody can reach', () => {
  const screens: {
    situation: string;
    path: string;
    status: number;
    texts: readonly string[];
    axe?: boolean;
  }[] = [
    {
      situation: 'an address that leads nowhere',
      path: '/no-such-page',
      status: 404,
      texts: NOT_FOUND,
      axe: true,
    },
    {
      situation: 'a showcase private to its owner, opened by anybody else',
      path: drafts,
      status: 403,
      texts: PRIVATE,
      axe: true,
    },
    {
      situation: 'the SSO return address reached with no sign-in under way',
      path: '/auth0/callback',
      status: 401,
      texts: UNAUTHORIZED,
    },
    {
      situation: 'the screen a page that failed on the server is rewritten to',
      path: '/error/500',
      status: 500,
      texts: TECHNICAL,
    },
    {
      situation:
        'the showcase search page (where the search form lands without JavaScript) for words no video has',
      path: `${grid}/search?q=qzxjvbw`,
      status: 200,
      texts: [NO_RESULTS],
    },
  ];

  for (const { situation, path, status, texts, axe } of screens) {
    test(`${situation} shows "${texts[0]}" with ${status}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      expect(response?.statusText()).toBe(STATUS_CODES[status]);
      for (const text of texts) await expect(page.getByText(text, { exact: true })).toBeVisible();
      if (axe) await expectAccessible(page);
    });
  }

  test('a wrong showcase password is told inline on the 401 password screen', async ({ page }) => {
    const response = await page.goto(password);
    expect(response?.status()).toBe(401);
    expect(response?.statusText()).toBe('Unauthorized');
    await expect(page.locator('vitrine-password-form[data-enhanced]')).toHaveCount(1);
    await page.getByPlaceholder('Enter password').fill('not the password');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD);
  });

  test('a mature-content filter saved with no rating at all comes back with 400 and the settings message', async ({
    page,
  }) => {
    await page.goto('/settings');
    await page.getByRole('radio', { name: 'Custom' }).check();
    for (const rating of ['Safe', 'Unrated', 'Explicit'])
      await page.getByRole('checkbox', { name: rating }).uncheck();
    const [response] = await Promise.all([
      posted(page, '/settings'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(SETTINGS_FAILED);
  });

  test('a language change the site cannot make returns to the showcase with the footer saying so', async ({
    page,
    baseURL,
  }) => {
    const sent = await page.request.post('/settings/set_locale', {
      form: { locale: 'xx-XX', return_to: grid },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(sent.status()).toBe(303);
    const back = sent.headers()['location']!;
    expect(back).toBe(`${grid}#footer-language-failed`);
    await page.goto(back);
    await expect(page.getByText(LANGUAGE_FAILED)).toBeVisible();
  });

  test('a language change the site cannot make, sent from the sign-in page, says so in its own words', async ({
    page,
    baseURL,
  }) => {
    const sent = await page.request.post('/settings/set_locale', {
      form: { locale: 'xx-XX', return_to: '/log_in' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    await page.goto(sent.headers()['location']!);
    const status = page.locator('#footer-language-failed');
    await expect(status).toBeVisible();
    await expect(status).toContainText(SIGN_IN_LANGUAGE_FAILED);
  });

  test('too many sign-in tries from one client end on "Whoa there!" with 429 and Retry-After', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': '10.88.0.1' },
    });
    const page = await context.newPage();
    const token = await csrfTokenFrom(page.request, '/log_in');
    for (let i = 0; i < 10; i++) {
      const tried = await page.request.post('/log_in', {
        form: { token, email: 'nobody@vitrine.test', password: `guess ${i}`, redirect: '/' },
        headers: { Origin: baseURL! },
      });
      expect(tried.status()).toBe(401);
    }
    await page.goto('/log_in');
    await page.getByLabel('Email').fill('nobody@vitrine.test');
    await page.getByLabel('Password').fill('one more guess');
    const [response] = await Promise.all([
      posted(page, '/log_in'),
      page.getByRole('button', { name: 'Log in' }).click(),
    ]);
    expect(response.status()).toBe(429);
    expect(Number(response.headers()['retry-after'])).toBeGreaterThan(0);
    for (const text of TOO_MANY) await expect(page.getByText(text, { exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe('JSON error answers', () => {
  /** Vimeo's error fields, beside the screen's text (src/lib/apiError.ts). */
  const VIMEO_SHAPE = { link: null, developer_message: expect.any(String) };
  const answers: {
    situation: string;
    method: 'GET' | 'POST';
    path: string;
    data?: Record<string, string>;
    withToken?: boolean;
    fromOrigin?: string;
    asForm?: boolean;
    status: number;
    body: Record<string, unknown>;
  }[] = [
    {
      situation: 'the API asked for a password showcase without its password',
      method: 'GET',
      path: `/api/albums/${showcaseId('password')}`,
      status: 401,
      body: {
        error: UNAUTHORIZED[0],
        message: UNAUTHORIZED[1],
        status: 401,
        error_code: 0,
        ...VIMEO_SHAPE,
      },
    },
    {
      situation: 'the API asked for a showcase private to its owner',
      method: 'GET',
      path: `/api/albums/${showcaseId('private')}`,
      status: 403,
      body: {
        error: FORBIDDEN[0],
        message: FORBIDDEN[1],
        status: 403,
        error_code: 5,
        ...VIMEO_SHAPE,
      },
    },
    {
      situation: 'the API asked for a showcase that does not exist',
      method: 'GET',
      path: '/api/albums/424242',
      status: 404,
      body: {
        error: NOT_FOUND[0],
        message: NOT_FOUND[1],
        status: 404,
        error_code: 5,
        ...VIMEO_SHAPE,
      },
    },
    {
      situation: 'a page of videos past the last one',
      method: 'GET',
      path: `/api/albums/${showcaseId('grid')}/videos?page=99`,
      status: 400,
      body: {
        error: VIDEOS_ERROR[0],
        message: VIDEOS_ERROR[1],
        status: 400,
        error_code: 2286,
        ...VIMEO_SHAPE,
      },
    },
    {
      situation: 'a settings change posted from another site',
      method: 'POST',
      path: '/settings',
      data: { content_rating: 'safest' },
      fromOrigin: 'https://elsewhere.example',
      asForm: true,
      status: 403,
      body: {
        error: FORBIDDEN[0],
        message: FORBIDDEN[1],
        status: 403,
        error_code: 3200,
        ...VIMEO_SHAPE,
      },
    },
    {
      situation: 'a mature-content filter with a rating that does not exist',
      method: 'POST',
      path: '/settings',
      data: { content_rating: 'adult' },
      withToken: true,
      status: 400,
      body: { ok: false, message: SETTINGS_FAILED },
    },
    {
      situation: 'a language change to a language the site does not offer',
      method: 'POST',
      path: '/settings/set_locale',
      data: { locale: 'xx-XX' },
      status: 400,
      body: { ok: false, message: LANGUAGE_FAILED },
    },
  ];

  for (const {
    situation,
    method,
    path,
    data,
    withToken,
    fromOrigin,
    asForm,
    status,
    body,
  } of answers) {
    test(`${situation} answers ${status} with "${String(body['error'] ?? body['message'])}"`, async ({
      request,
      baseURL,
    }) => {
      const token = withToken ? await csrfTokenFrom(request, password) : undefined;
      const fields = data ? { ...data, ...(token ? { token } : {}) } : undefined;
      // A browser sends JSON across sites only after a preflight; a form it sends at once.
      const sent = fields && (asForm ? { form: fields } : { data: fields });
      const response = await request.fetch(path, {
        method,
        headers: { Accept: 'application/json', Origin: fromOrigin ?? baseURL! },
        ...sent,
      });
      expect(response.status()).toBe(status);
      expect(await response.json()).toEqual(body);
    });
  }
});

test.describe('upload quota', () => {
  const refusals = [
    { email: 'member@vitrine.test', bytes: 1, text: VIDEO_REACHED },
    { email: 'owner@vitrine.test', bytes: 20 * 1024 ** 3, text: SPACE_OUT },
  ];

  for (const { email, bytes, text } of refusals) {
    test(`an upload ${email} has no room for is refused with 413 and "${text}"`, async ({
      request,
      baseURL,
    }) => {
      const { xsrft } = await signInRequest(request, baseURL!, email);
      const refused = await request.post('/api/uploads', {
        headers: {
          'Tus-Resumable': '1.0.0',
          Origin: baseURL!,
          'X-XSRF-Token': xsrft,
          'Upload-Length': String(bytes),
        },
      });
      expect(refused.status()).toBe(413);
      expect(JSON.parse(await refused.text())).toEqual({ error: text, status: 413 });
    });
  }

  // The pill bounces to catch the eye; a viewer who asked for less motion gets a still one.
  test.use({ reducedMotion: 'reduce' });

  const moods = [
    { email: 'member@vitrine.test', modal: MODAL_LIMIT, message: VIDEO_REACHED },
    { email: 'viewer@vitrine.test', modal: MODAL_ALMOST, message: VIDEO_ALMOST },
    // A size quota's modal says only the storage line, as its title.
    { email: 'admin@vitrine.test', modal: [SPACE_ALMOST, SPACE_ALMOST], message: SPACE_ALMOST },
  ];

  for (const { email, modal, message } of moods) {
    test(`the quota pill of ${email} opens "${modal[0]}" first, then the popover says "${message}"`, async ({
      page,
    }) => {
      await signIn(page, email);
      await hydrated(page);
      const pill = page.getByRole('button', { name: /^Upload quota:/ });
      await pill.click();
      const dialog = page.getByRole('dialog', { name: modal[0] });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(modal[1], { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: 'Not now' }).click();
      await expect(dialog).toBeHidden();
      await pill.click();
      await expect(
        page.getByRole('region', { name: 'Upload quota' }).getByText(message, { exact: true }),
      ).toBeVisible();
    });
  }
});

test.describe('a signed-in account outside the team', () => {
  test('is told it has no access to the team showcase, and a form opened before signing in is refused', async ({
    page,
    context,
  }) => {
    await page.goto('/settings');
    const other = await context.newPage();
    await signIn(other, 'member@vitrine.test');

    const noAccess = await other.goto(team);
    expect(noAccess?.status()).toBe(403);
    for (const text of TEAM_NO_ACCESS)
      await expect(other.getByText(text, { exact: true })).toBeVisible();

    // The settings form still carries the token of the signed-out visit.
    const [refused] = await Promise.all([
      posted(page, '/settings'),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    expect(refused.status()).toBe(403);
    for (const text of FORBIDDEN) await expect(page.getByText(text, { exact: true })).toBeVisible();
  });
});

test.describe('stock failures', () => {
  test('a clip page left open while another account signs in elsewhere cannot add the clip, and says so', async ({
    page,
    context,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const clipId = await clipIdNamed(page, 'City lights at dusk');
    await page.goto(`/${clipId}`);
    await hydrated(page);

    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Sign out' }).click();
    await signIn(other, 'admin@vitrine.test');

    // The open page still sends the owner's token and JWT; the session is now the admin's.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(CART_FAILED);
    await expect(alert.getByRole('button', { name: CART_RETRY })).toBeVisible();
    await page.getByRole('button', { name: 'Add to account' }).click();
    await expect(alert).toHaveText(PURCHASE_FAILED);
  });

  test('an account without free stock is refused Add to account, and an unknown clip is refused by the cart', async ({
    baseURL,
    page,
  }) => {
    const clipId = await clipIdNamed(page, 'City lights at dusk');
    const api = page.request;
    const { xsrft, jwt, userId } = await signInRequest(api, baseURL!, 'admin@vitrine.test');
    const purchase = `/api/users/${userId}/purchases/stocks/${clipId}?clip_uri=/videos/${clipId}`;

    const refused = await api.post(purchase, {
      data: { quality: 'HD' },
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({ error: { message: ACCOUNT_FAILED } });

    const unknown = await api.post('/api/cart/stock', {
      data: { stocks_to_add: [{ clip_id: 2_147_483_647 }] },
      headers: { Authorization: `Bearer ${jwt}` },
    });
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: { message: CART_FAILED, retry: CART_RETRY } });

    // Without JavaScript the form comes back to the clip page, which shows the message.
    const form = await api.post(purchase, {
      form: { token: xsrft, quality: 'HD', return_to: `/${clipId}` },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(form.status()).toBe(303);
    await page.goto(form.headers()['location']!);
    await expect(page.getByRole('alert')).toHaveText(ACCOUNT_FAILED);
  });
});

test.describe('messages of islands whose call does not get through', () => {
  test('a showcase search that cannot reach the server shows the search error', async ({
    page,
  }) => {
    await page.route(
      (url) =>
        url.pathname === `/api/albums/${showcaseId('grid')}/videos` &&
        url.searchParams.has('query'),
      (route) => route.abort(),
    );
    await page.goto(grid);
    const field = page.getByRole('searchbox', { name: 'Search this showcase' });
    await field.fill('glass');
    await expect(islandOf(page, 'Search', 'hydrated')).toHaveCount(1);
    await field.press('Enter');
    const results = page.getByRole('region', { name: 'Results for “glass”' });
    for (const text of SEARCH_FAILED)
      await expect(results.getByText(text, { exact: true })).toBeVisible();
  });

  test("the player layout's Load more that cannot reach the server says the videos did not load", async ({
    page,
  }) => {
    await page.route(
      (url) => url.pathname === `/api/albums/${showcaseId('player')}/videos`,
      (route) => route.abort(),
    );
    await page.goto(player);
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect(page.getByRole('alert')).toHaveText(VIDEOS_ERROR[1]);
    await expect(page).toHaveURL(player);
  });
});
