// `npm run bench`: builds and starts the server, then measures the public pages (grid, player,
// featured, dark, video view, stock, home): brotli HTML bytes, JavaScript on a phone before and
// after the first interaction, requests per second and p99 under autocannon served from the
// page cache and rendered every time (x-bench-uncached), beside a bare Astro page and the grid
// page's own bytes served as a static file by a minimal Node server (benchCache.ts), and the
// grid's markup served unrendered as the bare page's body (/bench/markup); the player
// frame: its JavaScript, the media an idle frame fetches, the time to the first video frame on
// Chromium's own HLS and through hls.js; LCP under Lighthouse's mobile settings (benchLcp.ts);
// search and paging at 20,000 videos beside the demo (benchScale.ts); then live streaming
// (benchLive.ts) and live chat (benchChat.ts).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../tests/e2e/chromium.mjs';
import { BROWSER_ARGS, withoutNativeHls } from './benchBrowser.ts';
import { benchChat, chatSummary } from './benchChat.ts';
import { benchLive, liveSummary } from './benchLive.ts';
import { staticBaseline } from './benchCache.ts';
import { benchLcp, lcpSummary } from './benchLcp.ts';
import { benchScale, scaleSummary } from './benchScale.ts';
import { inTurns, medianRatio, type PairedRound } from './benchPairs.ts';
import { BENCH_UNCACHED_HEADER, CACHE_STATUS_HEADER, type StoredEncoding } from '../src/lib/pageCache.ts';
import { DEMO_SHOWCASES } from '../src/server/seed/demoCatalogue.ts';

const port = Number(process.env['BENCH_PORT'] ?? 4466);
const origin = `http://127.0.0.1:${port}`;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const rtmpPort = Number(process.env['BENCH_RTMP_PORT'] ?? 4467);
const connections = 50;
/** Rounds, and seconds a side, of the two goals' ratios measured in turns (benchPairs.ts). */
const PAIRED_ROUNDS = 3;
const roundSeconds = Math.max(1, Math.round(seconds / 2));
const staticPort = Number(process.env['BENCH_STATIC_PORT'] ?? 4469);

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

// `--no-live` leaves out the live streaming and chat sections (a few minutes) when only the pages matter.
const withLive = !process.argv.includes('--no-live');
// The demo's event on the air, and no job worker: its replay transcodes of the broadcasts the
// live section pushes would take the CPU that section measures. Without the live sections the
// demo's feed stays off: it and its packager take about a third of a core, from every measure.
const liveSettings = { RTMP_PORT: String(rtmpPort), DEMO_LIVE: withLive ? 'on' : 'off', WORKER: 'off' };
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

/**
 * The page's bytes as they go on the wire in each encoding (fetch() would decode them), from
 * the page cache as nearly every visitor gets them: a page the cache has yet to store (it
 * compresses its copy after the render that missed) is asked for again, a second at most.
 */
async function wireBytes(url: string): Promise<Record<StoredEncoding, Buffer>> {
  const { get } = await import('node:http');
  const bytes = {} as Record<StoredEncoding, Buffer>;
  for (const encoding of ['identity', 'gzip', 'br'] as const) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
        get(url, { headers: { 'Accept-Encoding': encoding } }, resolve).on('error', reject);
      });
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      bytes[encoding] = Buffer.concat(chunks);
      if (response.headers[CACHE_STATUS_HEADER] !== 'miss') break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return bytes;
}

const sizesOf = (bytes: Record<StoredEncoding, Buffer>) => ({ identity: bytes.identity.length, gzip: bytes.gzip.length, br: bytes.br.length });

/** A phone, as the JavaScript and first-interaction figures are taken. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

type Interaction = (page: import('@playwright/test').Page) => Promise<void>;

/** JavaScript the page loads before any interaction, and in all once `interact` has run. */
async function scriptBytes(url: string, executablePath: string, interact?: Interaction) {
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  const page = await browser.newPage(PHONE);
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
    await page.waitForTimeout(500);
    await Promise.all(pending);
  }
  await browser.close();
  return { before, after: { count, bytes } };
}

/** The first interaction on a page without a player: typing into its search box. */
async function searchFirst(page: import('@playwright/test').Page) {
  const box = page.getByRole('searchbox').first();
  if ((await box.count()) === 0) return tabIn(page);
  await box.focus();
  await box.pressSequentially('re');
  await page.waitForLoadState('networkidle');
}

