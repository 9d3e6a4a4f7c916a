// `npm run bench`: builds and starts the server, then measures the demo grid showcase next
// to a bare Astro page served by the same server: compressed HTML bytes, JavaScript loaded
// before any interaction, and requests per second and p99 latency under autocannon; and the
// player frame: its JavaScript and the time to the first video frame, on Chromium's own HLS
// and through hls.js; then live streaming (benchLive.ts) and live chat (benchChat.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../tests/e2e/chromium.mjs';
import { BROWSER_ARGS, withoutNativeHls } from './benchBrowser.ts';
import { benchChat, chatSummary } from './benchChat.ts';
import { benchLive, liveSummary } from './benchLive.ts';

const port = Number(process.env['BENCH_PORT'] ?? 4466);
const origin = `http://127.0.0.1:${port}`;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const rtmpPort = Number(process.env['BENCH_RTMP_PORT'] ?? 4467);
const connections = 50;

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// The demo's event on the air, and no job worker: its replay transcodes of the broadcasts the
// live section pushes would take the CPU that section measures.
const liveSettings = { RTMP_PORT: String(rtmpPort), DEMO_LIVE: 'on', WORKER: 'off' };
// The API origin would take PORT + 1, the RTMP port above; the bench reads the site only.
const apiSettings = { API_PORT: 'off' };
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: process.env['DATA_DIR'] ?? '.data/bench', BENCH_ROUTES: 'true', VITRINE_SKIP_BUILD: '1', LOG_LEVEL: 'warn', MEDIA_CACHE_DIR: process.env['MEDIA_CACHE_DIR'] ?? '.data/cache', ...liveSettings, ...apiSettings },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function htmlBytes(url: string) {
  const sizes: Record<string, number> = {};
  for (const encoding of ['identity', 'gzip', 'br']) {
    // fetch() would decode; a raw request reports the bytes on the wire.
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      import('node:http').then(({ get }) => get(url, { headers: { 'Accept-Encoding': encoding } }, resolve).on('error', reject));
    });
    let total = 0;
    for await (const chunk of response) total += (chunk as Buffer).length;
    sizes[encoding] = total;
  }
  return sizes;
}

/** JavaScript the page loads before any interaction, and in all once `interact` has run. */
async function scriptBytes(url: string, executablePath: string, interact?: (page: import('@playwright/test').Page) => Promise<void>) {
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  const page = await browser.newPage();
  let bytes = 0;
  let count = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    count += 1;
    pending.push(response.body().then((body) => void (bytes += body.length)).catch(() => undefined));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const before = { count, bytes };
  if (interact) {
    // Everything a first play needs has loaded once it plays; the network never goes idle
    // after that under continuous play, which moves on to the next video.
    await interact(page);
    await Promise.all(pending);
  }
  await browser.close();
  return { before, after: { count, bytes } };
}

/** The first play: in the player frame of the page, wherever it sits. */
async function playFirstVideo(page: import('@playwright/test').Page) {
  const start = page.getByRole('link', { name: 'Start watching' });
  if (await start.count()) await start.click();
  await page.frameLocator('iframe').locator('video').evaluate((video: HTMLVideoElement) => {
    video.muted = true;
    return video.play();
  });
}

/** Median milliseconds from navigation to the first presented video frame, over `runs` loads. */
async function timeToFirstFrame(url: string, executablePath: string, forceHlsJs: boolean, runs = 7) {
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  const times: number[] = [];
  let stream = '';
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    if (forceHlsJs) await context.addInitScript(withoutNativeHls);
    const page = await context.newPage();
    await page.goto(url);
    const result = await page.locator('video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<{ ms: number; stream: string }>((resolve) => {
          const done = () => resolve({ ms: performance.now(), stream: video.dataset['stream'] ?? '' });
          if (video.currentTime > 0) return done();
          video.requestVideoFrameCallback(() => done());
        }),
    );
    times.push(result.ms);
    stream = result.stream;
    await context.close();
  }
  await browser.close();
  times.sort((a, b) => a - b);
  return { stream, medianMs: Math.round(times[Math.floor(times.length / 2)]!), runs };
}

