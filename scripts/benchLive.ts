// The live section of `npm run bench`, against the server bench.ts started (DEMO_LIVE on, its
// own RTMP port, no job worker). On the demo's streaming event, whose test picture carries the
// second it was made (testFeed.ts): glass-to-glass latency read off the presented frames of
// its player frame in Chromium (hls.js, as every browser with Media Source Extensions plays
// live), once as it plays the low-latency playlists and once with their low-latency tags taken
// out (a player that knows only full segments), and the age of the newest segment's picture
// when its playlist is fetched. The server's cost per stream: the CPU of its packager ffmpeg
// for that stream and for 720p30 and 1080p30 test feeds pushed to another demo event with the
// key its owner sees, the pusher's own CPU apart. And the publish delay of segments from
// /metrics. It measures; it judges nothing.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { RTMP_APP } from '../src/server/live/liveIngest.ts';
import {
  CLOCK_BITS,
  CLOCK_BOX,
  clockBoxAt,
  readClockBits,
  testFeedArgs,
} from '../src/server/live/testFeed.ts';
import { ffmpegBinaries } from '../src/server/media/ffmpegBinaries.ts';
import { boundToParent } from '../src/server/media/run.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  DEMO_SHOWCASES,
  DEMO_VIDEOS,
} from '../src/server/seed/demoCatalogue.ts';
import { BROWSER_ARGS } from './benchBrowser.ts';
import {
  bucketCovering,
  clockLatencies,
  cpuSeconds,
  newestSegmentEnd,
  parentPid,
  parseHistogram,
  percentile,
  segmentEndByClock,
  type PresentedFrame,
} from './liveBenchFigures.ts';

const LATENCY_SECONDS = 60;
const CPU_SECONDS = 20;
const EDGE_SAMPLES = 8;
/** Apart from the 2 s segments' rhythm, so the samples fall at different points of it. */
const EDGE_SAMPLE_GAP_MS = 1_300;
const SEGMENT_POLL_MS = 100;
/** An encoder's push is on the air within seconds; past this something is wrong. */
const START_TIMEOUT_MS = 90_000;
/** A stopped push ends its broadcast after LIVE_GRACE_SECONDS (30 by default). */
const END_TIMEOUT_MS = 120_000;
type Feed = { width: number; height: number; fps: number };

/** The picture the demo feed pushes (src/server/live/demoFeed.ts). */
const DEMO_PICTURE: Feed = { width: 640, height: 360, fps: 25 };
const PUSHED_FEEDS: Feed[] = [
  { width: 1280, height: 720, fps: 30 },
  { width: 1920, height: 1080, fps: 30 },
];
/** USER_HZ: the unit of /proc/{pid}/stat times on Linux. */
const TICKS_PER_SECOND = 100;

interface StreamCost {
  /** The pushed picture, e.g. 720p30. */
  source: string;
  /** The rungs the server packages it into, tallest first. */
  ladder: string[];
  /** From the push to the event streaming, when the bench pushed it. */
  onAirSeconds: number | null;
  /** Length of the measurement. */
  seconds: number | null;
  /** Cores the packager used. */
  serverCores: number | null;
  /** CPU seconds the packager took per second of stream: the cores it needs to keep up. */
  serverCoresPerStreamSecond: number | null;
  pusherCores: number | null;
  /** Seconds of stream out per second of wall time. */
  realtime: number | null;
  /** Of the machine, at the end: other work competes for the cores. */
  loadAverage: number | null;
}

export interface LiveBenchOptions {
  origin: string;
  /** The server process; the packagers are its descendants. */
  serverPid: number;
  executablePath: string;
  rtmpPort: number;
}

interface EventItem {
  uri: string;
  name: string;
  live: { status: string; recurring_event: { schedule: { rrule: string } } | null } | null;
}

const round = (value: number | null, digits = 0) =>
  value === null ? null : +value.toFixed(digits);
