// The search and paging section of `npm run bench`, against a server started with
// BENCH_ROUTES=true. It seeds a 20,000-video showcase once (POST /bench/scale, SQL copies of
// the demo's videos and media), then takes the median of RUNS timings of a search, page 1 and
// a late page on it and on the demo's 34-video showcase, two ways: the read the page makes,
// timed inside the server with no cache (GET /bench/scale), and the rendered page over HTTP
// with the page cache skipped (x-bench-uncached: 1; the few-second read cache works as it
// does for visitors). The goal: the large figure within 2 × the small one. Then the API's
// search of each showcase (GET /api/albums/{id}/videos?query=) for text that finds one video and
// for text every video holds; its goal: within 1.5 × the demo's. It measures; it judges nothing.
import { GRID_PAGE_SIZE } from '../src/lib/pagination.ts';

const RUNS = 15;
const WARM_UP = 3;
const LATE_PAGE = 800;
/** Every demo reel's description says "a short film from the Northwind archive", and every copy keeps it. */
const BROAD_QUERY = 'northwind';
/** Vimeo's page size for a search (SPEC §7). */
const API_SEARCH_PER_PAGE = 25;
/** Seeding copies 20,000 videos with their pictures and files: a minute or more on PGlite. */
const SEED_TIMEOUT_MS = 10 * 60_000;

export interface ScaleBenchOptions {
  origin: string;
}

/** One measure on both showcases: medians in milliseconds, and what was asked of each. */
export interface ScaleRow {
  label: string;
  demo: { what: string; medianMs: number };
  scale: { what: string; medianMs: number };
}

export type ScaleFigures =
  | {
      demoShowcase: number;
      demoVideos: number;
      scaleShowcase: number;
      scaleVideos: number;
      /** Seconds the seeding took; null when an earlier run's showcase was reused. */
      seedSeconds: number | null;
      runs: number;
      data: ScaleRow[];
      http: ScaleRow[];
      /** The API's search, over HTTP: a one-hit and a broad query. */
      api: ScaleRow[];
    }
  | { error: string };

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How many times the small figure the large one is, to two decimals. */
export function ratio(row: ScaleRow): number {
  return Math.round((row.scale.medianMs / row.demo.medianMs) * 100) / 100;
}

interface Seeded {
  showcase: number;
  videos: number;
  seeded: boolean;
  demoShowcase: number;
  probes: { demo: string; scale: string };
}

async function seed(origin: string): Promise<Seeded> {
  // The POST passes the CSRF checks as a page's script would: same origin, JSON, the token in a header and its cookie.
  const token = 'bench-scale';
  const response = await fetch(`${origin}/bench/scale`, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      'x-xsrf-token': token,
      cookie: `xsrft=${token}`,
    },
    body: '{}',
    signal: AbortSignal.timeout(SEED_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`POST /bench/scale: HTTP ${response.status}`);
  return (await response.json()) as Seeded;
}

async function inServer(
  origin: string,
  showcase: number,
  ask: { page: number } | { q: string },
): Promise<{ medianMs: number; total: number }> {
  const query = new URLSearchParams({
    showcase: String(showcase),
    runs: String(RUNS),
    ...('q' in ask ? { q: ask.q } : { page: String(ask.page) }),
  });
  const response = await fetch(`${origin}/bench/scale?${query}`);
  if (!response.ok) throw new Error(`GET /bench/scale?${query}: HTTP ${response.status}`);
  const body = (await response.json()) as { ms: number[]; total: number };
  return { medianMs: round(median(body.ms)), total: body.total };
}

