import type { Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom, signIn } from './session.ts';

const password = `/showcase/${showcaseId('password')}`;
const team = `/showcase/${showcaseId('team')}`;

async function passwordFormEnhanced(page: Page): Promise<void> {
  await expect(page.locator('vitrine-password-form[data-enhanced]')).toHaveCount(1);
}

test.describe('a password showcase', () => {
  test('asks for the password, says when it is wrong, clears the error on edit and opens when right', async ({
    page,
  }) => {
    const response = await page.goto(password);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'This showcase is private' })).toBeVisible();
    await expect(page.getByText('Client Preview')).toHaveCount(0);
    await expectAccessible(page);
    // Submitting in place is the page script's doing; a click before it runs posts the plain
    // form instead (tested without JavaScript below).
    await passwordFormEnhanced(page);

    const field = page.getByPlaceholder('Enter password');
    await field.fill('wrong guess');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Sorry, that password was incorrect. Please try again.',
    );
    await expectAccessible(page);
    await expect(field).toBeEnabled();
    await field.press('Backspace');
    await expect(page.getByRole('alert')).toHaveCount(0);

    await field.fill('northwind');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
  });

  test('disables the form while the password is being checked', async ({ page }) => {
    await page.goto(password);
    await passwordFormEnhanced(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByPlaceholder('Enter password').fill('not it');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByPlaceholder('Enter password')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    release();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByPlaceholder('Enter password')).toBeEnabled();
  });

  test('works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(password);
    await page.getByPlaceholder('Enter password').fill('nope');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText('Sorry, that password was incorrect. Please try again.'),
    ).toBeVisible();
    await page.getByPlaceholder('Enter password').fill('northwind');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(password);
    await expect(page.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
    await context.close();
  });

  test('opens in its embed frame, which keeps the proof in its address where no cookie is kept', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto(`${password}/embed`))?.status()).toBe(401);
    await page.getByPlaceholder('Enter password').fill('northwind');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/embed\?hash=[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
    // A frame on another site may keep no cookie at all: the address alone opens it, and its links hand the proof on.
    await context.clearCookies();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Orion campaign, client cut A/ })).toHaveAttribute(
      'href',
      /hash=/,
    );
    await context.close();
  });

  test('answers the auth call with the access state and, once opened, the hashed password', async ({
    request,
    baseURL,
  }) => {
    const before = await (await request.get(`${password}/auth`)).json();
    expect(before).toMatchObject({ error_code: 0, hashed_pass: null });
    expect(JSON.stringify(before)).not.toContain('Client Preview');
    const token = await csrfTokenFrom(request, password);
    const wrong = await (
      await request.post(`${password}/auth`, {
        form: { password: 'x', token },
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-Forwarded-For': '10.1.0.1',
          Origin: baseURL!,
        },
      })
    ).json();
    expect(wrong).toEqual({ password: false, error_code: 1, hashed_pass: null });
    const right = await (
      await request.post(`${password}/auth`, {
        form: { password: 'northwind', token },
        headers: {
          'X-Requested-With': 'XMLHttpRequest',
          'X-Forwarded-For': '10.1.0.1',
          Origin: baseURL!,
        },
      })
    ).json();
    expect(right).toMatchObject({ password: true, error_code: null });
    expect(right.hashed_pass).toMatch(/^[\w-]{20,}$/);
    // The proof opens the API too, as _hashed_pass.
    const videos = await request.get(
      `/api/albums/${showcaseId('password')}/videos?_hashed_pass=${right.hashed_pass}`,
      { headers: { Cookie: '' } },
    );
    expect(videos.status()).toBe(200);
    const forged = await request.get(
      `/api/albums/${showcaseId('password')}/videos?_hashed_pass=${'A'.repeat(43)}`,
      { headers: { Cookie: '' } },
    );
    expect(forged.status()).toBe(401);
    expect(await forged.text()).not.toContain('Client Preview');
  });

  test('limits password guessing with "Whoa there!" and Retry-After', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      extraHTTPHeaders: { 'X-Forwarded-For': '10.66.0.1' },
    });
    const page = await context.newPage();
    const token = await csrfTokenFrom(page.request, password);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await page.request.post(`${password}/auth`, {
        form: { password: `guess ${i}`, token },
        headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: baseURL! },
      });
      statuses.push(reply.status());
      if (reply.status() === 429) {
        expect(Number(reply.headers()['retry-after'])).toBeGreaterThan(0);
        expect((await reply.json()).error).toBe('Whoa there!');
      }
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The password form, with JavaScript, says why in place.
    await page.goto(password);
    await passwordFormEnhanced(page);
    await page.getByPlaceholder('Enter password').fill('one more');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(
      page.getByText(
        'Sorry, you have made too many requests in a short period of time. Please wait a few minutes and try again.',
      ),
    ).toBeVisible();
    // A browser without JavaScript gets the screen, with the same status.
    await page.goto(password);
    await page.getByPlaceholder('Enter password').fill('one more');
    const [response] = await Promise.all([
      page.waitForResponse(`**${password}/auth`),
      page.evaluate(() =>
        (document.querySelector('vitrine-password-form form') as HTMLFormElement).submit(),
      ),
    ]);
    expect(response.status()).toBe(429);
    await expect(page.getByRole('heading', { name: 'Whoa there!' })).toBeVisible();
    await expectAccessible(page);
    await context.close();
  });
});

