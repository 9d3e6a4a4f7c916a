import type { ChildProcess } from 'node:child_process';
import type { Server } from 'node:https';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, hydrated, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { startTlsProxy } from './tlsProxy.ts';

/**
 * Behind a TLS-terminating proxy (docs/deploying.md, "Behind a reverse proxy"): the browser is on
 * https://localhost:<proxy>, the server sees plain http from the proxy. Every form posts,
 * cookies are Secure and every redirect stays on the public origin.
 */
test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let proxy: Server | undefined;
let origin: string;
/** The member's browser, signed in by the first test and signed out by the last. */
let member: BrowserContext;
let page: Page;
/** Origins of every redirect the browsers were sent to. */
const redirectedTo = new Set<string>();

async function publicContext(browser: Browser, javaScriptEnabled = true): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: origin,
    ignoreHTTPSErrors: true,
    javaScriptEnabled,
  });
  context.on('response', (response) => {
    const location = response.headers()['location'];
    if (location) redirectedTo.add(new URL(location, response.url()).origin);
  });
  return context;
}

async function secureCookie(context: BrowserContext, name: string): Promise<boolean | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === name)?.secure;
}

test.beforeAll(async ({ browser }) => {
  // The server seeds its own demo first.
  test.setTimeout(600_000);
  const [serverPort, proxyPort] = [await freePort(), await freePort()];
  origin = `https://localhost:${proxyPort}`;
  proxy = await startTlsProxy(proxyPort, serverPort);
  server = await startVitrine({
    port: serverPort,
    publicUrl: origin,
    dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-tls`,
  });
  member = await publicContext(browser);
  page = await member.newPage();
});

test.afterAll(async () => {
  await member?.close();
  if (server) await stopVitrine(server);
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  expect([...redirectedTo]).toEqual([origin]);
});

test('signs in through the proxy with a Secure session cookie, and pages say the public origin', async () => {
  await signIn(page, 'member@vitrine.test', undefined, '/settings');
  expect(new URL(page.url()).origin).toBe(origin);
  expect(await secureCookie(member, 'vsid')).toBe(true);
  expect(await secureCookie(member, 'xsrft')).toBe(true);
  const response = await page.goto('/');
  expect(response?.headers()['strict-transport-security']).toContain('max-age=');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/`);
});

test('adds a stock clip to the cart and removes it with the cart form', async () => {
  await page.goto('/stock');
  await page.getByRole('link', { name: 'City lights at dusk' }).click();
  // Pressed before its island runs, the button posts the form and lands on the cart instead.
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').getByRole('heading', { name: 'Confirmed!' })).toBeVisible();
  await page.goto('/stock/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page
    .getByTestId('cart-line')
    .getByRole('button', { name: /Remove/ })
    .click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('saves the settings form', async () => {
  await page.goto('/settings');
  await page.getByRole('radio', { name: 'Safest' }).check();
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  expect(saved.status()).toBe(303);
  await page.goto('/settings');
  await expect(page.getByRole('radio', { name: 'Safest' })).toBeChecked();
});

test('opens a password showcase with its form and no JavaScript', async ({ browser }) => {
  const context = await publicContext(browser, false);
  const viewer = await context.newPage();
  const password = `/showcase/${showcaseId('password')}`;
  await viewer.goto(password);
  await viewer.getByPlaceholder('Enter password').fill('northwind');
  await viewer.getByRole('button', { name: 'Submit' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Client Preview' })).toBeVisible();
  expect(viewer.url()).toBe(`${origin}${password}`);
  // The proof cookie of src/server/access/passwordProof.ts.
  expect(await secureCookie(context, `vsp_${showcaseId('password')}`)).toBe(true);
  await context.close();
});

test('signs out', async () => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(origin);
  expect(await secureCookie(member, 'vsid')).toBeUndefined();
});