const failure = (error: unknown) => ({
  error: error instanceof Error ? error.message : String(error),
});

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/** Waits until the event's status passes `until`; answers it, with the HLS link then. */
async function waitForStatus(
  origin: string,
  eventPath: string,
  until: (status: string) => boolean,
  timeoutMs: number,
): Promise<{ status: string; master: string | null }> {
  const deadline = Date.now() + timeoutMs;
  let status = '';
  while (Date.now() < deadline) {
    const video = await json<{
      live: { status: string } | null;
      play: { hls: { link: string } | null };
    }>(
      `${origin}/api${eventPath.replace('/showcase/', '/albums/').replace('/video/', '/videos/')}?fields=live.status,play`,
    );
    status = video.live?.status ?? 'none';
    if (until(status))
      return { status, master: video.play.hls ? new URL(video.play.hls.link, origin).href : null };
    await sleep(500);
  }
  throw new Error(`${eventPath} still ${status} after ${timeoutMs / 1000} s`);
}

/** The master playlist's rungs, tallest first, as absolute URLs. */
async function rungPlaylists(masterUrl: string): Promise<{ name: string; url: string }[]> {
  const lines = (await text(masterUrl))
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  return lines.map((line) => ({ name: line.split('/')[0]!, url: new URL(line, masterUrl).href }));
}

/** Every process under `root`, with its command line. */
function descendants(root: number): { pid: number; args: string[] }[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = parentPid(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone since the listing.
    }
  }
  const found: { pid: number; args: string[] }[] = [];
  const visit = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      try {
        found.push({
          pid: child,
          args: readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0'),
        });
      } catch {
        // Gone since the listing.
      }
      visit(child);
    }
  };
  visit(root);
  return found;
}

/** The live packagers among the server's processes: ffmpeg reading FLV on stdin, writing fragmented MP4. */
function packagers(serverPid: number): number[] {
  return descendants(serverPid)
    .filter(({ args }) => args.includes('pipe:0') && args.includes('-movflags'))
    .map(({ pid }) => pid);
}

function processCpu(pid: number): number {
  return cpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8'), TICKS_PER_SECOND);
}

/** The moment the playlist lists a segment newer than the one ending at `after`, and that segment's end. */
async function nextSegment(
  playlistUrl: string,
  after: number | null,
): Promise<{ end: number; at: number }> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const end = newestSegmentEnd(await text(playlistUrl));
    if (end !== null && end !== after) return { end, at: performance.now() };
    await sleep(SEGMENT_POLL_MS);
  }
  throw new Error(`no new segment in ${START_TIMEOUT_MS / 1000} s`);
}

/**
 * Cores each process used over about `seconds`, from one new segment to another, and the
 * seconds of stream those segments hold: the packager's CPU per second of stream is what it
 * needs to keep up, even where a busy machine gives it less.
 */
async function cpuOver(
  seconds: number,
  pids: { packager: number; pusher: number | null },
  playlistUrl: string,
) {
  const reading = () => ({
    packager: processCpu(pids.packager),
    pusher: pids.pusher === null ? null : processCpu(pids.pusher),
  });
  const first = await nextSegment(playlistUrl, newestSegmentEnd(await text(playlistUrl)));
  const before = reading();
  await sleep(seconds * 1000);
  const last = await nextSegment(playlistUrl, newestSegmentEnd(await text(playlistUrl)));
  const after = reading();
  const wall = (last.at - first.at) / 1000;
  const stream = (last.end - first.end) / 1000;
  const packager = after.packager - before.packager;
  return {
    seconds: round(wall, 1),
    serverCores: round(packager / wall, 2),
    serverCoresPerStreamSecond: stream > 0 ? round(packager / stream, 2) : null,
    pusherCores:
      before.pusher === null || after.pusher === null
        ? null
        : round((after.pusher - before.pusher) / wall, 2),
    // Seconds of stream out per second: below 1, the packager falls behind.
    realtime: round(stream / wall, 2),
    loadAverage: round(loadavg()[0]!, 1),
  };
}

