import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

/** SPEC §2 video view of a live event: the owner's Go live panel (server URL, stream key, a new key). */
const live = showcaseId('live');

async function eventPath(request: APIRequestContext): Promise<string> {
  const body = await (
    await request.get(`/api/albums/${live}/videos?per_page=100&fields=uri,name`)
  ).json();
  const event = body.data.find((v: { name: string }) => v.name === 'Weekly studio hour');
  return `/showcase/${live}/video/${event.uri.split('/').at(-1)}`;
}

/** The owner, signed in through the real form in a browser of their own. */
async function ownerPage(
  browser: Browser,
  baseURL: string,
  path: string,
  options: { javaScriptEnabled?: boolean; theme?: 'light' | 'dark' } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  if (options.theme)
    await context.addCookies([{ name: 'theme', value: options.theme, url: baseURL }]);
  const page = await context.newPage();
  await signIn(page, 'owner@vitrine.test', undefined, path);
  return page;
}

async function shownKey(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Go live' });
  await panel.getByText('Show stream key').click();
  const key = panel.getByLabel('Stream key', { exact: true });
  await expect(key).toBeVisible();
  return key.inputValue();
}

test.describe('the Go live panel', () => {
  test('gives the owner the server URL and the key, and replaces the key, with JavaScript off', async ({
    browser,
    baseURL,
    request,
  }) => {
    const path = await eventPath(request);
    const page = await ownerPage(browser, baseURL!, path, { javaScriptEnabled: false });
    const response = await page.goto(path);
    expect(response!.headers()['cache-control']).toBe('private, no-store');

    const panel = page.getByRole('region', { name: 'Go live' });
    await expect(panel.getByLabel('Server URL')).toHaveValue(/^rtmp:\/\/127\.0\.0\.1:\d+\/live$/);
    await expect(panel.getByLabel('Stream key', { exact: true })).toBeHidden();
    await expect(panel.getByRole('button', { name: 'Copy stream key' })).toBeHidden();
    const before = await shownKey(page);
    expect(before).toMatch(/^[A-Za-z0-9_-]{32}$/);

    await panel.getByRole('button', { name: 'New stream key' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}#stream-key-replaced$`));
    await expect(panel.getByRole('status')).toHaveText(/A new stream key is in place/);
    const after = await shownKey(page);
    expect(after).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(after).not.toBe(before);
    await page.context().close();
  });

  test('copies the key for the owner, and reads well in light and dark', async ({
    browser,
    baseURL,
    request,
  }) => {
    const path = await eventPath(request);
    for (const theme of ['light', 'dark'] as const) {
      const page = await ownerPage(browser, baseURL!, path, { theme });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const panel = page.getByRole('region', { name: 'Go live' });
      const key = await shownKey(page);
      await panel.getByRole('button', { name: 'Copy stream key' }).click();
      await expect(panel.getByText('Copied', { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await expectAccessible(page);

      await panel.getByRole('button', { name: 'New stream key' }).click();
      await expect(panel.getByRole('status')).toBeVisible();
      await expectAccessible(page);
      await page.context().close();
    }
  });

  test('shows signed-out viewers none of it', async ({ page, request }) => {
    const path = await eventPath(request);
    const response = await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Weekly studio hour' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Go live' })).toHaveCount(0);
    const html = await response!.text();
    expect(html).not.toContain('rtmp://');
    expect(html).not.toContain('stream_key');
  });
});
