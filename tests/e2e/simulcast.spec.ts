/**
 * Simulcast end to end, between two Vitrine servers of the test's own on loopback: the owner of
 * the receiving site reads their event's server URL and stream key from its studio, the owner of
 * the sending site adds it as a destination of their event, ffmpeg pushes to the sending site as
 * OBS would, and the receiving site's event goes live with its own playlist, while the sender's
 * studio says the destination is Live. The saved key is never shown again.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { push, type Encoder } from './liveStream.ts';
import { startVitrine, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';

const live = showcaseId('live');
const EVENT = 'Q&A with the crew';
const dataDir = process.env['DATA_DIR'] ?? '.data/e2e';
// Past the run's own servers (E2E_PORT to E2E_PORT+17): two sites, each with its ingest.
const base = Number(process.env['E2E_PORT'] ?? 4321) + 20;
const sender = { port: base, rtmp: base + 1, origin: `http://127.0.0.1:${base}` };
const receiver = { port: base + 2, rtmp: base + 3, origin: `http://127.0.0.1:${base + 2}` };
let servers: ChildProcess[] = [];
let encoder: Encoder | null = null;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  servers = await Promise.all(
    [
      { site: sender, name: 'simulcast-sender' },
      { site: receiver, name: 'simulcast-receiver' },
    ].map(({ site, name }) =>
      startVitrine({
        port: site.port,
        dataDir: `${dataDir}-${name}`,
        env: { RTMP_PORT: String(site.rtmp), DEMO_LIVE: 'off', LIVE_GRACE_SECONDS: '2' },
      }),
    ),
  );
});

test.afterAll(async () => {
  encoder?.kill('SIGTERM');
  await Promise.all(servers.map((server) => stopVitrine(server)));
});

async function eventId(request: APIRequestContext, origin: string): Promise<number> {
  const body = await (
    await request.get(`${origin}/api/albums/${live}/videos?per_page=100&fields=uri,name`)
  ).json();
  const event = body.data.find((video: { name: string }) => video.name === EVENT);
  return Number(event.uri.split('/').at(-1));
}

/** The owner of `origin`, on their event's page in the studio. */
async function studio(
  browser: Browser,
  origin: string,
  id: number,
  theme = 'light',
): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  await context.addCookies([{ name: 'theme', value: theme, url: origin }]);
  const page = await context.newPage();
  await signIn(page, 'owner@vitrine.test', undefined, `/manage/events/${id}`);
  await page.goto(`/manage/events/${id}`);
  return page;
}

test('a broadcast is relayed live to another Vitrine, the key never shown again', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const receiverId = await eventId(request, receiver.origin);
  const senderId = await eventId(request, sender.origin);

  const theirs = await studio(browser, receiver.origin, receiverId);
  const goLive = theirs.getByRole('region', { name: 'Go live' });
  const ingest = await goLive.getByLabel('Server URL', { exact: true }).inputValue();
  const theirKey = await goLive.getByLabel('Stream key', { exact: true }).inputValue();
  expect(ingest).toBe(`rtmp://127.0.0.1:${receiver.rtmp}/live`);

  const owner = await studio(browser, sender.origin, senderId);
  const simulcast = owner.getByRole('region', { name: 'Simulcast' });
  await expect(simulcast.getByText('No destinations yet.')).toBeVisible();
  const adding = simulcast.getByRole('form', { name: 'New destination' });
  await adding.getByLabel('Name').fill('Our other site');
  await adding.getByLabel('Server URL').fill(`http://127.0.0.1:${receiver.port}/live`);
  await adding.getByLabel('Stream key').fill(theirKey);
  await adding.getByRole('button', { name: 'Add destination' }).click();
  // Refused with the reason beside the field; the key typed is not sent back.
  const url = adding.getByLabel('Server URL');
  await expect(url).toHaveAttribute('aria-invalid', 'true');
  await expect(
    adding.getByText('Enter an address that starts with rtmp:// or rtmps://.'),
  ).toBeVisible();
  await expect(adding.getByLabel('Stream key')).toHaveValue('');
  await url.fill(ingest);
  await adding.getByLabel('Stream key').fill(theirKey);
  await adding.getByRole('button', { name: 'Add destination' }).click();

  await expect(owner.getByTestId('studio-notice')).toHaveText(
    'Destination added. It receives the next broadcast.',
  );
  const destination = simulcast.getByTestId('simulcast-destination');
  await expect(destination.getByRole('heading', { name: 'Our other site' })).toBeVisible();
  await expect(destination.getByTestId('simulcast-status')).toHaveText('Status: Idle');
  await expect(destination.getByTestId('simulcast-key')).toHaveText('•••• saved');
  expect(await owner.content()).not.toContain(theirKey);
  await expectAccessible(owner);

  const ourKey = await owner
    .getByRole('region', { name: 'Go live' })
    .getByLabel('Stream key', { exact: true })
    .inputValue();
  encoder = await push(sender.rtmp, ourKey);

  // The receiving site's event goes live of itself, with its own playlist.
  const theirEvent = `${receiver.origin}/api/albums/${live}/videos/${receiverId}?fields=live.status,play.hls`;
  await expect
    .poll(async () => (await (await request.get(theirEvent)).json()).live?.status, {
      timeout: 90_000,
    })
    .toBe('streaming');
  const { play } = (await (await request.get(theirEvent)).json()) as {
    play: { hls: { link: string } };
  };
  const playlist = await request.get(new URL(play.hls.link, receiver.origin).href);
  expect(playlist.status()).toBe(200);
  expect(await playlist.text()).toContain('#EXTM3U');

  // The sender's studio says so, on reload.
  await expect
    .poll(
      async () => {
        await owner.reload();
        return destination.getByTestId('simulcast-status').textContent();
      },
      { timeout: 60_000 },
    )
    .toBe('Status: Live');
  await expect(destination.getByTestId('simulcast-error')).toHaveCount(0);

  // The broadcast ends: the destination's relay stops with it.
  encoder.kill('SIGTERM');
  await encoder.exited;
  encoder = null;
  await expect
    .poll(
      async () => {
        await owner.reload();
        return destination.getByTestId('simulcast-status').textContent();
      },
      { timeout: 60_000 },
    )
    .toBe('Status: Stopped');
  await owner.context().close();
  await theirs.context().close();
});

