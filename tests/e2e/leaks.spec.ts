/**
 * Nothing leaks: crawl every route and API of the demo as a viewer without access and fail
 * if a title, description or media key of a password, team-private, unlisted or private
 * showcase, or of a video that only such showcases hold, appears anywhere; and, signed out,
 * if a media key of a mature or unrated video does (the log-in gate and the age gate). The
 * crawl reads what search engines and feed readers read too: robots.txt, the sitemap and
 * every showcase's feeds, and follows the addresses the feeds list (the sitemap's are the
 * public pages the crawl reaches anyway).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { DEMO_SHOWCASES, DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { LOCALES } from '../../src/lib/domain.ts';
import { FEED_FORMATS, feedPath } from '../../src/lib/showcaseFeed.ts';
import { signIn } from './session.ts';

const hidden = DEMO_SHOWCASES.filter((s) => s.privacy !== 'anybody');
const visibleVideoKeys = new Set(
  DEMO_SHOWCASES.filter((s) => s.privacy === 'anybody').flatMap((s) => s.videos),
);
const hiddenVideos = DEMO_VIDEOS.filter(
  (v) => !visibleVideoKeys.has(v.key) && hidden.some((s) => s.videos.includes(v.key)),
);

/** Strings that must never reach a viewer without access, with what they belong to. */
const secrets: [string, string][] = [
  ...hidden.flatMap((s): [string, string][] => [
    [s.name, `showcase ${s.key} title`],
    [s.description, `showcase ${s.key} description`],
  ]),
  ...hiddenVideos.flatMap((v): [string, string][] => [
    [v.name, `video ${v.key} title`],
    [v.description, `video ${v.key} description`],
    [`demo/${v.key}/`, `video ${v.key} media key`],
  ]),
];

/** Media of the mature and unrated videos: a signed-out viewer must log in to watch them (SPEC §5). */
const restricted: [string, string][] = DEMO_VIDEOS.filter(
  (v) => v.contentRating === 'explicit' || v.contentRating === 'unrated',
).map((v) => [`demo/${v.key}/`, `video ${v.key} media key (rated ${v.contentRating})`]);

const MAX_REQUESTS = 600;

function startUrls(): string[] {
  const ids = DEMO_SHOWCASES.map((_, i) => i + 1).concat([DEMO_SHOWCASES.length + 1]);
  const pages = ids.flatMap((id) => [
    `/showcase/${id}`,
    `/showcase/${id}/auth`,
    `/showcase/${id}/embed`,
    `/showcase/${id}/video/1`,
    `/api/albums/${id}`,
    `/api/albums/${id}/videos?per_page=100`,
  ]);
  const localized = LOCALES.filter((l) => l !== 'en').flatMap((l) =>
    ids.map((id) => `/${l}/showcase/${id}`),
  );
  const users = [1, 2, 3, 4, 5].map((id) => `/api/users/${id}`);
  const feeds = ids.flatMap((id) => [
    ...FEED_FORMATS.map((format) => feedPath(id, format)),
    `/ja-JP${feedPath(id, 'atom')}`,
  ]);
  // Search, on the page and through the API, for words of the protected videos' titles.
  const searches = ids.flatMap((id) =>
    ['orion', 'dailies', 'alternate'].flatMap((q) => [
      `/showcase/${id}/search?q=${q}`,
      `/api/albums/${id}/videos?query=${q}`,
    ]),
  );
  return [
    '/',
    '/robots.txt',
    '/sitemap.xml',
    '/log_in',
    '/api/viewer',
    ...pages,
    ...feeds,
    ...searches,
    ...localized,
    ...users,
  ];
}

/** Addresses in a page, or in a feed (Atom link href, RSS enclosure url). */
function linksIn(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src|action|url)="([^"]+)"/g)) found.push(match[1]!);
  for (const match of html.matchAll(/\ssrcset="([^"]+)"/g))
    found.push(...match[1]!.split(',').map((part) => part.trim().split(/\s+/)[0]!));
  return found;
}

async function crawl(
  request: APIRequestContext,
  origin: string,
  guarded: [string, string][] = secrets,
): Promise<{ visited: number; leaks: string[] }> {
  const queue = startUrls();
  const seen = new Set(queue);
  const leaks: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_REQUESTS) {
    const path = queue.shift()!;
    visited += 1;
    const response = await request.get(path, { maxRedirects: 5 });
    const type = response.headers()['content-type'] ?? '';
    if (!/text|json|xml|javascript/.test(type)) continue;
    const body = await response.text();
    for (const [secret, what] of guarded)
      if (body.includes(secret)) leaks.push(`${what} in ${path}`);
    if (!/html|xml/.test(type)) continue;
    for (const link of linksIn(body.replaceAll('&amp;', '&'))) {
      const url = new URL(link, origin + path);
      // Stay on this site; sign-out would end the crawl's own session.
      if (url.origin !== origin || url.pathname.endsWith('/log_out')) continue;
      const next = url.pathname + url.search;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return { visited, leaks };
}

test.describe('the leak crawler', () => {
  test.setTimeout(240_000);

  test('finds nothing protected as an anonymous viewer', async ({ request, baseURL }) => {
    expect(hiddenVideos.length).toBeGreaterThan(3);
    expect(restricted.length).toBe(2);
    const { visited, leaks } = await crawl(request, baseURL!, [...secrets, ...restricted]);
    expect(visited).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });

  test('finds no mature or unrated media as an anonymous viewer behind the age gate in the UK', async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({
      baseURL: baseURL!,
      extraHTTPHeaders: { 'x-test-country': 'GB' },
    });
    const { visited, leaks } = await crawl(request, baseURL!, [...secrets, ...restricted]);
    expect(visited).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
    await request.dispose();
  });

  test('finds nothing protected as a signed-in account outside the team', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'member@vitrine.test');
    const { leaks } = await crawl(page.request, baseURL!);
    expect(leaks).toEqual([]);
  });

  test('does see the protected titles as their owner, so it would catch a leak', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const { leaks } = await crawl(page.request, baseURL!);
    for (const key of ['password', 'team', 'private'])
      expect(leaks.some((l) => l.startsWith(`showcase ${key} title`))).toBe(true);
    expect(leaks.some((l) => l.startsWith('video client-1 media key'))).toBe(true);
  });

  test('refuses the media of a protected video without a signature', async ({ request }) => {
    for (const video of hiddenVideos) {
      for (const file of ['pictures/640x350.jpg', 'sd.mp4', 'source.mp4']) {
        expect((await request.get(`/media/demo/${video.key}/${file}`)).status()).toBe(403);
      }
    }
  });
});
