// `npm run bench`: builds and starts the server with the demo, then measures, section by section
// (`--only=pages,classes,…` runs some; `--no-live` leaves out live and chat):
// - pages: the public pages (grid, player, featured, dark, video view, stock, home, the live
//   event's view): brotli HTML bytes, JavaScript on a phone before and after the first
//   interaction, and under autocannon served from the page cache and rendered every time
//   (x-bench-uncached): req/s, p50, p99 and the server's CPU a request (/proc, benchProcess.ts);
// - classes: the grid anonymous and cached, signed in as the owner, the video view signed in,
//   an anonymous miss, a fresh utm_source each request (with the share the cache answered), the
//   bare Astro page, the grid's markup served unrendered (/bench/markup) and the grid page's
//   bytes as a static file from a minimal Node server in a process of its own (benchCache.ts);
//   then the goals' ratios measured in turns (benchPairs.ts);
// - frame: the player frame's JavaScript, the media an idle frame fetches, the time to the first
//   video frame on Chromium's own HLS and through hls.js;
// - lcp: LCP under Lighthouse's mobile settings (benchLcp.ts);
// - scale: search and paging at 20,000 videos beside the demo (benchScale.ts);
// - mixed: anonymous, signed-in and tracking-parameter traffic at once beside 200 chat readers,
//   with the server's RSS before, at its peak and after (benchMixed.ts);
// - live and chat: streaming (benchLive.ts) and live chat (benchChat.ts).
// Then the issue's goals beside their figures (benchGoals.ts), and everything to
// bench-results/latest.json.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { resolveChromium } from '../tests/e2e/chromium.mjs';
import { BROWSER_ARGS, withoutNativeHls } from './benchBrowser.ts';
import { benchChat, chatSummary } from './benchChat.ts';
import { benchLive, liveSummary, lowLatencyFigures } from './benchLive.ts';
import { staticBaselineProcess } from './benchCache.ts';
import { goalsSummary, searchRatiosOf } from './benchGoals.ts';
import { benchLcp, lcpSummary } from './benchLcp.ts';
import { cacheShare, load as loadOn, type LoadFigures, type LoadOptions } from './benchLoad.ts';
import { benchMixed, mixedSummary } from './benchMixed.ts';
import { processMemory } from './benchProcess.ts';
import { benchScale, ratio as scaleRatio, scaleSummary } from './benchScale.ts';
import { signIn } from './benchSession.ts';
import { inTurns, medianRatio, type PairedRound } from './benchPairs.ts';
import { CACHE_STATUS_HEADER, type StoredEncoding } from '../src/lib/pageCache.ts';
import { DEMO_SHOWCASES } from '../src/server/seed/demoCatalogue.ts';

const port = Number(process.env['BENCH_PORT'] ?? 4466);
const origin = `http://127.0.0.1:${port}`;
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const rtmpPort = Number(process.env['BENCH_RTMP_PORT'] ?? 4467);
const connections = 50;
/** Rounds, and seconds a side, of the goals' ratios measured in turns (benchPairs.ts). */
const PAIRED_ROUNDS = 3;
const roundSeconds = Math.max(1, Math.round(seconds / 2));
const staticPort = Number(process.env['BENCH_STATIC_PORT'] ?? 4469);
/** The mixed round runs twice a measure's length: long enough for the readers' memory to show. */
const mixedSeconds = Number(process.env['BENCH_MIXED_SECONDS'] ?? seconds * 2);
/** After the last section, before the server's RSS is read again. */
const SETTLE_MS = 5_000;

const SECTIONS = ['pages', 'classes', 'frame', 'lcp', 'scale', 'mixed', 'live', 'chat'] as const;
type Section = (typeof SECTIONS)[number];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const unknown = only?.filter((name) => !(SECTIONS as readonly string[]).includes(name)) ?? [];
if (unknown.length > 0) {
  console.error(
    `--only: no section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`,
  );
  process.exit(2);
}
// `--no-live` leaves out the live streaming and chat sections (a few minutes) when only the pages matter.
const sections = new Set<Section>(
  (only ?? SECTIONS).filter(
    (name): name is Section =>
      !(process.argv.includes('--no-live') && (name === 'live' || name === 'chat')),
  ),
);
const wanted = (section: Section) => sections.has(section);