test.describe('a team showcase', () => {
  test('asks an anonymous viewer to sign in to the team, without naming the showcase', async ({
    page,
  }) => {
    const response = await page.goto(team);
    expect(response?.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'Sign in to Northwind Studio' })).toBeVisible();
    await expect(page.getByText('Team Dailies')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('tells a signed-in account outside the team it has no access, with Try again', async ({
    page,
  }) => {
    await signIn(page, 'member@vitrine.test');
    const response = await page.goto(team);
    expect(response?.status()).toBe(403);
    await expect(
      page.getByRole('heading', { name: "This account doesn't have access" }),
    ).toBeVisible();
    await expect(page.getByText("Try again, or contact your team's admin for help.")).toBeVisible();
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(team);
    await expectAccessible(page);
  });

  for (const email of [
    'owner@vitrine.test',
    'admin@vitrine.test',
    'contributor@vitrine.test',
    'viewer@vitrine.test',
  ]) {
    test(`opens for ${email}`, async ({ page }) => {
      await signIn(page, email, 'vitrine-demo', team);
      await expect(page).toHaveURL(team);
      await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
    });
  }

  test('comes back to the showcase after signing in from its screen', async ({ page }) => {
    await page.goto(team);
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.getByLabel('Email').fill('admin@vitrine.test');
    await page.getByLabel('Password').fill('vitrine-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(team);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
  });
});

test.describe('showcases that are not available', () => {
  for (const [key, query] of [
    ['embed', ''],
    ['unlisted', ''],
    ['unlisted', '?sh=wrong'],
  ] as const) {
    test(`${key}${query} shows the not-available screen`, async ({ page }) => {
      const response = await page.goto(`/showcase/${showcaseId(key)}${query}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        "This showcase isn't available",
      );
      await expectAccessible(page);
    });
  }

  test('an unknown showcase looks the same as a hidden one', async ({ request }) => {
    const unknown = await (await request.get('/showcase/424242/auth')).json();
    expect(unknown).toEqual({ error_code: 5, hashed_pass: null, metadata: null });
    expect(
      (await (await request.get(`/showcase/${showcaseId('embed')}/auth`)).json()).error_code,
    ).toBe(4);
    expect(
      (await (await request.get(`/showcase/${showcaseId('unlisted')}/auth`)).json()).error_code,
    ).toBe(6);
    expect(
      (await (await request.get(`/showcase/${showcaseId('team')}/auth`)).json()).error_code,
    ).toBe(2);
    expect(
      (await (await request.get(`/showcase/${showcaseId('grid')}/auth`)).json()).error_code,
    ).toBeNull();
  });

  test('the unlisted showcase opens with its share hash, and paging keeps it', async ({ page }) => {
    await page.goto(`/showcase/${showcaseId('unlisted')}?sh=d1r3ct0rs`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Unlisted Director’s Cut' }),
    ).toBeVisible();
  });
});

test.describe('accounts', () => {
  test('refuses wrong credentials with one message and never redirects off-site', async ({
    page,
  }) => {
    await page.goto('/log_in?redirect=https://evil.test/');
    await page.getByLabel('Email').fill('owner@vitrine.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong email or password.');
    await expectAccessible(page);
    await page.getByLabel('Password').fill('vitrine-demo');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/');
  });

  test('signing out revokes the session on the server, and the API tokens issued from it', async ({
    page,
    context,
    request,
  }) => {
    await signIn(page, 'viewer@vitrine.test');
    const session = (await context.cookies()).find((c) => c.name === 'vsid')!;
    const { jwt } = await (await page.request.get('/api/viewer')).json();
    expect(
      (await request.get('/api/users/4', { headers: { Authorization: `Bearer ${jwt}` } })).status(),
    ).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
    const replay = await request.get('/api/me', { headers: { Cookie: `vsid=${session.value}` } });
    expect(replay.status()).toBe(401);
    expect(
      (await request.get('/api/users/4', { headers: { Authorization: `Bearer ${jwt}` } })).status(),
    ).toBe(401);
  });

  test('lets a user read their own account through the API, and of others only what their pages show', async ({
    page,
  }) => {
    await signIn(page, 'viewer@vitrine.test');
    const own = await page.request.get('/api/users/4?fields=name,membership.type');
    expect(await own.json()).toEqual({ name: 'Kenji Watanabe', membership: { type: 'basic' } });
    const owner = await (await page.request.get('/api/users/1')).json();
    expect(owner).toMatchObject({ uri: '/users/1', name: 'Olivia Okafor' });
    expect(owner).not.toHaveProperty('email');
    expect(owner).not.toHaveProperty('membership');
  });

  test('refuses a state change without the CSRF token', async ({ page, baseURL }) => {
    await signIn(page, 'viewer@vitrine.test');
    const forged = await page.request.patch('/api/users/4', {
      data: { name: 'Mallory' },
      headers: { Origin: baseURL! },
    });
    expect(forged.status()).toBe(403);
  });

  test('does not let a made-up bearer header carry a cookie-borne change past the CSRF check', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'viewer@vitrine.test');
    const forged = await page.request.patch('/api/users/4', {
      data: { name: 'Mallory' },
      headers: { Origin: baseURL!, Authorization: 'Bearer x' },
    });
    expect(forged.status()).toBe(401);
    expect(await (await page.request.get('/api/users/4?fields=name')).json()).toEqual({
      name: 'Kenji Watanabe',
    });
  });
});

test.describe('the viewer context', () => {
  test('gives a signed-in viewer a JWT that the API accepts', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const anonymous = await (await page.request.get('/api/viewer')).json();
    expect(anonymous).toMatchObject({ userId: null, jwt: null, locale: 'en' });
    await signIn(page, 'contributor@vitrine.test');
    const context = await (await page.request.get('/api/viewer')).json();
    expect(context).toMatchObject({ userId: 3, apiUrl: `${baseURL}/api` });
    // A client with no cookies at all, only the JWT, as an island or script would call.
    const api = await playwright.request.newContext({ baseURL: baseURL! });
    const own = await api.get('/api/users/3?fields=name', {
      headers: { Authorization: `Bearer ${context.jwt}` },
    });
    expect(await own.json()).toEqual({ name: 'Chloé Martin' });
    const renamed = await api.patch('/api/users/3', {
      data: { name: 'Chloé M.' },
      headers: { Authorization: `Bearer ${context.jwt}` },
    });
    expect((await renamed.json()).name).toBe('Chloé M.');
    await api.patch('/api/users/3', {
      data: { name: 'Chloé Martin' },
      headers: { Authorization: `Bearer ${context.jwt}` },
    });
    expect(
      (await api.get('/api/users/3', { headers: { Authorization: 'Bearer not.a.jwt' } })).status(),
    ).toBe(401);
    await api.dispose();
  });
});

test.describe('the player frame without cookies', () => {
  test('opens a password video with the hash proof and a team video with the jwt', async ({
    playwright,
    baseURL,
    page,
  }) => {
    const frame = await playwright.request.newContext({ baseURL: baseURL! });
    // The proof of the password showcase, as the video view hands it to its frame.
    const token = await csrfTokenFrom(frame, password);
    const proof = (
      await (
        await frame.post(`${password}/auth`, {
          form: { password: 'northwind', token },
          headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: baseURL! },
        })
      ).json()
    ).hashed_pass;
    const passwordVideo = (
      await (
        await frame.get(
          `/api/albums/${showcaseId('password')}/videos?per_page=1&fields=uri&_hashed_pass=${proof}`,
        )
      ).json()
    ).data[0].uri
      .split('/')
      .pop();
    await frame.dispose();

    const bare = await playwright.request.newContext({ baseURL: baseURL! });
    const framePath = `${password}/video/${passwordVideo}/embed?autoplay=0`;
    expect((await bare.get(framePath)).status()).toBe(401);
    const opened = await bare.get(`${framePath}&hash=${proof}`);
    expect(opened.status()).toBe(200);
    expect(await opened.text()).toContain('<video');

    await signIn(page, 'viewer@vitrine.test');
    const jwt = (await (await page.request.get('/api/viewer')).json()).jwt;
    const teamVideo = (
      await (
        await page.request.get(`/api/albums/${showcaseId('team')}/videos?per_page=1&fields=uri`)
      ).json()
    ).data[0].uri
      .split('/')
      .pop();
    const teamFrame = `${team}/video/${teamVideo}/embed?autoplay=0`;
    expect((await bare.get(teamFrame)).status()).toBe(401);
    expect((await bare.get(`${teamFrame}&jwt=${jwt}`)).status()).toBe(200);
    await bare.dispose();
  });
});

test.describe('one access path', () => {
  /** Every way to reach a showcase: its page, a video view, search, both frames and the API. */
  const routes = (id: number) => [
    `/showcase/${id}`,
    `/showcase/${id}/video/1`,
    `/showcase/${id}/search?q=a`,
    `/showcase/${id}/embed`,
    `/showcase/${id}/video/1/embed`,
    `/api/albums/${id}`,
    `/api/albums/${id}/videos`,
  ];

  for (const [key, status] of [
    ['password', 401],
    ['team', 401],
    ['private', 403],
    ['unlisted', 404],
  ] as const) {
    test(`answers ${status} everywhere for the ${key} showcase, never cached`, async ({
      request,
    }) => {
      for (const path of routes(showcaseId(key))) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(`${path} ${response.status()}`).toBe(`${path} ${status}`);
        expect(response.headers()['cache-control']).toMatch(/no-store/);
      }
    });
  }

  test('answers 404 everywhere for an unknown showcase, and 403 for a team the account is not in', async ({
    request,
    page,
  }) => {
    for (const path of routes(424242))
      expect(`${path} ${(await request.get(path, { maxRedirects: 0 })).status()}`).toBe(
        `${path} 404`,
      );
    await signIn(page, 'member@vitrine.test');
    for (const path of routes(showcaseId('team')))
      expect(`${path} ${(await page.request.get(path, { maxRedirects: 0 })).status()}`).toBe(
        `${path} 403`,
      );
  });

  test('opens an embed-only showcase in its frames only', async ({ request }) => {
    const id = showcaseId('embed');
    expect((await request.get(`/showcase/${id}`)).status()).toBe(404);
    expect((await request.get(`/showcase/${id}/embed`)).status()).toBe(200);
    expect((await request.get(`/api/albums/${id}?is_embed=1`)).status()).toBe(200);
  });
});

test.describe('a showcase private to its owner', () => {
  test('shows the privacy error to anybody else, and opens for its owner', async ({ page }) => {
    const path = `/showcase/${showcaseId('private')}`;
    const response = await page.goto(path);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1, name: 'This is private' })).toBeVisible();
    await expect(page.getByText("Sorry, you don't have permission to watch here.")).toBeVisible();
    await expect(page.getByText('Owner’s Drafts')).toHaveCount(0);
    await expectAccessible(page);
    // An unknown showcase is not private: it is not there.
    await page.goto('/showcase/424242');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "This showcase isn't available",
    );
    await signIn(page, 'owner@vitrine.test', 'vitrine-demo', path);
    await expect(page.getByRole('heading', { level: 1, name: 'Owner’s Drafts' })).toBeVisible();
  });
});

test.describe('team roles in every layout', () => {
  test('a Contributor gets no search field and no title links on the featured and player layouts', async ({
    page,
  }) => {
    await signIn(
      page,
      'contributor@vitrine.test',
      'vitrine-demo',
      `/showcase/${showcaseId('featured')}`,
    );
    await expect(page.getByRole('link', { name: 'Manage videos' })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    await expect(page.getByTestId('featured-video').getByRole('link')).toHaveCount(0);
    await expect(page.locator('article h3 a')).toHaveCount(0);
    await expect(page.locator('article h3').first()).toBeVisible();

    await page.goto(`/showcase/${showcaseId('player')}`);
    await expect(page.locator('a[data-video]')).toHaveCount(0);
    const first = page.locator('button[data-video]').first();
    await first.click();
    await expect(page.getByTestId('now-playing')).toBeVisible();
    await expectAccessible(page);
  });

  test('offsite, links open a new tab and the team link is hidden on every layout', async ({
    page,
  }) => {
    await signIn(page, 'admin@vitrine.test');
    for (const key of ['featured', 'live'] as const) {
      await page.goto(`/showcase/${showcaseId(key)}?app=showcase`);
      await expect(page.locator('article h3 a').first()).toHaveAttribute('target', '_blank');
      await expect(page.getByRole('link', { name: 'Manage videos' })).toHaveCount(0);
    }
  });
});

test.describe('signing in from an offsite showcase', () => {
  test('comes back through /offsite_redirect to the showcase', async ({ page }) => {
    const path = `/showcase/${showcaseId('team')}?offsite=redirect`;
    await page.goto(path);
    const logIn = page.getByRole('link', { name: 'Log in with email and password' });
    await expect(logIn).toHaveAttribute('href', /offsite_redirect/);
    await logIn.click();
    await page.getByLabel('Email').fill('admin@vitrine.test');
    await page.getByLabel('Password').fill('vitrine-demo');
    const [hop] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/offsite_redirect')),
      page.getByRole('button', { name: 'Log in' }).click(),
    ]);
    expect(hop.status()).toBe(303);
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Team Dailies' })).toBeVisible();
  });
});