interface ClockSampling {
  seconds: number;
  /** Top left corner of each clock box, in pixels of the pushed picture. */
  boxes: { x: number; y: number }[];
  box: number;
  picture: { width: number; height: number };
  firstFrameTimeoutMs: number;
}

/**
 * In the frame: the brightness of each clock box on every presented frame for `seconds`, the
 * frame drawn at the pushed picture's size whatever rung plays. Runs in the browser.
 */
function sampleClock(
  video: HTMLVideoElement,
  { seconds, boxes, box, picture, firstFrameTimeoutMs }: ClockSampling,
): Promise<{ stream: string; frames: PresentedFrame[]; stalls: number; state: string }> {
  return new Promise((resolve) => {
    const frames: PresentedFrame[] = [];
    const canvas = document.createElement('canvas');
    canvas.width = picture.width;
    canvas.height = picture.height;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    const state = () => {
      const error = video.error ? `, ${video.error.message || `error ${video.error.code}`}` : '';
      return (
        `at ${video.currentTime.toFixed(1)} s, ready state ${video.readyState}, ` +
        `network state ${video.networkState}${video.paused ? ', paused' : ''}${error}`
      );
    };
    let until = 0;
    // Once the first frame is shown, every wait for data is a stall the viewer sees.
    let stalls = 0;
    video.addEventListener('waiting', () => {
      if (until !== 0) stalls += 1;
    });
    const done = () =>
      resolve({ stream: video.dataset['stream'] ?? '', frames, stalls, state: state() });
    const giveUp = setTimeout(done, firstFrameTimeoutMs);
    const onFrame: VideoFrameRequestCallback = (_now, metadata) => {
      if (until === 0) {
        clearTimeout(giveUp);
        until = performance.now() + seconds * 1000;
      }
      context.drawImage(video, 0, 0, picture.width, picture.height);
      // The middle of each box, clear of the compression's blur at its edges.
      const brightness = boxes.map(({ x, y }) => {
        const { data } = context.getImageData(x + box / 4, y + box / 4, box / 2, box / 2);
        let sum = 0;
        for (let i = 0; i < data.length; i += 4)
          sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
        return sum / (data.length / 4);
      });
      frames.push({ at: performance.timeOrigin + metadata.expectedDisplayTime, brightness });
      if (performance.now() < until) video.requestVideoFrameCallback(onFrame);
      else done();
    };
    video.requestVideoFrameCallback(onFrame);
  });
}

/** A live media playlist as a player without low-latency support reads it: full segments only. */
function withoutLowLatency(playlist: string): string {
  return playlist.replace(/^#EXT-X-(PART|PART-INF|PRELOAD-HINT|SERVER-CONTROL):.*\n/gm, '');
}

/**
 * Glass-to-glass latency of a stream of the clock picture in its event's player frame, over
 * LATENCY_SECONDS; `plain`: with the low-latency tags taken out of its media playlists.
 */
async function glassToGlass(frameUrl: string, executablePath: string, plain: boolean) {
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const context = await browser.newContext();
    if (plain)
      await context.route(/\/index\.m3u8(\?|$)/, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: withoutLowLatency(await response.text()) });
      });
    const page = await context.newPage();
    await page.goto(frameUrl);
    const sampling: ClockSampling = {
      seconds: LATENCY_SECONDS,
      boxes: Array.from({ length: CLOCK_BITS }, (_, bit) => clockBoxAt(bit)),
      box: CLOCK_BOX,
      picture: DEMO_PICTURE,
      firstFrameTimeoutMs: START_TIMEOUT_MS,
    };
    const { stream, frames, stalls, state } = await page
      .locator('video')
      .evaluate(sampleClock, sampling);
    if (frames.length === 0)
      throw new Error(`no frame played within ${START_TIMEOUT_MS / 1000} s (${stream}, ${state})`);
    const latencies = clockLatencies(frames);
    return {
      stream,
      frames: frames.length,
      samples: latencies.length,
      stalls,
      medianMs: round(percentile(latencies, 0.5)),
      p99Ms: round(percentile(latencies, 0.99)),
    };
  } finally {
    await browser.close();
  }
}

