/**
 * Stream health and viewers (docs/live.md), on a server of its own (its broadcast changes the
 * event others read): the owner lets the public page show how many watch, pushes with ffmpeg as
 * OBS would, and sees the push arrive in the studio without a reload; a viewer in another
 * browser plays the stream, and the owner's panel, the API, the video view and the public live
 * hero count them.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { eventId, playing, push, startPlaying } from './liveStream.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';

const live = showcaseId('live');
let server: ChildProcess;
let origin: string;
let rtmpPort: number;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const port = await freePort();
  rtmpPort = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startVitrine({
    port,
    dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-health`,
    env: { RTMP_PORT: String(rtmpPort), DEMO_LIVE: 'off', LIVE_GRACE_SECONDS: '2' },
  });
});

test.afterAll(async () => {
  if (server) await stopVitrine(server);
});

test('the owner sees the push arrive and a viewer counted, in the studio and beside LIVE', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const id = await eventId(request, origin, live, 'Q&A with the crew');
  const studioPath = `/manage/events/${id}`;
  const videoPath = `/showcase/${live}/video/${id}`;

  const owner = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(owner, 'owner@vitrine.test', undefined, studioPath);
  await owner.goto(studioPath);
  const form = owner.getByTestId('event-form');
  const showViewers = form.getByLabel('Show how many are watching beside the LIVE badge');
  await expect(showViewers).not.toBeChecked();
  await showViewers.check();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(owner.getByTestId('studio-notice')).toBeVisible();
  await expect(showViewers).toBeChecked();

  const health = owner.getByRole('region', { name: 'Stream health' });
  const waiting = health.getByText('Nothing is arriving from your encoder.');
  await expect(waiting).toBeVisible();
  const key = await owner
    .getByRole('region', { name: 'Go live' })
    .getByLabel('Stream key', { exact: true })
    .inputValue();
  const encoder = await push(rtmpPort, key);

  // The panel's script brings the figures in without a reload.
  await expect(health.getByText('320×180')).toBeVisible({ timeout: 30_000 });
  await expect(health.getByText('15 fps')).toBeVisible();
  await expect(health.getByText(/^[1-9][\d,]* kb\/s$/)).toBeVisible();
  await expect(health.getByRole('img', { name: 'Latest picture of the stream' })).toBeVisible();
  await expect(waiting).toBeHidden();
  await expectAccessible(owner);

  const viewer = await (await browser.newContext({ baseURL: origin })).newPage();
  await viewer.goto(videoPath);
  const frame = viewer.frameLocator('iframe[title^="Video player"]');
  await startPlaying(frame);
  await playing(frame);

  const watchingNow = health.getByRole('definition').first();
  await expect(watchingNow).toHaveText('1', { timeout: 30_000 });
  const polled = await request.get(
    `${origin}/api/albums/${live}/videos/${id}?fields=live.concurrent_viewers`,
  );
  expect(await polled.json()).toEqual({ live: { concurrent_viewers: 1 } });
  // The video view follows its event, and writes the count beside its LIVE badge too.
  const status = viewer.getByTestId('live-event-status');
  await expect(status.getByTestId('live-badge')).toHaveText('LIVE');
  await expect(status.getByTestId('live-viewers')).toHaveText('1 watching', { timeout: 30_000 });

  // The public page's status poll brings the count beside LIVE; its cached body carries none.
  const hero = (await viewer.context().newPage()).getByTestId('live-hero');
  const heroPage = hero.page();
  const response = await heroPage.goto(`/showcase/${live}?video=${id}`);
  expect(await response!.text()).not.toContain('live-viewers');
  await expect(hero.getByTestId('live-badge')).toHaveText('LIVE');
  await expect(hero.getByTestId('live-viewers')).toHaveText('1 watching', { timeout: 30_000 });
  await expectAccessible(heroPage);

  encoder.kill('SIGTERM');
  await encoder.exited;
  await owner.context().close();
  await viewer.context().close();
});
