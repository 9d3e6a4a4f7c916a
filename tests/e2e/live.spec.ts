/**
 * Going live end to end, on a server of its own (its broadcasts end events the shared server's
 * specs read): the owner reads the key from their Go live panel, ffmpeg pushes RTMP as OBS
 * would, viewers see LIVE and watch the stream move (low-latency HLS through hls.js), the push stops, the page reloads on the
 * event being done (a player left on the stream says the replay is coming), and the replay plays
 * where the stream was.
 */
import type { ChildProcess } from 'node:child_process';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { eventId, playing, push, startPlaying, streamKey } from './liveStream.ts';
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
    dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-live`,
    env: { RTMP_PORT: String(rtmpPort), DEMO_LIVE: 'off', LIVE_GRACE_SECONDS: '2', WORKER: 'on' },
  });
});

test.afterAll(async () => {
  if (server) await stopVitrine(server);
});

test('an owner goes live with the key of their panel; viewers watch LIVE, then the replay, where the stream was', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const id = await eventId(request, origin, live, 'Q&A with the crew');
  const videoPath = `/showcase/${live}/video/${id}`;
  const { live: scheduledLive } = (await (
    await request.get(`${origin}/api/albums/${live}/videos/${id}?fields=live.start_time`)
  ).json()) as { live: { start_time: string | null } };
  const scheduled = scheduledLive.start_time;

  const owner = await (await browser.newContext({ baseURL: origin })).newPage();
  await signIn(owner, 'owner@vitrine.test', undefined, videoPath);
  await owner.goto(videoPath);
  const encoder = await push(rtmpPort, await streamKey(owner));

  const viewer = await (await browser.newContext({ baseURL: origin })).newPage();
  await viewer.goto(`/showcase/${live}?video=${id}`);
  const hero = viewer.getByTestId('live-hero');
  await expect(hero.getByTestId('live-badge')).toHaveText('UPCOMING');
  // The island's polling brings the broadcast in without a reload.
  await expect(hero.getByTestId('live-badge')).toHaveText('LIVE', { timeout: 30_000 });
  await hero.getByRole('link', { name: 'Watch now' }).click();
  await expect(viewer).toHaveURL(new RegExp(`${videoPath}`), { timeout: 10_000 });
  await playing(viewer.frameLocator('iframe[title^="Video player"]'));

  // A second viewer stays on the stream: its player follows the event once the stream ends.
  // It plays low-latency HLS: hls.js holds a playlist request until the next part exists.
  const watcher = await (await browser.newContext({ baseURL: origin })).newPage();
  const blockingReload = watcher.waitForResponse(
    (response) => /\/index\.m3u8\?_HLS_msn=\d+&_HLS_part=\d+/.test(response.url()),
    { timeout: 60_000 },
  );
  await watcher.goto(videoPath);
  const watched = watcher.frameLocator('iframe[title^="Video player"]');
  await startPlaying(watched);
  await playing(watched);
  await expect(watched.locator('video')).toHaveAttribute('data-stream', 'hls.js');
  const held = await blockingReload;
  expect(held.status()).toBe(200);
  const playlist = await held.text();
  expect(playlist).toContain('#EXT-X-PART-INF:PART-TARGET=');
  expect(playlist).toContain('CAN-BLOCK-RELOAD=YES');
  expect(playlist).toMatch(/#EXT-X-PART:DURATION=[\d.]+,URI="part\d+\.m4s"/);
  // A part far beyond the live edge is refused at once rather than held.
  const farAhead = new URL(held.url());
  farAhead.searchParams.set('_HLS_msn', '999999');
  expect((await watcher.request.get(farAhead.href)).status()).toBe(400);

  await viewer.goto(`/showcase/${live}?video=${id}`);
  await expect(hero.getByTestId('live-badge')).toHaveText('LIVE');
  const reloaded = viewer.waitForEvent('framenavigated', {
    predicate: (frame) => frame === viewer.mainFrame(),
    timeout: 60_000,
  });
  encoder.kill('SIGTERM');
  await encoder.exited;
  await reloaded;
  await expect(hero.getByTestId('live-badge')).toHaveCount(0);
  await expectAccessible(viewer);
  // Its player asked about the event and moved on: to the sentence saying the replay is
  // coming, or to the replay once it is ready.
  await expect(watched.locator('video[data-live]')).toHaveCount(0, { timeout: 60_000 });
  await expect(
    watched
      .getByText('This event has ended. Its replay is being prepared.')
      .or(watched.locator('video:not([data-live])')),
  ).toBeVisible();
  await watcher.context().close();

  // The video view says the replay is on its way, then, once it plays, when the broadcast
  // really ran: it went on the air well before its scheduled start.
  await viewer.goto(videoPath);
  const status = viewer.getByTestId('live-event-status');
  await expect(status).toHaveText(/^(Replay processing…|Streamed .+)$/);
  await expect(status).toHaveText(/^Streamed \w+day, .+/, { timeout: 120_000 });
  const began = await status.locator('time').getAttribute('datetime');
  expect(new Date(began!).getTime()).toBeLessThan(new Date(scheduled!).getTime());

  // The replay job turns the recording into the event's own files.
  await expect
    .poll(
      async () =>
        (await (
          await request.get(
            `${origin}/api/albums/${live}/videos/${id}?fields=play.progressive,live.archived_time`,
          )
        ).json()) as { play: { progressive: unknown[] }; live: { archived_time: string | null } },
      { timeout: 120_000 },
    )
    .toMatchObject({
      play: { progressive: [expect.anything()] },
      live: { archived_time: expect.any(String) },
    });
  await viewer.goto(videoPath);
  const frame = viewer.frameLocator('iframe[title^="Video player"]');
  await startPlaying(frame);
  await playing(frame);
  await owner.context().close();
  await viewer.context().close();
});

test('refuses a key no event has, at connect', async () => {
  const encoder = await push(rtmpPort, 'not-a-stream-key');
  expect(await encoder.exited).not.toBe(0);
});