async function overHttp(
  url: string,
  headers: Record<string, string> = { 'x-bench-uncached': '1' },
): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    const start = performance.now();
    const response = await fetch(url, {
      headers: { ...headers, 'Accept-Encoding': 'br, gzip' },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
    if (i >= WARM_UP) ms.push(performance.now() - start);
  }
  return round(median(ms));
}

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function benchScale({ origin }: ScaleBenchOptions): Promise<ScaleFigures> {
  try {
    const started = performance.now();
    const seeded = await seed(origin);
    const seedSeconds = seeded.seeded ? Math.round((performance.now() - started) / 100) / 10 : null;
    const demo = seeded.demoShowcase;
    const scale = seeded.showcase;
    // The demo showcase has no page 800: its last page is its late page.
    const demoPage1 = await inServer(origin, demo, { page: 1 });
    const demoLast = Math.max(1, Math.ceil(demoPage1.total / GRID_PAGE_SIZE));
    const measures: {
      label: string;
      demo: { page: number } | { q: string };
      scale: { page: number } | { q: string };
    }[] = [
      { label: 'search', demo: { q: seeded.probes.demo }, scale: { q: seeded.probes.scale } },
      { label: 'page 1', demo: { page: 1 }, scale: { page: 1 } },
      { label: 'late page', demo: { page: demoLast }, scale: { page: LATE_PAGE } },
    ];
    const what = (ask: { page: number } | { q: string }) =>
      'q' in ask ? `“${ask.q}”` : `page ${ask.page}`;
    const data: ScaleRow[] = [];
    for (const m of measures) {
      data.push({
        label: m.label,
        demo: { what: what(m.demo), medianMs: (await inServer(origin, demo, m.demo)).medianMs },
        scale: { what: what(m.scale), medianMs: (await inServer(origin, scale, m.scale)).medianMs },
      });
    }
    const address = (showcase: number, ask: { page: number } | { q: string }) =>
      'q' in ask
        ? `${origin}/showcase/${showcase}/search?q=${encodeURIComponent(ask.q)}`
        : `${origin}/showcase/${showcase}${ask.page > 1 ? `?page=${ask.page}` : ''}`;
    const http: ScaleRow[] = [];
    for (const m of measures) {
      http.push({
        label: m.label,
        demo: { what: what(m.demo), medianMs: await overHttp(address(demo, m.demo)) },
        scale: { what: what(m.scale), medianMs: await overHttp(address(scale, m.scale)) },
      });
    }
    const apiSearch = (showcase: number, text: string) =>
      overHttp(
        `${origin}/api/albums/${showcase}/videos?${new URLSearchParams({ query: text, per_page: String(API_SEARCH_PER_PAGE) })}`,
        { 'x-bench-uncached': '1', Accept: 'application/json' },
      );
    const api: ScaleRow[] = [];
    for (const [label, demoText, scaleText] of [
      ['one hit', seeded.probes.demo, seeded.probes.scale],
      ['broad', BROAD_QUERY, BROAD_QUERY],
    ] as const) {
      api.push({
        label,
        demo: { what: `“${demoText}”`, medianMs: await apiSearch(demo, demoText) },
        scale: { what: `“${scaleText}”`, medianMs: await apiSearch(scale, scaleText) },
      });
    }
    return {
      demoShowcase: demo,
      demoVideos: demoPage1.total,
      scaleShowcase: scale,
      scaleVideos: seeded.videos,
      seedSeconds,
      runs: RUNS,
      data,
      http,
      api,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The section's lines of the printed summary. */
export function scaleSummary(f: ScaleFigures): string {
  if ('error' in f) return `\nsearch and paging at scale: ${f.error}`;
  const line = (row: ScaleRow) =>
    [
      ' ',
      row.label.padEnd(10),
      row.demo.what.padEnd(22),
      String(row.demo.medianMs).padStart(7),
      row.scale.what.padEnd(14),
      String(row.scale.medianMs).padStart(7),
      `${ratio(row)}×`.padStart(7),
    ].join(' ');
  const scaleVideos = f.scaleVideos.toLocaleString('en');
  const head = [
    ' ',
    ''.padEnd(10),
    `showcase ${f.demoShowcase} (${f.demoVideos})`.padEnd(22),
    'ms'.padStart(7),
    `${scaleVideos} videos`.padEnd(14),
    'ms'.padStart(7),
    'ratio'.padStart(7),
  ].join(' ');
  const seeded = f.seedSeconds === null ? 'reused' : `seeded in ${f.seedSeconds} s`;
  return `
search and paging at scale: medians of ${f.runs}, the ${scaleVideos}-video showcase ${f.scaleShowcase} ${seeded} (goal: ratio ≤ 2)
  the read, in the server, uncached
${head}
${f.data.map(line).join('\n')}
  the page over HTTP, page cache skipped
${head}
${f.http.map(line).join('\n')}
  the API's search over HTTP, /api/albums/{id}/videos?query= (goal: ratio ≤ 1.5)
${head}
${f.api.map(line).join('\n')}`;
}
