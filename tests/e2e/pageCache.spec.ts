/**
 * The server's page cache (src/server/http/pageCache.ts): an anonymous visitor's second view of
 * a public page comes from the cache, with an ETag that a revalidation answers with 304; a
 * signed-in viewer's pages are never cached; and a write in the studio (a video added, a video
 * renamed, the showcase made password-private) shows on the public pages at once. Across app
 * nodes: two servers on one PostgreSQL database of the test's own, a page cached by one forgotten
 * when the other writes (PostgreSQL notifications).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ADMIN_URL, onServer } from './adminDatabase.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';

const grid = `/showcase/${showcaseId('grid')}`;

/** Asks for `path` until the cache answers it: the first view is rendered and then stored. */
async function cached(request: APIRequestContext, path: string): Promise<string> {
  await expect
    .poll(async () => (await request.get(path)).headers()['x-vitrine-cache'], {
      message: `${path} from the cache`,
      timeout: 30_000,
    })
    .toBe('hit');
  return (await request.get(path)).text();
}

async function createShowcase(page: Page, name: string): Promise<number> {
  await page.goto('/manage/showcases');
  await page.getByLabel('New showcase name').fill(name);
  await page.getByRole('button', { name: 'Create showcase' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText(
    'Showcase created. Add videos and choose its settings.',
  );
  return Number(/\/manage\/showcases\/(\d+)/.exec(page.url())![1]);
}

async function addFromLibrary(page: Page, name: string): Promise<void> {
  await page.getByLabel('Search your library').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('checkbox', { name }).check();
  await page.getByRole('button', { name: 'Add chosen videos' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText('Videos added.');
}

async function renameVideo(page: Page, from: string, to: string): Promise<void> {
  await page.goto(`/manage/videos?q=${encodeURIComponent(from)}`);
  await page.getByRole('link', { name: from, exact: true }).click();
  await page.getByLabel('Title', { exact: true }).fill(to);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
}

async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('the page cache', () => {
  test('serves an anonymous visitor’s second view from the cache, and answers its ETag with 304', async ({
    request,
  }) => {
    const body = await cached(request, grid);
    const hit = await request.get(grid, { headers: { 'accept-encoding': 'br' } });
    expect(hit.headers()['content-encoding']).toBe('br');
    expect(await hit.text()).toBe(body);
    const etag = hit.headers()['etag']!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(hit.headers()['vary']).toContain('Accept-Encoding');
    const again = await request.get(grid, {
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(again.status()).toBe(304);
    expect(await again.text()).toBe('');
    expect(hit.headers()['set-cookie']).toBeUndefined();
  });

  test('serves a link with campaign markers and unknown parameters the cached page, which names no campaign', async ({
    request,
  }) => {
    const plain = await cached(request, grid);
    const shared = await request.get(
      `${grid}?utm_source=newsletter&utm_medium=email&fbclid=IwAR0x&gclid=abc&nocache=${randomBytes(4).toString('hex')}`,
    );
    expect(shared.headers()['x-vitrine-cache']).toBe('hit');
    const body = await shared.text();
    expect(body).toBe(plain);
    expect(body).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${grid}"`));
    expect(body).not.toContain('utm_');
    // A parameter the page reads still makes its own page.
    const second = await (await request.get(`${grid}?page=2&utm_campaign=launch`)).text();
    expect(second).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${grid}\\?page=2"`));
    expect(second).not.toContain('utm_');
  });

  test("keeps every live event's public video view, which sets no cookie", async ({ request }) => {
    const live = showcaseId('live');
    const { data } = (await (
      await request.get(`/api/albums/${live}/videos?per_page=100&fields=uri,live`)
    ).json()) as { data: { uri: string; live: unknown }[] };
    const events = data.filter((video) => video.live);
    expect(events.length).toBeGreaterThan(0);
    for (const { uri } of events) {
      const view = `/showcase/${live}/video/${uri.split('/').at(-1)}`;
      await cached(request, view);
      expect((await request.get(view)).headers()['set-cookie'], view).toBeUndefined();
    }
  });

  test('keeps the theme a visitor chose apart from the default', async ({ request }) => {
    const plain = await cached(request, grid);
    const dark = await request.get(grid, { headers: { cookie: 'theme=dark' } });
    expect(await dark.text()).toContain('data-theme="dark"');
    expect(plain).not.toContain('data-theme="dark"');
  });

  test('never caches a signed-in viewer’s pages: it joins their top bar to their class’s body', async ({
    page,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const view = () => page.request.get(grid);
    // The first view of a new session renders its top bar; a later one joins it to the body.
    const first = await view();
    expect(first.headers()['x-vitrine-cache']).toBeUndefined();
    await expect.poll(async () => (await view()).headers()['x-vitrine-cache']).toBe('joined');
    for (const response of [first, await view()])
      expect(response.headers()['cache-control']).toBe('private, no-store');
    // Opened in the browser, the joined page is styled and its scripts run under the policy
    // it was sent with (the CSP guard of every test reads the violations).
    const opened = await page.goto(grid);
    expect(opened?.headers()['x-vitrine-cache']).toBe('joined');
    // Joined from parts compressed once (src/lib/gzipJoin.ts), which the browser reads as one.
    expect(opened?.headers()['content-encoding']).toBe('gzip');
    await expect(page.getByTestId('account-name')).toBeVisible();
    expect(await page.locator('style').count()).toBeGreaterThan(0);
    await expect(page.locator('body')).not.toHaveCSS('margin', '8px');
  });

  test('shows a video added, a video renamed and a password set in the studio at once', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'owner@vitrine.test');
    const albumId = await createShowcase(page, 'Cache proof');
    await addFromLibrary(page, 'Kite festival');
    const showcase = `/showcase/${albumId}`;
    expect(await cached(request, showcase)).toContain('Kite festival');
    const reader = await visitor(browser);
    await reader.goto(showcase);
    await expect(reader.getByRole('link', { name: /Kite festival/ }).first()).toBeVisible();

    await page.goto(`/manage/showcases/${albumId}`);
    await addFromLibrary(page, 'Neon signs');
    await reader.reload();
    await expect(reader.getByRole('link', { name: /Neon signs/ }).first()).toBeVisible();

    expect(await cached(request, showcase)).toContain('Neon signs');
    await renameVideo(page, 'Neon signs', 'Neon signs after rain');
    try {
      await reader.reload();
      await expect(
        reader.getByRole('link', { name: /Neon signs after rain/ }).first(),
      ).toBeVisible();
      expect(await cached(request, showcase)).toContain('Neon signs after rain');
    } finally {
      await renameVideo(page, 'Neon signs after rain', 'Neon signs');
    }
    expect(await (await request.get(showcase)).text()).not.toContain('Neon signs after rain');

    await cached(request, showcase);
    await page.goto(`/manage/showcases/${albumId}`);
    await page.getByRole('radio', { name: 'People with the password' }).check();
    await page.getByLabel('Password', { exact: true }).fill('lighthouse');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('studio-notice')).toHaveText('Settings saved.');
    await reader.reload();
    await expect(reader.getByRole('heading', { name: 'This showcase is private' })).toBeVisible();
    const locked = await request.get(showcase);
    expect(locked.status()).toBe(401);
    expect(await locked.text()).not.toContain('Kite festival');
    await reader.context().close();
  });
});

test.describe('the page cache across app nodes', () => {
  const database = `vitrine_test_pagecache_${randomBytes(3).toString('hex')}`;
  const nodes: ChildProcess[] = [];
  const origins: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    await onServer((sql) => sql`create database ${sql(database)}`);
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${database}`;
    for (const [index, seed] of [true, false].entries()) {
      const port = await freePort();
      origins.push(`http://127.0.0.1:${port}`);
      nodes.push(
        await startVitrine({
          port,
          dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-pagecache-node${index}`,
          env: { DATABASE_URL: databaseUrl.href, DEMO_LIVE: 'off' },
          seed,
        }),
      );
    }
  });

  test.afterAll(async () => {
    await Promise.all(nodes.map(stopVitrine));
    await onServer((sql) => sql`drop database if exists ${sql(database)} with (force)`);
  });

  test('a video renamed on one node is no longer served from the other node’s cache', async ({
    browser,
    playwright,
  }) => {
    const [writer, reader] = origins as [string, string];
    const readerRequest = await playwright.request.newContext({ baseURL: reader });
    expect(await cached(readerRequest, grid)).toContain('Glass studio');
    const owner = await (await browser.newContext({ baseURL: writer })).newPage();
    await signIn(owner, 'owner@vitrine.test');
    await renameVideo(owner, 'Glass studio', 'Glass studio by night');
    await expect
      .poll(async () => (await readerRequest.get(grid)).text())
      .toContain('Glass studio by night');
    await owner.context().close();
    await readerRequest.dispose();
  });
});