/** The event's stream key, as its owner reads it in the Go live panel. */
async function ownerStreamKey(
  origin: string,
  executablePath: string,
  eventPath: string,
): Promise<string> {
  const owner = DEMO_ACCOUNTS.find((account) => account.key === 'owner')!;
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/log_in`);
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('account-name').waitFor();
    await page.goto(`${origin}${eventPath}`);
    return await page
      .getByRole('region', { name: 'Go live' })
      .getByLabel('Stream key', { exact: true })
      .inputValue();
  } finally {
    await browser.close();
  }
}

/** A test feed pushed to the event for as long as `measure` runs, then stopped. */
async function withPush<T>(
  url: string,
  feed: Feed,
  measure: (pusher: number) => Promise<T>,
): Promise<T> {
  const { ffmpeg } = await ffmpegBinaries();
  const pusher = spawn(
    ...boundToParent(ffmpeg, testFeedArgs({ url, ...feed, clockText: false, audio: true })),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  pusher.stderr
    .setEncoding('utf8')
    .on('data', (chunk: string) => void (stderr = (stderr + chunk).slice(-1_000)));
  const closed = new Promise<number | null>((resolve) => pusher.once('close', resolve));
  try {
    return await Promise.race([
      measure(pusher.pid!),
      closed.then((code) => {
        throw new Error(`the pusher stopped (${code}): ${stderr.trim()}`);
      }),
    ]);
  } finally {
    pusher.kill('SIGTERM');
    await closed;
  }
}

/** A stream on the air: its event, its master playlist, and the processes that make it. */
interface OnAir {
  eventPath: string;
  master: string;
  packager: number;
  pusher: number | null;
  source: string;
  /** From the push to the event streaming, when the bench pushed it. */
  onAirSeconds: number | null;
}

/** A test feed pushed to the event with its key while `measure` runs; then the push stops and its broadcast ends. */
async function pushed<T>(
  options: LiveBenchOptions,
  target: { eventPath: string; key: string },
  feed: Feed,
  measure: (stream: OnAir) => Promise<T>,
): Promise<T> {
  const before = new Set(packagers(options.serverPid));
  try {
    return await withPush(
      `rtmp://127.0.0.1:${options.rtmpPort}/${RTMP_APP}/${target.key}`,
      feed,
      async (pusher) => {
        const started = performance.now();
        const { master } = await waitForStatus(
          options.origin,
          target.eventPath,
          (status) => status === 'streaming',
          START_TIMEOUT_MS,
        );
        const onAirSeconds = round((performance.now() - started) / 1000, 1);
        const ours = packagers(options.serverPid).filter((pid) => !before.has(pid));
        if (ours.length !== 1 || !master)
          throw new Error(`the stream's packager is not to be told apart (${ours.length} new)`);
        return measure({
          eventPath: target.eventPath,
          master,
          packager: ours[0]!,
          pusher,
          source: `${feed.height}p${feed.fps}`,
          onAirSeconds,
        });
      },
    );
  } finally {
    // The next push to the event must open a broadcast of its own, not resume this one.
    await attempt(() =>
      waitForStatus(
        options.origin,
        target.eventPath,
        (status) => status !== 'streaming',
        END_TIMEOUT_MS,
      ),
    );
  }
}

/**
 * The demo feed's stream, when the demo event is on the air: its packager and its pusher, both
 * the server's. Null when the event is over (a stop of the server ends its broadcast).
 */