test('an owner edits and removes a destination; the key stays hidden', async ({
  browser,
  request,
}) => {
  const id = await eventId(request, sender.origin);
  const owner = await studio(browser, sender.origin, id);
  const destination = owner.getByTestId('simulcast-destination');
  await destination.getByText('Edit Our other site').click();
  const editing = destination.locator('form').first();
  await expect(editing.getByLabel('Stream key')).toHaveValue('');
  await expect(editing.getByLabel('Stream key')).toHaveAttribute('placeholder', '•••• saved');
  await editing.getByLabel('Name').fill('Backup site');
  await editing.getByLabel('Send broadcasts here').uncheck();
  await editing.getByRole('button', { name: 'Save destination' }).click();
  await expect(owner.getByTestId('studio-notice')).toHaveText('Destination saved.');
  await expect(destination.getByRole('heading', { name: 'Backup site' })).toBeVisible();
  await expect(destination.getByText('Off', { exact: true })).toBeVisible();
  await destination.getByText('Edit Backup site').click();
  await destination.getByRole('button', { name: 'Remove Backup site' }).click();
  await expect(owner.getByTestId('studio-notice')).toHaveText('Destination removed.');
  await expect(destination).toHaveCount(0);
  await owner.context().close();
});

for (const theme of ['light', 'dark'] as const) {
  test(
    `the simulcast section passes axe in the ${theme} theme, in Japanese and Brazilian Portuguese`,
    { tag: '@accessibility' },
    async ({ browser, request }) => {
      const id = await eventId(request, sender.origin);
      const owner = await studio(browser, sender.origin, id, theme);
      const added = owner.getByTestId('simulcast-new');
      await added.getByLabel('Name').fill(`Twitch ${theme}`);
      await added.getByLabel('Server URL').fill('rtmps://live.twitch.tv/app');
      await added.getByLabel('Stream key').fill('live_0000');
      await added.getByRole('button', { name: 'Add destination' }).click();
      await expect(owner.getByTestId('studio-notice')).toBeVisible();
      for (const locale of ['ja-JP', 'pt-BR']) {
        await owner.goto(`/${locale}/manage/events/${id}`);
        await owner.getByTestId('simulcast-destination').first().locator('summary').click();
        const adding = owner.getByTestId('simulcast-new');
        await adding.locator('input[name="name"]').fill('Twitch');
        await adding.locator('input[name="url"]').fill('ftp://example.com');
        await adding.getByRole('button').click();
        await expect(adding.locator('input[name="url"]')).toHaveAttribute('aria-invalid', 'true');
        await expectAccessible(owner);
      }
      await owner.context().close();
    },
  );
}
