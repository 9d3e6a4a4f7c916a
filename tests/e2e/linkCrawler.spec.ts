/**
 * Every link the demo renders leads somewhere: starting from the home page, the site map and
 * a showcase of each layout, the crawler follows same-origin <a href>, <link href>, <img src>,
 * <source src> and <iframe src>, signed out and signed in as the owner, and fails listing
 * each address that answered 404 or 5xx with the page that linked to it. It fetches with the
 * request context (no browser per page) and visits only a few addresses of each repeated
 * pattern (?page=N, a showcase's videos, a locale's copy of a page), so it stays bounded.
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_SHOWCASES } from '../../src/server/seed/demoCatalogue.ts';
import { LOCALES } from '../../src/lib/domain.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';

/** Addresses of one pattern that are visited; the rest are taken as alike. */
const PER_PATTERN = 2;
const PARALLEL = 4;

const LINK_TAG = /<(a|link|img|source|iframe)\b[^>]*>/gi;
const URL_ATTRIBUTE = /\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
const LOCALE_PREFIX = new RegExp(`^/(${LOCALES.filter((l) => l !== 'en').join('|')})(?=/|$)`);

/** Addresses a crawler must not fetch: they act (sign out) or never end (live chat's event stream). */
const UNSAFE = [/^\/log_out\b/, /^\/live_chat\/[^/]+\/events\b/];

const decodeEntities = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

function linksIn(html: string, base: URL): URL[] {
  const found: URL[] = [];
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const match = URL_ATTRIBUTE.exec(tag);
    const raw = match?.[2] ?? match?.[3];
    if (!raw || /^(mailto|tel|javascript|data|blob):/i.test(raw)) continue;
    const url = URL.parse(decodeEntities(raw), base);
    if (url && url.origin === base.origin) found.push(url);
  }
  return found;
}

/**
 * What makes two addresses alike: the locale (a page in another language is the same route),
 * ids below a showcase (videos, frames), other numeric ids, and query values (page numbers,
 * sign-in redirects) do not count; each showcase does, so every layout is walked.
 */
function patternOf(url: URL): string {
  const segments = (url.pathname.replace(LOCALE_PREFIX, '') || '/').split('/');
  const path = url.pathname.startsWith('/media/')
    ? '/media/…'
    : segments
        .map((segment, i) =>
          /^\d+$/.test(segment) && segments[i - 1] !== 'showcase' ? '{id}' : segment,
        )
        .join('/');
  const keys = [...new Set(url.searchParams.keys())].sort();
  return keys.length > 0 ? `${path}?${keys.join('&')}` : path;
}

interface DeadLink {
  status: number;
  target: string;
  from: string;
}

async function crawl(
  request: APIRequestContext,
  starts: string[],
  baseURL: string,
): Promise<{ dead: DeadLink[]; visited: number }> {
  const base = new URL(baseURL);
  const seen = new Set<string>();
  const perPattern = new Map<string, number>();
  const queue: { url: URL; from: string }[] = [];
  const dead: DeadLink[] = [];

  const enqueue = (url: URL, from: string) => {
    url.hash = '';
    const key = url.pathname + url.search;
    if (seen.has(key) || UNSAFE.some((pattern) => pattern.test(url.pathname))) return;
    const pattern = patternOf(url);
    const count = perPattern.get(pattern) ?? 0;
    if (count >= PER_PATTERN) return;
    seen.add(key);
    perPattern.set(pattern, count + 1);
    queue.push({ url, from });
  };

  const visit = async ({ url, from }: { url: URL; from: string }) => {
    const target = url.pathname + url.search;
    // Media is asked for one byte: the answer's status is the point, not a whole video.
    const headers = url.pathname.startsWith('/media/') ? { Range: 'bytes=0-0' } : undefined;
    const response = await request.get(target, {
      maxRedirects: 0,
      failOnStatusCode: false,
      ...(headers ? { headers } : {}),
    });
    const status = response.status();
    if (status === 404 || status >= 500) {
      dead.push({ status, target, from });
      return;
    }
    const location = response.headers()['location'];
    if (status >= 300 && status < 400 && location) {
      const next = URL.parse(location, url);
      if (next && next.origin === base.origin) enqueue(next, `${target} (redirect)`);
      return;
    }
    if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) return;
    for (const link of linksIn(await response.text(), url)) enqueue(link, target);
  };

  for (const start of starts) enqueue(new URL(start, base), '(start)');
  let visited = 0;
  while (queue.length > 0) {
    const batch = queue.splice(0, PARALLEL);
    visited += batch.length;
    await Promise.all(batch.map(visit));
  }
  return { dead, visited };
}

const report = (dead: DeadLink[]) =>
  dead.map(({ status, target, from }) => `${status} ${target} ← ${from}`).sort();

/** The home page, the site map, the stock catalogue and a showcase of every layout (embed-only in its frame). */
function startingPages(): string[] {
  const showcases = DEMO_SHOWCASES.map((s) => {
    const id = showcaseId(s.key);
    if (s.layout === 'embed-only') return `/showcase/${id}/embed`;
    if (s.privacy === 'unlisted') return `/showcase/${id}?sh=d1r3ct0rs`;
    return `/showcase/${id}`;
  });
  return ['/', '/site_map', '/stock', '/ja-JP/', ...showcases];
}

test.describe('the link crawler', () => {
  test.describe.configure({ timeout: 180_000 });

  test('finds no dead link signed out', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const { dead, visited } = await crawl(context.request, startingPages(), baseURL!);
    test.info().annotations.push({ type: 'visited', description: String(visited) });
    expect(visited).toBeGreaterThan(50);
    expect(report(dead)).toEqual([]);
    await context.close();
  });

  test('finds no dead link signed in as the owner', async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, 'owner@vitrine.test');
    const { dead, visited } = await crawl(
      context.request,
      [
        ...startingPages(),
        '/manage/showcases',
        '/manage/videos',
        '/manage/events',
        '/upload',
        '/settings',
      ],
      baseURL!,
    );
    test.info().annotations.push({ type: 'visited', description: String(visited) });
    expect(visited).toBeGreaterThan(50);
    expect(report(dead)).toEqual([]);
    await context.close();
  });
});