async function demoOnAir(options: LiveBenchOptions, eventPath: string): Promise<OnAir | null> {
  const { status, master } = await waitForStatus(
    options.origin,
    eventPath,
    (now) => now === 'streaming' || now === 'done',
    START_TIMEOUT_MS,
  );
  if (status !== 'streaming' || !master) return null;
  const running = packagers(options.serverPid);
  if (running.length !== 1)
    throw new Error(`${running.length} packagers run; the demo feed's is not to be told apart`);
  const pusher =
    descendants(options.serverPid).find(({ args }) => args.some((arg) => arg.startsWith('rtmp://')))
      ?.pid ?? null;
  return {
    eventPath,
    master,
    packager: running[0]!,
    pusher,
    source: `${DEMO_PICTURE.height}p${DEMO_PICTURE.fps} (demo feed)`,
    onAirSeconds: null,
  };
}

/** The server's cost of a stream: its packager's CPU, the pusher's apart. */
async function streamCost(stream: OnAir): Promise<StreamCost> {
  const rungs = await rungPlaylists(stream.master);
  const cpu = await cpuOver(
    CPU_SECONDS,
    { packager: stream.packager, pusher: stream.pusher },
    rungs[0]!.url,
  );
  return {
    source: stream.source,
    ladder: rungs.map((rung) => rung.name),
    onAirSeconds: stream.onAirSeconds,
    ...cpu,
  };
}

/** Everything measured on a stream of the clock picture: latency in its player frame, the live edge, its cost. */
async function clockFigures(options: LiveBenchOptions, stream: OnAir) {
  const frameUrl = `${options.origin}${stream.eventPath}/embed?autoplay=1`;
  return {
    latency: {
      lowLatency: await attempt(() => glassToGlass(frameUrl, options.executablePath, false)),
      plain: await attempt(() => glassToGlass(frameUrl, options.executablePath, true)),
    },
    edgeAge: await attempt(() => edgeAge(stream.master)),
    cost: await attempt(() => streamCost(stream)),
  };
}

/** The clock second (mod 64) of each frame of a segment, decoded by ffmpeg at the pushed picture's size. */
async function segmentClock(
  segment: Buffer,
  picture: { width: number; height: number },
): Promise<number[]> {
  const { ffmpeg } = await ffmpegBinaries();
  const last = clockBoxAt(CLOCK_BITS - 1);
  const strip = { width: last.x + CLOCK_BOX, height: last.y + CLOCK_BOX };
  const decoder = spawn(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      'pipe:0',
      '-an',
      '-vf',
      `scale=${picture.width}:${picture.height},crop=${strip.width}:${strip.height}:0:0,format=gray`,
      '-vsync',
      '0',
      '-f',
      'rawvideo',
      'pipe:1',
    ],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  const chunks: Buffer[] = [];
  decoder.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const closed = new Promise((resolve) => decoder.once('close', resolve));
  decoder.stdin.on('error', () => undefined);
  decoder.stdin.end(segment);
  await closed;
  const pixels = Buffer.concat(chunks);
  const frameBytes = strip.width * strip.height;
  const seconds: number[] = [];
  for (let frame = 0; frame + frameBytes <= pixels.length; frame += frameBytes) {
    const brightness = Array.from({ length: CLOCK_BITS }, (_, bit) => {
      const { x, y } = clockBoxAt(bit);
      let sum = 0;
      for (let row = y + CLOCK_BOX / 4; row < y + (CLOCK_BOX * 3) / 4; row++) {
        for (let column = x + CLOCK_BOX / 4; column < x + (CLOCK_BOX * 3) / 4; column++)
          sum += pixels[frame + row * strip.width + column]!;
      }
      return sum / (CLOCK_BOX / 2) ** 2;
    });
    seconds.push(readClockBits(brightness));
  }
  return seconds;
}

/**
 * The live edge: when the top rung's playlist is fetched, how long ago the picture of its
 * newest segment ended, by the clock drawn in it; a few times, at different points of the
 * segments' rhythm.
 */