if (!process.argv.includes('--no-build')) {
  const built = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const withLive = wanted('live') || wanted('chat');
// The demo's event on the air, and no job worker: its replay transcodes of the broadcasts the
// live section pushes would take the CPU that section measures. Without the live sections the
// demo's feed stays off: it and its packager take about a third of a core, from every measure.
const liveSettings = {
  RTMP_PORT: String(rtmpPort),
  DEMO_LIVE: withLive ? 'on' : 'off',
  WORKER: 'off',
};
// The API origin would take PORT + 1, the RTMP port above; the bench reads the site only.
const apiSettings = { API_PORT: 'off' };
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: process.env['DATA_DIR'] ?? '.data/bench',
    BENCH_ROUTES: 'true',
    VITRINE_SKIP_BUILD: '1',
    LOG_LEVEL: 'warn',
    MEDIA_CACHE_DIR: process.env['MEDIA_CACHE_DIR'] ?? '.data/cache',
    ...liveSettings,
    ...apiSettings,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
// start.mjs imports the server into its own process: this pid is the server whose CPU and memory are read.
const serverPid = server.pid!;

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

const sizesOf = (bytes: Record<StoredEncoding, Buffer>) => ({
  identity: bytes.identity.length,
  gzip: bytes.gzip.length,
  br: bytes.br.length,
});

/** A phone, as the JavaScript and first-interaction figures are taken. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

type Interaction = (page: import('@playwright/test').Page) => Promise<void>;

/** Bytes of the scripts written inline in the page and its frames, which fetches leave out. */
async function inlineScriptBytes(page: import('@playwright/test').Page): Promise<number> {
  let bytes = 0;
  for (const frame of page.frames())
    bytes += await frame
      .evaluate(() =>
        [...document.querySelectorAll('script:not([src])')]
          .filter((script) =>
            /^(module|text\/javascript)?$/.test(script.getAttribute('type') ?? ''),
          )
          .reduce((sum, script) => sum + new TextEncoder().encode(script.textContent).length, 0),
      )
      .catch(() => 0);
  return bytes;
}

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
    pending.push(
      response
        .body()
        .then((body) => void (bytes += body.length))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  const before = { count, bytes, inline: await inlineScriptBytes(page) };
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
  await page
    .frameLocator('iframe')
    .locator('video')
    .evaluate((video: HTMLVideoElement) => {
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
    if (type !== 'media' && !/\.(m3u8|ts|m4s|mp4)(\?|$)/.test(new URL(response.url()).pathname))
      return;
    pending.push(
      response
        .body()
        .then((body) => void (bytes += body.length))
        .catch(() => undefined),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return bytes;
}

/** Median milliseconds from navigation to the first presented video frame, over `runs` loads. */
async function timeToFirstFrame(
  url: string,
  executablePath: string,
  forceHlsJs: boolean,
  runs = 7,
) {
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
          const done = () =>
            resolve({ ms: performance.now(), stream: video.dataset['stream'] ?? '' });
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

/** One measure under load on the server, at the bench's connections and length. */
const load = (url: string, options: Partial<LoadOptions> = {}) =>
  loadOn(url, { pid: serverPid, seconds, connections, ...options });

/** The static file's own figures (CPU of its own process), then the goals' ratios, each side measured in turns with its baseline (benchPairs.ts). */
async function againstBaselines(
  gridUrl: string,
  bareUrl: string,
  staticUrl: string,
  staticPid: number,
  markupUrl: string,
) {
  const rps =
    (url: string, options: Partial<LoadOptions> = {}) =>
    async () =>
      (await load(url, { seconds: roundSeconds, ...options })).rps;
  return {
    staticFile: await loadOn(staticUrl, { pid: staticPid, seconds, connections }),
    pairs: {
      cachedGridToStatic: await inTurns(
        rps(gridUrl),
        rps(staticUrl, { pid: staticPid }),
        PAIRED_ROUNDS,
      ),
      uncachedGridToBare: await inTurns(
        rps(gridUrl, { uncached: true }),
        rps(bareUrl, { uncached: true }),
        PAIRED_ROUNDS,
      ),
      // The render goal the team took: the rendered grid against its own markup served unrendered.
      uncachedGridToMarkup: await inTurns(
        rps(gridUrl, { uncached: true }),
        rps(markupUrl, { uncached: true }),
        PAIRED_ROUNDS,
      ),
      // How near the bare page a page of the grid's size comes when nothing renders it.
      gridMarkupToBare: await inTurns(
        rps(markupUrl, { uncached: true }),
        rps(bareUrl, { uncached: true }),
        PAIRED_ROUNDS,
      ),
    },
  };
}

/** A ratio's rounds, as the summary prints them under it. */
function inTurnsNote(rounds: readonly PairedRound[]): string {
  const ratios = rounds.map(
    (r) => `${r.measured} ÷ ${r.baseline} = ${(r.measured / r.baseline).toFixed(2)}`,
  );
  return `\n    median of ${rounds.length} rounds of ${roundSeconds} s in turns: ${ratios.join('; ')}`;
}

/** Two seconds of the measuring load, cached and rendered, whose figures are dropped. */
async function warmUnderLoad(url: string): Promise<void> {
  for (const uncached of [false, true]) await load(url, { uncached, seconds: 2 });
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

/** Figures of a page under load, served from the cache and rendered every time. */
interface PageFigures {
  html: ReturnType<typeof sizesOf>;
  js: Awaited<ReturnType<typeof scriptBytes>>;
  load: LoadFigures;
  uncached: LoadFigures;
}

try {
  await waitForServer();
  const rssAtStart = processMemory(serverPid).rssMb;
  const executablePath = await resolveChromium();
  const ids = await showcaseIds();
  const showcaseUrl = (key: string) => `${origin}/showcase/${ids.get(key)}`;
  const bareUrl = `${origin}/bench/bare`;
  const markupUrl = `${origin}/bench/markup?of=${encodeURIComponent(new URL(showcaseUrl('grid')).pathname)}`;
  const firstVideo = async (key: string) => {
    const listed = (await (
      await fetch(`${origin}/api/albums/${ids.get(key)}/videos?per_page=1&fields=uri`)
    ).json()) as { data: { uri: string }[] };
    return `${showcaseUrl(key)}/video/${listed.data[0]!.uri.split('/').pop()}`;
  };
  const videoUrl = await firstVideo('grid');
  const urls = {
    grid: showcaseUrl('grid'),
    player: showcaseUrl('player'),
    featured: showcaseUrl('featured'),
    dark: showcaseUrl('dark'),
    videoView: videoUrl,
    stock: `${origin}/stock`,
    home: `${origin}/`,
    // The demo's streaming event, its chat beside the player; on the air only with the live sections.
    liveEvent: await firstVideo('live'),
  };
  const interactions: Record<keyof typeof urls, Interaction> = {
    grid: searchFirst,
    player: playFirstVideo,
    featured: searchFirst,
    dark: searchFirst,
    videoView: playFirstVideo,
    stock: tabIn,
    home: tabIn,
    liveEvent: tabIn,
  };
  if (wanted('pages') || wanted('classes')) {
    // Warm every route so the first measurement does not pay for module loading, then the
    // server's hot paths under load, which the page measured first would otherwise pay for alone.
    for (let i = 0; i < 20; i++)
      await Promise.all([...Object.values(urls), bareUrl, markupUrl].map((u) => fetch(u)));
    for (const url of [...Object.values(urls), bareUrl, markupUrl]) await warmUnderLoad(url);
  }

  let pages: Record<keyof typeof urls, PageFigures> | null = null;
  if (wanted('pages')) {
    pages = {} as Record<keyof typeof urls, PageFigures>;
    for (const [name, url] of Object.entries(urls) as [keyof typeof urls, string][]) {
      pages[name] = {
        html: sizesOf(await wireBytes(url)),
        js: await scriptBytes(url, executablePath, interactions[name]),
        load: await load(url),
        uncached: await load(url, { uncached: true }),
      };
    }
  }

  let classes: Record<string, LoadFigures> | null = null;
  let bare: { html: ReturnType<typeof sizesOf> } | null = null;
  let baselines: Awaited<ReturnType<typeof againstBaselines>> | null = null;
  if (wanted('classes')) {
    const owner = await signIn(origin, 'owner@vitrine.test');
    const gridPath = new URL(urls.grid).pathname;
    classes = {
      'grid, anonymous, cached': await load(urls.grid, { countCache: true }),
      'grid, signed in as the owner': await load(urls.grid, { headers: { Cookie: owner.cookie } }),
      'video view, signed in': await load(videoUrl, { headers: { Cookie: owner.cookie } }),
      'anonymous miss (grid)': await load(urls.grid, { uncached: true }),
      'grid, fresh utm_source': await load(urls.grid, {
        countCache: true,
        requestOf: (n) => ({
          path: `${gridPath}?utm_source=bench-${Date.now().toString(36)}-${n}`,
        }),
      }),
      'bare page, rendered': await load(bareUrl, { uncached: true }),
      'grid markup, unrendered': await load(markupUrl, { uncached: true }),
    };
    bare = { html: sizesOf(await wireBytes(bareUrl)) };
    // The cached grid page's own bytes, served as a static file by a minimal Node server in a process of its own.
    const baseline = await staticBaselineProcess(await wireBytes(urls.grid), staticPort);
    baselines = await againstBaselines(
      urls.grid,
      bareUrl,
      baseline.url,
      baseline.pid,
      markupUrl,
    ).finally(() => baseline.close());
    classes['static file (own process)'] = baselines.staticFile;
  }

  const frameUrl = `${videoUrl}/embed?autoplay=1`;
  const idleFrameUrl = `${videoUrl}/embed`;
  const frame = wanted('frame')
    ? {
        js: (await scriptBytes(frameUrl, executablePath)).before,
        idleMediaBytes: await mediaBeforePlay(idleFrameUrl, executablePath),
        ttffNative: await timeToFirstFrame(frameUrl, executablePath, false),
        ttffHlsJs: await timeToFirstFrame(frameUrl, executablePath, true),
      }
    : null;
  const lcp = wanted('lcp')
    ? await benchLcp({
        urls: {
          grid: urls.grid,
          featured: urls.featured,
          player: urls.player,
          'video view': urls.videoView,
          stock: urls.stock,
          home: urls.home,
        },
        executablePath,
      })
    : null;
  const scale = wanted('scale') ? await benchScale({ origin }) : null;
  const publicShowcases = DEMO_SHOWCASES.filter(
    (showcase) => showcase.privacy === 'anybody',
  ).flatMap((showcase) => ids.get(showcase.key) ?? []);
  const mixed = wanted('mixed')
    ? await benchMixed({
        origin,
        pid: serverPid,
        seconds: mixedSeconds,
        showcases: publicShowcases,
      }).catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }))
    : null;
  const live = wanted('live')
    ? await benchLive({ origin, serverPid, executablePath, rtmpPort })
    : null;
  const chat = wanted('chat')
    ? await benchChat({ origin }).catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }))
    : null;
  await sleep(SETTLE_MS);
  const memory = {
    rssAtStartMb: rssAtStart,
    rssAtEndMb: processMemory(serverPid).rssMb,
    peakRssMb: processMemory(serverPid).peakMb,
  };
  const ratio = baselines
    ? {
        cachedGridToStatic: medianRatio(baselines.pairs.cachedGridToStatic),
        uncachedGridToBare: medianRatio(baselines.pairs.uncachedGridToBare),
        uncachedGridToMarkup: medianRatio(baselines.pairs.uncachedGridToMarkup),
        gridMarkupToBare: medianRatio(baselines.pairs.gridMarkupToBare),
      }
    : null;
  const mixedRound = mixed && !('error' in mixed) ? mixed : null;
  const goals = {
    signedInGridCpuMs: classes?.['grid, signed in as the owner']?.cpuMs,
    signedInVideoCpuMs: classes?.['video view, signed in']?.cpuMs,
    anonymousMissCpuMs: classes?.['anonymous miss (grid)']?.cpuMs,
    freshUtmCacheShare: cacheShare(classes?.['grid, fresh utm_source']?.cache),
    mixedAnonymousP99Ms: mixedRound?.classes.anonymous.p99ms,
    liveEventJsBytes: pages?.liveEvent.js.before.bytes,
    peakRssMb: memory.peakRssMb,
    rssBackMb: mixedRound
      ? { from: mixedRound.rssMb.before, to: mixedRound.rssMb.after, of: 'the mixed round' }
      : { from: memory.rssAtStartMb, to: memory.rssAtEndMb, of: 'the whole run' },
    searchRatios: scale ? searchRatiosOf(scale, scaleRatio) : null,
    lowLatency: lowLatencyFigures(live),
  };
  const report = {
    when: new Date().toISOString(),
    node: process.version,
    sections: [...sections],
    connections,
    seconds,
    liveEventOnAir: withLive,
    pages,
    classes,
    bare,
    staticFile: baselines?.staticFile ?? null,
    frame,
    lcp,
    scale,
    mixed,
    live,
    chat,
    pairs: baselines?.pairs ?? null,
    ratio,
    memory,
    goals,
  };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(path.join('bench-results', 'latest.json'), JSON.stringify(report, null, 2));
  const cell = (value: number | string | null | undefined, width: number) =>
    String(value ?? '–').padStart(width);
  const loadCells = (m: LoadFigures) =>
    `${cell(m.rps, 8)}${cell(m.p50ms, 5)}${cell(m.p99ms, 6)}${cell(m.cpuMs, 7)}`;
  const pagesLegend =
    `${seconds} s × ${connections} connections per measure; HTML bytes brotli; ` +
    "JavaScript decoded, on a phone, before and after the page's first interaction; " +
    "CPU: the server's ms a request (/proc utime + stime ÷ requests answered)";
  const pageRow = ([name, m]: [string, PageFigures]) =>
    `  ${name.padEnd(11)}${cell(m.html.br, 8)}${cell(m.js.before.bytes, 10)}${cell(m.js.after.bytes, 9)}` +
    ` |${loadCells(m.load)} |${loadCells(m.uncached)}`;
  const liveEventLine = ({ js }: PageFigures) =>
    `  live event view: ${js.before.bytes} B of JavaScript in ${js.before.count} files before ` +
    `interaction, and ${js.before.inline} B inline in the page and its frames ` +
    `(${withLive ? 'on the air' : 'off the air: the demo feed runs only with the live sections'})`;
  const pagesTable = pages
    ? `
${pagesLegend}
  page        HTML br JS before JS after |  cached req/s p50  p99   CPU | rendered req/s p50 p99   CPU
${(Object.entries(pages) as [string, PageFigures][]).map(pageRow).join('\n')}
${liveEventLine(pages.liveEvent)}
  errors: ${Object.values(pages)
    .flatMap((p) => [p.load.errors, p.uncached.errors])
    .join(', ')}`
    : 'pages: left out';
  const goalNote = (figure: number) => `${figure}× (the render goal, ≥ 0.5×)`;
  const classesTable =
    classes && baselines && ratio
      ? `
page classes, ${seconds} s × ${connections} connections each; CPU of the process that answers (the static file's own)
  class                              req/s   p50   p99  CPU ms  errors  from the cache
${Object.entries(classes)
  .map(
    ([name, m]) =>
      `  ${name.padEnd(31)}${cell(m.rps, 8)}${cell(m.p50ms, 6)}${cell(m.p99ms, 6)}${cell(m.cpuMs, 8)}${cell(m.errors, 8)}${
        m.cache
          ? `  ${cacheShare(m.cache)} % (${Object.entries(m.cache)
              .map(([k, v]) => `${k} ${v}`)
              .join(', ')})`
          : ''
      }`,
  )
  .join('\n')}
  cached grid ÷ static file: ${ratio.cachedGridToStatic}× the requests per second (goal ≥ 0.5×)${inTurnsNote(baselines.pairs.cachedGridToStatic)}
  rendered grid ÷ its own markup served unrendered (/bench/markup): ${goalNote(ratio.uncachedGridToMarkup)}${inTurnsNote(baselines.pairs.uncachedGridToMarkup)}
  rendered grid ÷ bare page: ${ratio.uncachedGridToBare}×${inTurnsNote(baselines.pairs.uncachedGridToBare)}
  the grid's markup unrendered ÷ bare page: ${ratio.gridMarkupToBare}×, what its size alone leaves a render${inTurnsNote(baselines.pairs.gridMarkupToBare)}
  bare page: ${bare!.html.br} B brotli`
      : 'page classes: left out';
  const frameLine = frame
    ? `player frame: ${frame.js.bytes} B of JavaScript before playing; ` +
      `${frame.idleMediaBytes} B of media fetched by an idle frame; ` +
      `first frame after ${frame.ttffNative.medianMs} ms (${frame.ttffNative.stream}), ` +
      `${frame.ttffHlsJs.medianMs} ms (${frame.ttffHlsJs.stream}), medians of ${frame.ttffNative.runs} loads`
    : 'player frame: left out';
  const memoryLine =
    `server memory: RSS ${memory.rssAtStartMb ?? '–'} MB at the start, ` +
    `${memory.rssAtEndMb ?? '–'} MB at the end (${SETTLE_MS / 1000} s after the last section), ` +
    `high-water mark ${memory.peakRssMb ?? '–'} MB (VmHWM)`;
  console.log(`${pagesTable}
${classesTable}
${frameLine}
${lcp ? lcpSummary(lcp) : 'lcp: left out'}
${scale ? scaleSummary(scale) : 'scale: left out'}
${mixed ? mixedSummary(mixed) : 'mixed traffic: left out'}
${live ? liveSummary(live) : 'live: left out'}
${chat ? chatSummary(chat) : 'chat: left out'}

${memoryLine}
${goalsSummary(goals)}
(written to bench-results/latest.json)`);
} finally {
  server.kill('SIGTERM');
}
