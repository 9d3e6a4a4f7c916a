/**
 * A fuzz pass against a running server: finds an anonymous CSRF token and same-origin
 * addresses on the server's own pages, sends the seeded requests a few at a time, and
 * reports every finding (verdict.ts) with the request that caused it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fuzzRequests, type FuzzRequest } from './requests.ts';
import { allRoutes } from './routes.ts';
import { sendFuzzRequest } from './send.ts';
import { findingOf } from './verdict.ts';

export interface FuzzOptions {
  origin: string;
  requests: number;
  seed: number;
  concurrency: number;
  /** The server's BODY_LIMIT in bytes. */
  bodyLimit: number;
  /** src/pages of the checkout, whose routes are fuzzed. */
  pagesDir: string;
  onProgress?: (done: number) => void;
}

interface Finding {
  request: Omit<FuzzRequest, 'body'> & { body?: string };
  finding: string;
  status: number | null;
  excerpt: string;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<string, number>;
  findings: Finding[];
}

/** Pages whose links and media addresses are fuzzed too (signed media, embeds, stock clips). */
const DISCOVERY_PAGES = ['/', '/showcase/1', '/showcase/2', '/stock', '/log_in'];

async function discover(
  origin: string,
): Promise<{ discovered: string[]; csrfToken: string | null }> {
  const found = new Set<string>();
  let csrfToken: string | null = null;
  for (const page of DISCOVERY_PAGES) {
    const response = await fetch(new URL(page, origin), { redirect: 'manual' }).catch(() => null);
    if (!response?.ok) continue;
    const html = await response.text();
    for (const [, href] of html.matchAll(/(?:href|src)="(\/[^"/][^"]*)"/g))
      found.add(href!.replaceAll('&amp;', '&'));
    const match = /name="token" value="([^"]+)"/.exec(html);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('xsrft='));
    if (match && cookie) csrfToken = match[1]!;
  }
  return {
    discovered: [...found].filter((href) => !href.startsWith('/_astro/')).sort(),
    csrfToken,
  };
}

function describe(request: FuzzRequest): Finding['request'] {
  const { body, ...rest } = request;
  if (!body) return rest;
  return {
    ...rest,
    body: body.kind === 'text' ? body.text.slice(0, 300) : `(${body.kind}, ${body.length} bytes)`,
  };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const origin = new URL(options.origin);
  const { discovered, csrfToken } = await discover(options.origin);
  const routes = allRoutes(options.pagesDir, (file) => readFileSync(file, 'utf8'));
  const requests = fuzzRequests(options.seed, options.requests, {
    origin: origin.origin,
    routes,
    discovered,
    csrfToken,
    bodyLimit: options.bodyLimit,
  });
  const report: FuzzReport = { sent: 0, byStatus: {}, findings: [] };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const answer = await sendFuzzRequest(origin, request);
      const key = 'error' in answer ? 'no answer' : String(answer.status);
      report.byStatus[key] = (report.byStatus[key] ?? 0) + 1;
      const finding = findingOf(answer, path.resolve(options.pagesDir, '../..'));
      if (finding)
        report.findings.push({
          request: describe(request),
          finding,
          status: 'error' in answer ? null : answer.status,
          excerpt: 'error' in answer ? '' : answer.body.slice(0, 300),
        });
      report.sent++;
      options.onProgress?.(report.sent);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return report;
}