async function edgeAge(master: string) {
  const [top] = await rungPlaylists(master);
  const ages: number[] = [];
  for (let i = 0; i < EDGE_SAMPLES; i++) {
    if (i > 0) await sleep(EDGE_SAMPLE_GAP_MS);
    const playlist = await text(top!.url);
    const fetchedAt = Date.now();
    const lines = playlist.trimEnd().split('\n');
    const newest = lines.findLast((line) => !line.startsWith('#'))!;
    const duration = Number.parseFloat(
      lines.findLast((line) => line.startsWith('#EXTINF:'))!.slice('#EXTINF:'.length),
    );
    // A segment is fragmented MP4: it decodes after the init segment the playlist maps.
    const init = /^#EXT-X-MAP:URI="([^"]+)"/m.exec(playlist)?.[1];
    const bytes = async (uri: string) =>
      Buffer.from(await (await fetch(new URL(uri, top!.url))).arrayBuffer());
    const segment = Buffer.concat([...(init ? [await bytes(init)] : []), await bytes(newest)]);
    const end = segmentEndByClock(await segmentClock(segment, DEMO_PICTURE), duration, fetchedAt);
    if (end !== null) ages.push(fetchedAt - end);
  }
  return {
    samples: ages.length,
    medianMs: round(percentile(ages, 0.5)),
    maxMs: round(percentile(ages, 1)),
  };
}

async function segmentDelay(origin: string) {
  const headers: Record<string, string> = process.env['METRICS_TOKEN']
    ? { Authorization: `Bearer ${process.env['METRICS_TOKEN']}` }
    : {};
  const response = await fetch(`${origin}/metrics`, { headers });
  if (!response.ok) throw new Error(`/metrics: HTTP ${response.status}`);
  const histogram = parseHistogram(await response.text(), 'vitrine_live_segment_delay_seconds');
  if (!histogram) throw new Error('/metrics has no vitrine_live_segment_delay_seconds');
  const ms = (seconds: number | null) =>
    seconds === null ? null : seconds === Infinity ? 'more' : seconds * 1000;
  return {
    segments: histogram.count,
    meanMs: histogram.count === 0 ? null : round((histogram.sum / histogram.count) * 1000),
    p90WithinMs: ms(bucketCovering(histogram, 0.9)),
    p99WithinMs: ms(bucketCovering(histogram, 0.99)),
  };
}

async function attempt<T>(measure: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await measure();
  } catch (error) {
    return failure(error);
  }
}

export async function benchLive(options: LiveBenchOptions) {
  const { origin, executablePath } = options;
  const album = DEMO_SHOWCASES.findIndex((showcase) => showcase.key === 'live') + 1;
  const demoName = DEMO_VIDEOS.find((video) => video.key === 'live-now')!.name;
  const events = (
    await json<{ data: EventItem[] }>(
      `${origin}/api/albums/${album}/videos?per_page=100&fields=uri,name,live.status,live.recurring_event`,
    )
  ).data;
  const pathOf = (event: EventItem) => `/showcase/${album}/video/${event.uri.split('/').pop()}`;
  const demo = events.find((event) => event.name === demoName);
  // A recurring event takes a push again once the last one ended; a one-off one would be over.
  const recurring = (event: EventItem) =>
    Number(event.live?.recurring_event?.schedule.rrule !== 'FREQ=SINGLE');
  const target = events
    .filter((event) => event !== demo && event.live && event.live.status !== 'done')
    .sort((a, b) => recurring(b) - recurring(a))[0];
  const pushTo = target
    ? {
        name: target.name,
        eventPath: pathOf(target),
        key: await ownerStreamKey(origin, executablePath, pathOf(target)),
      }
    : null;
  const push = <T>(feed: Feed, measure: (stream: OnAir) => Promise<T>) =>
    pushTo
      ? pushed(options, pushTo, feed, measure)
      : Promise.reject(new Error('no demo event takes a push, other than the demo feed one'));

  // The demo feed's picture, or the same one pushed by the bench when the demo event is over.
  const demoStream = demo ? await demoOnAir(options, pathOf(demo)) : null;
  const clockEvent = demoStream ? demo!.name : (pushTo?.name ?? null);
  const clock = await attempt(() =>
    demoStream
      ? clockFigures(options, demoStream)
      : push(DEMO_PICTURE, (stream) => clockFigures(options, stream)),
  );
  const streams: (StreamCost | { error: string })[] = ['error' in clock ? clock : clock.cost];
  for (const feed of PUSHED_FEEDS) streams.push(await attempt(() => push(feed, streamCost)));

  return {
    cores: availableParallelism(),
    clockEvent,
    latency: 'error' in clock ? clock : clock.latency,
    streams,
    segmentDelay: await attempt(() => segmentDelay(origin)),
    edgeAge: 'error' in clock ? clock : clock.edgeAge,
  };
}