/** The first interaction on a page whose controls are links and forms: a Tab into the page. */
async function tabIn(page: import('@playwright/test').Page) {
  await page.keyboard.press('Tab');
  await page.waitForLoadState('networkidle');
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

/** Bytes of media (playlists, segments, video files) an idle player frame fetches before play. */
async function mediaBeforePlay(url: string, executablePath: string) {
  const browser = await chromium.launch({ executablePath, args: BROWSER_ARGS });
  const page = await browser.newPage();
  let bytes = 0;
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'media' && !/\.(m3u8|ts|m4s|mp4)(\?|$)/.test(new URL(response.url()).pathname)) return;
    pending.push(response.body().then((body) => void (bytes += body.length)).catch(() => undefined));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return bytes;
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

/** Requests per second and p99 under load; `uncached` makes the server render every request. */
async function load(url: string, uncached = false, duration = seconds) {
  const headers: Record<string, string> = { 'Accept-Encoding': 'br, gzip', ...(uncached ? { [BENCH_UNCACHED_HEADER]: '1' } : {}) };
  const result = await autocannon({ url, connections, duration, headers });
  return { rps: Math.round(result.requests.average), p99ms: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The static file's own figures, then the goals' ratios, each side measured in turns with its baseline (benchPairs.ts). */
async function againstBaselines(gridUrl: string, bareUrl: string, staticUrl: string, markupUrl: string) {
  const rps = (url: string, uncached = false) => async () => (await load(url, uncached, roundSeconds)).rps;
  return {
    staticFile: await load(staticUrl),
    pairs: {
      cachedGridToStatic: await inTurns(rps(gridUrl), rps(staticUrl), PAIRED_ROUNDS),
      uncachedGridToBare: await inTurns(rps(gridUrl, true), rps(bareUrl, true), PAIRED_ROUNDS),
      // Not a goal: how near the bare page a page of the grid's size comes when nothing renders it.
      gridMarkupToBare: await inTurns(rps(markupUrl, true), rps(bareUrl, true), PAIRED_ROUNDS),
    },
  };
}

/** A ratio's rounds, as the summary prints them under it. */
function inTurnsNote(rounds: readonly PairedRound[]): string {
  return `\n    median of ${rounds.length} rounds of ${roundSeconds} s in turns: ${rounds.map((r) => `${r.measured} ÷ ${r.baseline} = ${(r.measured / r.baseline).toFixed(2)}`).join('; ')}`;
}

/** Two seconds of the measuring load, cached and rendered, whose figures are dropped. */
async function warmUnderLoad(url: string): Promise<void> {
  for (const uncached of [false, true]) await load(url, uncached, 2);
}

/** Demo showcase ids by their names in the seed, read back from the public API. */
async function showcaseIds(): Promise<Map<string, number>> {
  const wanted = new Map(DEMO_SHOWCASES.map((showcase) => [showcase.name, showcase.key]));
  const ids = new Map<string, number>();
  for (let id = 1; id <= DEMO_SHOWCASES.length + 5 && ids.size < wanted.size; id++) {
    const response = await fetch(`${origin}/api/albums/${id}`);
    if (!response.ok) continue;
    const key = wanted.get(((await response.json()) as { name: string }).name);
    if (key) ids.set(key, id);
  }
  return ids;
}

try {
  await waitForServer();
  const executablePath = await resolveChromium();
  const ids = await showcaseIds();
  const showcaseUrl = (key: string) => `${origin}/showcase/${ids.get(key)}`;
  const bareUrl = `${origin}/bench/bare`;
  const markupUrl = `${origin}/bench/markup?of=${encodeURIComponent(new URL(showcaseUrl('grid')).pathname)}`;
  const first = (await (await fetch(`${origin}/api/albums/${ids.get('grid')}/videos?per_page=1&fields=uri`)).json()) as { data: { uri: string }[] };
  const videoUrl = `${showcaseUrl('grid')}/video/${first.data[0]!.uri.split('/').pop()}`;
  const urls = {
    grid: showcaseUrl('grid'),
    player: showcaseUrl('player'),
    featured: showcaseUrl('featured'),
    dark: showcaseUrl('dark'),
    videoView: videoUrl,
    stock: `${origin}/stock`,
    home: `${origin}/`,
  };
  const interactions: Record<keyof typeof urls, Interaction> = {
    grid: searchFirst,
    player: playFirstVideo,
    featured: searchFirst,
    dark: searchFirst,
    videoView: playFirstVideo,
    stock: tabIn,
    home: tabIn,
  };
  // Warm every route so the first measurement does not pay for module loading, then the
  // server's hot paths under load, which the page measured first would otherwise pay for alone.
  for (let i = 0; i < 20; i++) await Promise.all([...Object.values(urls), bareUrl, markupUrl].map((u) => fetch(u)));
  for (const url of [...Object.values(urls), bareUrl, markupUrl]) await warmUnderLoad(url);

  const pages = {} as Record<keyof typeof urls, { html: ReturnType<typeof sizesOf>; js: Awaited<ReturnType<typeof scriptBytes>>; load: Awaited<ReturnType<typeof load>>; uncached: Awaited<ReturnType<typeof load>> }>;
  for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
    pages[name] = {
      html: sizesOf(await wireBytes(url)),
      js: await scriptBytes(url, executablePath, interactions[name]),
      load: await load(url),
      uncached: await load(url, true),
    };
  }
  const bare = { html: sizesOf(await wireBytes(bareUrl)), load: await load(bareUrl, true) };
  // The cached grid page's own bytes, served as a static file by a minimal Node server.
  const baseline = await staticBaseline(await wireBytes(urls.grid), staticPort);
  const { staticFile, pairs } = await againstBaselines(urls.grid, bareUrl, baseline.url, markupUrl).finally(() => baseline.close());
  const frameUrl = `${videoUrl}/embed?autoplay=1`;
  const idleFrameUrl = `${videoUrl}/embed`;
  const frame = {
    js: (await scriptBytes(frameUrl, executablePath)).before,
    idleMediaBytes: await mediaBeforePlay(idleFrameUrl, executablePath),
    ttffNative: await timeToFirstFrame(frameUrl, executablePath, false),
    ttffHlsJs: await timeToFirstFrame(frameUrl, executablePath, true),
  };
  const lcp = await benchLcp({ urls: { grid: urls.grid, featured: urls.featured, player: urls.player, 'video view': urls.videoView, stock: urls.stock, home: urls.home }, executablePath });
  const scale = await benchScale({ origin });
  const live = withLive ? await benchLive({ origin, serverPid: server.pid!, executablePath, rtmpPort }) : null;
  const chat = withLive ? await benchChat({ origin }).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) })) : null;
  const report = {
    when: new Date().toISOString(),
    node: process.version,
    pages,
    bare,
    staticFile,
    frame,
    lcp,
    scale,
    live,
    chat,
    pairs,
    ratio: {
      cachedGridToStatic: medianRatio(pairs.cachedGridToStatic),
      uncachedGridToBare: medianRatio(pairs.uncachedGridToBare),
      gridMarkupToBare: medianRatio(pairs.gridMarkupToBare),
    },
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(path.join('bench-results', 'latest.json'), JSON.stringify(report, null, 2));
  const cell = (value: number | string, width: number) => String(value).padStart(width);
  const row = (name: string, m: (typeof pages)['grid']) =>
    `  ${name.padEnd(11)}${cell(m.html.br, 8)}${cell(m.js.before.bytes, 10)}${cell(m.js.after.bytes, 9)}${cell(m.load.rps, 8)}${cell(m.load.p99ms, 7)}${cell(m.uncached.rps, 8)}${cell(m.uncached.p99ms, 7)}`;
  console.log(`
${seconds} s × ${connections} connections per measure; HTML bytes brotli; JavaScript decoded, on a phone, before and after the page's first interaction
  page        HTML br JS before JS after  cached req/s p99  render req/s p99
${Object.entries(pages).map(([name, m]) => row(name, m)).join('\n')}
  bare page  ${cell(bare.html.br, 8)}${cell(0, 10)}${cell(0, 9)}${cell('', 8)}${cell('', 7)}${cell(bare.load.rps, 8)}${cell(bare.load.p99ms, 7)}
  static file (the grid page's bytes): ${staticFile.rps} req/s, p99 ${staticFile.p99ms} ms
  cached grid ÷ static file: ${report.ratio.cachedGridToStatic}× the requests per second (goal ≥ 0.5×, p99 ≤ 50 ms: ${pages.grid.load.p99ms} ms)${inTurnsNote(pairs.cachedGridToStatic)}
  rendered grid ÷ bare page: ${report.ratio.uncachedGridToBare}× the requests per second (goal ≥ 0.5×)${inTurnsNote(pairs.uncachedGridToBare)}
  the grid's markup unrendered (the bare page's body, /bench/markup) ÷ bare page: ${report.ratio.gridMarkupToBare}×, what its size alone leaves a render${inTurnsNote(pairs.gridMarkupToBare)}
  player frame: ${frame.js.bytes} B of JavaScript before playing; ${frame.idleMediaBytes} B of media fetched by an idle frame; first frame after ${frame.ttffNative.medianMs} ms (${frame.ttffNative.stream}), ${frame.ttffHlsJs.medianMs} ms (${frame.ttffHlsJs.stream}), medians of ${frame.ttffNative.runs} loads
  errors: ${[...Object.values(pages).flatMap((p) => [p.load.errors, p.uncached.errors]), bare.load.errors, staticFile.errors].join(', ')}
${lcpSummary(lcp)}
${scaleSummary(scale)}
${live ? liveSummary(live) : 'live: left out (--no-live)'}
${chat ? chatSummary(chat) : 'chat: left out (--no-live)'}
(written to bench-results/latest.json)`);
} finally {
  server.kill('SIGTERM');
}
