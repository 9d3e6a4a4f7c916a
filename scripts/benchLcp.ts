// The LCP section of `npm run bench`: Largest Contentful Paint of public pages as Lighthouse
// reports it with its default mobile settings (a Moto G Power screen, slow 4G and a 4× slower
// CPU, simulated from the observed load), the median of a few runs per page. A first visit
// starts from an empty cache; a repeat visit loads the page again with the cache of the visit
// before it, under a fresh query string so the page itself is fetched again (as when a visitor
// returns after its max-age) while its stylesheets and pictures may come from the cache.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';

export interface LcpOptions {
  /** Page name → absolute URL. */
  urls: Record<string, string>;
  /** The Chromium that Lighthouse drives. */
  executablePath: string;
  /** Runs per page and visit; the median is kept. */
  runs?: number;
  /** Measure repeat visits too. */
  repeat?: boolean;
}

export interface LcpFigure {
  firstMs: number;
  repeatMs?: number;
  /** The element Lighthouse saw as the largest paint on the first visit, as an HTML snippet. */
  element?: string;
}

export type LcpFigures = Record<string, LcpFigure>;

/** Lighthouse's goal for a good LCP on a phone is 2.5 s; this project's is a second. */
export const LCP_GOAL_MS = 1_000;

const AUDITS = ['largest-contentful-paint', 'lcp-breakdown-insight'];

interface Run {
  lcpMs: number;
  element: string | undefined;
}

/** The snippet of the LCP element: the node item somewhere in the breakdown's details. */
function snippetIn(details: unknown): string | undefined {
  if (!details || typeof details !== 'object') return undefined;
  const item = details as { type?: unknown; snippet?: unknown };
  if (item.type === 'node' && typeof item.snippet === 'string') return item.snippet;
  for (const value of Object.values(details)) {
    const found = Array.isArray(value) ? value.map(snippetIn).find(Boolean) : snippetIn(value);
    if (found) return found;
  }
  return undefined;
}

async function lighthouseRun(url: string, port: number, keepCache: boolean): Promise<Run> {
  const flags: Flags = {
    port,
    onlyAudits: AUDITS,
    logLevel: 'error',
    disableStorageReset: keepCache,
  };
  const result = await lighthouse(url, flags);
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
  if (typeof lcp !== 'number')
    throw new Error(`Lighthouse measured no LCP on ${url}: ${lhr.runWarnings.join('; ')}`);
  return { lcpMs: lcp, element: snippetIn(lhr.audits['lcp-breakdown-insight']?.details) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}

function repeatUrl(url: string, run: number): string {
  const next = new URL(url);
  next.searchParams.set('lcp-repeat', String(run));
  return next.href;
}

export async function benchLcp({
  urls,
  executablePath,
  runs = 3,
  repeat = true,
}: LcpOptions): Promise<LcpFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: executablePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    handleSIGINT: false,
  });
  const figures: LcpFigures = {};
  try {
    for (const [name, url] of Object.entries(urls)) {
      const first: Run[] = [];
      const repeated: number[] = [];
      for (let run = 0; run < runs; run++) {
        // Each first visit empties the cache; its repeat visit then finds what it left there.
        first.push(await lighthouseRun(url, chrome.port, false));
        if (repeat)
          repeated.push((await lighthouseRun(repeatUrl(url, run), chrome.port, true)).lcpMs);
      }
      const firstMs = median(first.map((r) => r.lcpMs));
      const element = first.find((r) => r.element)?.element;
      figures[name] = {
        firstMs,
        ...(repeat ? { repeatMs: median(repeated) } : {}),
        ...(element ? { element } : {}),
      };
    }
  } finally {
    chrome.kill();
  }
  return figures;
}

/** The section's lines in the bench's printout. */
export function lcpSummary(figures: LcpFigures, runs = 3): string {
  const names = Object.keys(figures);
  const width = Math.max(12, ...names.map((n) => n.length + 1));
  const cell = (ms: number | undefined) => (ms === undefined ? '—' : `${ms}`).padStart(10);
  const rows = names.map((name) => {
    const { firstMs, repeatMs, element } = figures[name]!;
    const verdict = Math.max(firstMs, repeatMs ?? 0) <= LCP_GOAL_MS ? 'ok' : 'over';
    const what = element ? `  ${element.replace(/\s+/g, ' ').slice(0, 60)}` : '';
    return `  ${name.padEnd(width)}${cell(firstMs)}${cell(repeatMs)}  ${verdict.padEnd(4)}${what}`;
  });
  return `LCP (Lighthouse default mobile settings: simulated slow 4G and 4× CPU; median of ${runs} runs; goal ≤ ${LCP_GOAL_MS} ms)
  ${'page'.padEnd(width)}${'first ms'.padStart(10)}${'repeat ms'.padStart(10)}  largest paint
${rows.join('\n')}`;
}