export type LiveBench = Awaited<ReturnType<typeof benchLive>>;

/** The low-latency figures the issue goals block holds to their goals; null when not measured. */
export function lowLatencyFigures(
  live: LiveBench | null,
): { p50Ms: number; p99Ms: number; stalls: number } | null {
  if (!live || 'error' in live.latency || 'error' in live.latency.lowLatency) return null;
  const { medianMs, p99Ms, stalls } = live.latency.lowLatency;
  return medianMs === null || p99Ms === null ? null : { p50Ms: medianMs, p99Ms, stalls };
}

const cell = (value: number | null, width: number) => String(value ?? '–').padStart(width);
const seconds = (ms: number | null) => (ms === null ? '–' : `${(ms / 1000).toFixed(2)} s`);

/** The section's lines of the printed summary. */
export function liveSummary(live: LiveBench): string {
  const played = (m: Exclude<LiveBench['latency'], { error: string }>['plain']) =>
    'error' in m
      ? m.error
      : `${seconds(m.medianMs)} p50, ${seconds(m.p99Ms)} p99 (${m.stream}, ${m.samples} seconds seen, ` +
        `${m.stalls === 0 ? 'no stall' : `${m.stalls} stall${m.stalls === 1 ? '' : 's'}`})`;
  const latency = (m: LiveBench['latency']) =>
    'error' in m
      ? m.error
      : `\n    low-latency HLS: ${played(m.lowLatency)}\n    plain HLS (full segments): ${played(m.plain)}`;
  const stream = (m: LiveBench['streams'][number]) =>
    'error' in m
      ? `  ${m.error}`
      : [
          ' ',
          m.source.padEnd(20),
          m.ladder.join('/').padEnd(16),
          cell(m.serverCores, 6),
          cell(m.serverCoresPerStreamSecond, 10),
          cell(m.pusherCores, 6),
          cell(m.realtime, 8),
          cell(m.onAirSeconds, 6),
          cell(m.loadAverage, 5),
        ].join(' ');
  const delay = live.segmentDelay;
  const edge = live.edgeAge;
  const within = (ms: number | string | null) => (typeof ms === 'number' ? seconds(ms) : ms);
  const segments =
    'error' in delay
      ? delay.error
      : `stored ${seconds(delay.meanMs)} after ffmpeg wrote them on average, ` +
        `90% within ${within(delay.p90WithinMs)}, 99% within ${within(delay.p99WithinMs)} ` +
        `(${delay.segments} segments)`;
  const liveEdge =
    'error' in edge
      ? edge.error
      : `the picture of the newest segment ended ${seconds(edge.medianMs)} before its playlist ` +
        `was fetched (median of ${edge.samples}, at most ${seconds(edge.maxMs)})`;
  return `
live, on ${live.cores} cores
  glass to glass, on ${live.clockEvent ?? 'no event'}: ${latency(live.latency)}
  per stream, over about ${CPU_SECONDS} s: cores the server's packager used, and its CPU seconds per second of stream (the cores it
  needs to keep up); the pusher's cores (not the server's cost); seconds of stream out per second; seconds to go on air; load
  source               ladder           server  to keep up pusher realtime on air  load
${live.streams.map(stream).join('\n')}
  segments: ${segments}
  live edge: ${liveEdge}`;
}