async function load(url: string) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'Accept-Encoding': 'br, gzip' } });
  return { rps: Math.round(result.requests.average), p99ms: result.latency.p99, errors: result.errors + result.non2xx };
}

try {
  await waitForServer();
  const executablePath = await resolveChromium();
  const gridUrl = `${origin}/showcase/1`;
  const bareUrl = `${origin}/bench/bare`;
  const playerUrl = `${origin}/showcase/2`;
  const first = (await (await fetch(`${origin}/api/albums/1/videos?per_page=1&fields=uri`)).json()) as { data: { uri: string }[] };
  const videoUrl = `${origin}/showcase/1/video/${first.data[0]!.uri.split('/').pop()}`;
  // Warm every route so the first measurement does not pay for module loading.
  for (let i = 0; i < 20; i++) await Promise.all([gridUrl, bareUrl, playerUrl, videoUrl].map((u) => fetch(u)));

  const measure = async (url: string, interact?: (page: import('@playwright/test').Page) => Promise<void>) => ({
    html: await htmlBytes(url),
    js: await scriptBytes(url, executablePath, interact),
    load: await load(url),
  });
  const pages = {
    grid: await measure(gridUrl),
    player: await measure(playerUrl, playFirstVideo),
    videoView: await measure(videoUrl, playFirstVideo),
  };
  const bare = { html: await htmlBytes(bareUrl), load: await load(bareUrl) };
  const frameUrl = `${videoUrl}/embed?autoplay=1`;
  const frame = {
    js: (await scriptBytes(frameUrl, executablePath)).before,
    ttffNative: await timeToFirstFrame(frameUrl, executablePath, false),
    ttffHlsJs: await timeToFirstFrame(frameUrl, executablePath, true),
  };
  const live = await benchLive({ origin, serverPid: server.pid!, executablePath, rtmpPort });
  const chat = await benchChat({ origin }).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));
  const report = {
    when: new Date().toISOString(),
    node: process.version,
    pages,
    bare,
    frame,
    live,
    chat,
    ratio: { rps: +(pages.grid.load.rps / bare.load.rps).toFixed(2), p99: +(pages.grid.load.p99ms / Math.max(bare.load.p99ms, 1)).toFixed(2) },
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(path.join('bench-results', 'latest.json'), JSON.stringify(report, null, 2));
  const row = (name: string, m: (typeof pages)['grid']) =>
    `  ${name.padEnd(12)} ${String(m.html['br']).padStart(7)} ${String(m.js.before.bytes).padStart(9)} ${String(m.js.after.bytes).padStart(9)} ${String(m.load.rps).padStart(6)} ${String(m.load.p99ms).padStart(8)}`;
  console.log(`
${seconds} s × ${connections} connections per page; bytes are brotli HTML and decoded JavaScript
  page         HTML br  JS before  JS after  req/s  p99 ms
${row('grid', pages.grid)}
${row('player', pages.player)}
${row('video view', pages.videoView)}
  bare page    ${String(bare.html['br']).padStart(7)}         0         0 ${String(bare.load.rps).padStart(6)} ${String(bare.load.p99ms).padStart(8)}
  grid ÷ bare: ${report.ratio.rps}× the requests per second, ${report.ratio.p99}× the p99 latency
  player frame: ${frame.js.bytes} B of JavaScript before playing; first frame after ${frame.ttffNative.medianMs} ms (${frame.ttffNative.stream}), ${frame.ttffHlsJs.medianMs} ms (${frame.ttffHlsJs.stream}), medians of ${frame.ttffNative.runs} loads
  errors: ${[...Object.values(pages).map((p) => p.load.errors), bare.load.errors].join(', ')}
${liveSummary(live)}
${chatSummary(chat)}
(written to bench-results/latest.json)`);
} finally {
  server.kill('SIGTERM');
}
