/**
 * The open web's view of the demo: /robots.txt, /sitemap.xml (and its index when large) and
 * the feeds of every showcase parse, list exactly the public showcases and the videos anybody
 * may watch signed out, every address they give answers, and nothing of a protected showcase
 * or video appears in them.
 */
import type { ChildProcess } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { expect, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { DEMO_SHOWCASES, DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/domain.ts';
import { localizePath, splitLocalePath } from '../../src/lib/localeNegotiation.ts';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'sitemap', 'item', 'entry', 'video:video'].includes(name),
});

const publicShowcases = DEMO_SHOWCASES.filter(
  (s) => s.privacy === 'anybody' && s.layout !== 'embed-only',
);
const closedShowcases = DEMO_SHOWCASES.filter((s) => !publicShowcases.includes(s));
const restrictedVideos = DEMO_VIDEOS.filter(
  (v) => v.contentRating === 'explicit' || v.contentRating === 'unrated',
);
const openVideoKeys = new Set(publicShowcases.flatMap((s) => s.videos));
/** Titles of showcases, and of videos only closed showcases hold, that nothing public may name. */
const secrets = [
  ...closedShowcases.map((s) => s.name),
  ...DEMO_VIDEOS.filter(
    (v) => !openVideoKeys.has(v.key) && closedShowcases.some((s) => s.videos.includes(v.key)),
  ).map((v) => v.name),
];

interface UrlEntry {
  loc: string;
  'video:video'?: {
    'video:title': string;
    'video:thumbnail_loc': string;
    'video:player_loc': string;
    'video:family_friendly': string;
    'video:duration'?: number;
  }[];
}

async function sitemapUrls(request: APIRequestContext, path = '/sitemap.xml'): Promise<UrlEntry[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
  return parser.parse(await response.text()).urlset.url ?? [];
}

/**
 * Fetches every path, a few at a time, and gives those that did not answer 200, or that set a
 * cookie: a public address is the same for every visitor, and one that sets a cookie is
 * neither kept by the page cache nor by a CDN.
 */
async function notOk(request: APIRequestContext, paths: string[]): Promise<string[]> {
  const failed: string[] = [];
  const queue = [...paths];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const response = await request.get(path, { maxRedirects: 0 });
        if (response.status() !== 200) failed.push(`${path}: ${response.status()}`);
        else if (response.headers()['set-cookie'] !== undefined)
          failed.push(`${path}: sets a cookie`);
      }
    }),
  );
  return failed;
}

const pathOf = (url: string) => new URL(url).pathname;

test.describe('robots.txt', () => {
  test('points at the sitemap and keeps crawlers out of the studio, sign-in, embeds, search and the API', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.headers()['cache-control']).toMatch(/^public/);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    for (const path of [
      '/manage/',
      '/upload',
      '/settings',
      '/log_in',
      '/sign_up',
      '/password_reset',
      '/auth',
      '/showcase/*/embed',
      '/api/',
      '/search',
      '/showcase/*/search',
      '/ja-JP/manage/',
    ]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
  });
});

test.describe('the sitemap', () => {
  test.setTimeout(240_000);

  test('lists each public showcase in every locale, and no other', async ({ request, baseURL }) => {
    const paths = (await sitemapUrls(request)).map((u) => pathOf(u.loc));
    for (const showcase of publicShowcases) {
      for (const locale of LOCALES)
        expect(paths).toContain(
          locale === 'en'
            ? `/showcase/${showcaseId(showcase.key)}`
            : `/${locale}/showcase/${showcaseId(showcase.key)}`,
        );
    }
    for (const showcase of closedShowcases)
      expect(paths.filter((p) => p.includes(`/showcase/${showcaseId(showcase.key)}`))).toEqual([]);
    const urls = await sitemapUrls(request);
    expect(urls.every((u) => u.loc.startsWith(`${baseURL}/`))).toBe(true);
  });

  test('gives the videos anybody may watch a video entry with their public picture and player, and leaves mature and unrated ones out', async ({
    request,
    baseURL,
  }) => {
    const urls = await sitemapUrls(request);
    const grid = showcaseId('grid');
    const withVideo = urls.filter((u) => u['video:video']);
    const titles = withVideo.map((u) => u['video:video']![0]!['video:title']);
    expect(titles).toContain('Harbour at dawn');
    for (const video of restrictedVideos) expect(titles).not.toContain(video.name);
    const harbour = withVideo.find(
      (u) =>
        pathOf(u.loc).startsWith(`/showcase/${grid}/video/`) &&
        u['video:video']![0]!['video:title'] === 'Harbour at dawn',
    )!;
    const entry = harbour['video:video']![0]!;
    expect(entry['video:thumbnail_loc']).toMatch(
      new RegExp(`^${baseURL}/thumbnails/\\d+-[A-Za-z0-9_-]{16}-\\d+\\.jpg$`),
    );
    expect(entry['video:player_loc']).toBe(`${harbour.loc}/embed`);
    expect(entry['video:family_friendly']).toBe('yes');
    expect(entry['video:duration']).toBeGreaterThan(0);
    // Video entries sit on default-locale pages only.
    expect(withVideo.every((u) => /^\/showcase\//.test(pathOf(u.loc)))).toBe(true);
  });

  test('names nothing protected', async ({ request }) => {
    const text = await (await request.get('/sitemap.xml')).text();
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  test('lists addresses that answer 200: each page, each language, each picture and player', async ({
    request,
  }) => {
    const urls = await sitemapUrls(request);
    const pages = urls.map((u) => pathOf(u.loc));
    const media = urls.flatMap((u) =>
      (u['video:video'] ?? []).flatMap((v) => [
        pathOf(v['video:thumbnail_loc']),
        pathOf(v['video:player_loc']),
      ]),
    );
    expect(pages.length).toBeGreaterThan(500);
    // A language's pages come from the same templates as the default's: every page once, and
    // every language on a page of each kind the sitemap lists (a showcase, a video's view).
    const split = pages.map(splitLocalePath);
    const defaultPages = new Set(
      split.filter((p) => p.locale === DEFAULT_LOCALE).map((p) => p.path),
    );
    // Every page the sitemap lists in a language it lists in the default one too.
    expect(split.filter((p) => !defaultPages.has(p.path))).toEqual([]);
    const kinds = [/^\/showcase\/\d+$/, /^\/showcase\/\d+\/video\/\d+$/];
    const sampleOfKind = kinds.map((kind) => [...defaultPages].find((path) => kind.test(path)));
    expect(sampleOfKind).not.toContain(undefined);
    const fetched = new Set([
      ...defaultPages,
      ...sampleOfKind.flatMap((path) => LOCALES.map((locale) => localizePath(locale, path!))),
      ...media,
    ]);
    expect(await notOk(request, [...fetched])).toEqual([]);
  });
});

test.describe('the feeds of a showcase', () => {
  const grid = () => showcaseId('grid');

  test('are linked from the public showcase page, and not from a protected one', async ({
    page,
  }) => {
    await page.goto(`/showcase/${grid()}`);
    const links = page.locator(
      ['application/rss+xml', 'application/atom+xml', 'application/feed+json']
        .map((type) => `head link[rel="alternate"][type="${type}"]`)
        .join(', '),
    );
    await expect(links).toHaveCount(3);
    expect(
      await links.evaluateAll((all) =>
        all.map((l) => [l.getAttribute('type'), new URL(l.getAttribute('href')!).pathname]),
      ),
    ).toEqual([
      ['application/rss+xml', `/showcase/${grid()}/feed.rss`],
      ['application/atom+xml', `/showcase/${grid()}/feed.atom`],
      ['application/feed+json', `/showcase/${grid()}/feed.json`],
    ]);
    await expect(links.first()).toHaveAttribute('title', 'Northwind Showreel — RSS feed');
    await page.goto(`/showcase/${showcaseId('password')}`);
    await expect(page.locator('head link[type="application/rss+xml"]')).toHaveCount(0);
  });

  test('parse as RSS 2.0, Atom 1.0 and JSON Feed, with the public videos and their pictures', async ({
    request,
    baseURL,
  }) => {
    const rssResponse = await request.get(`/showcase/${grid()}/feed.rss`);
    expect(rssResponse.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rssResponse.headers()['cache-control']).toMatch(/^public/);
    const rss = parser.parse(await rssResponse.text()).rss;
    expect(rss.channel.title).toBe('Northwind Showreel');
    const items: {
      title: string;
      link: string;
      enclosure?: { '@url': string; '@type': string };
    }[] = rss.channel.item;
    expect(items.length).toBeGreaterThan(20);
    for (const video of restrictedVideos)
      expect(items.map((i) => i.title)).not.toContain(video.name);
    expect(items.every((i) => i.link.startsWith(`${baseURL}/showcase/${grid()}/video/`))).toBe(
      true,
    );
    expect(items[0]!.enclosure).toMatchObject({ '@type': 'image/jpeg' });

    const atomResponse = await request.get(`/showcase/${grid()}/feed.atom`);
    expect(atomResponse.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const atom = parser.parse(await atomResponse.text()).feed;
    expect(atom.entry).toHaveLength(items.length);

    const jsonResponse = await request.get(`/showcase/${grid()}/feed.json`);
    expect(jsonResponse.headers()['content-type']).toBe('application/feed+json; charset=utf-8');
    const json = await jsonResponse.json();
    expect(json.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.items.map((i: { url: string }) => i.url)).toEqual(items.map((i) => i.link));

    const addresses = [
      ...items.map((i) => pathOf(i.link)),
      ...items.flatMap((i) => (i.enclosure ? [pathOf(i.enclosure['@url'])] : [])),
    ];
    expect(await notOk(request, addresses)).toEqual([]);
  });

  test('under a locale prefix, link that locale’s pages and say its language', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get(`/ja-JP/showcase/${grid()}/feed.rss`);
    expect(response.status()).toBe(200);
    const rss = parser.parse(await response.text()).rss;
    expect(rss.channel.language).toBe('ja-JP');
    expect(rss.channel.link).toBe(`${baseURL}/ja-JP/showcase/${grid()}`);
    expect(rss.channel.item[0].link.startsWith(`${baseURL}/ja-JP/showcase/${grid()}/video/`)).toBe(
      true,
    );
  });

  test('of every public showcase name nothing protected, and a closed, unknown or misnamed feed is a 404 that names nothing', async ({
    request,
  }) => {
    for (const showcase of publicShowcases) {
      for (const format of ['rss', 'atom', 'json']) {
        const response = await request.get(`/showcase/${showcaseId(showcase.key)}/feed.${format}`);
        expect(response.status(), `${showcase.key} ${format}`).toBe(200);
        const text = await response.text();
        for (const secret of secrets) expect(text).not.toContain(secret);
      }
    }
    const refused = [
      ...closedShowcases.flatMap((s) =>
        ['rss', 'atom', 'json'].map((format) => `/showcase/${showcaseId(s.key)}/feed.${format}`),
      ),
      `/showcase/${DEMO_SHOWCASES.length + 1}/feed.rss`,
      `/showcase/${grid()}/feed.xml`,
      `/es/showcase/${showcaseId('password')}/feed.atom`,
    ];
    for (const path of refused) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const text = await response.text();
      for (const secret of secrets) expect(text, path).not.toContain(secret);
    }
  });
});

test.describe('a sitemap larger than one file', () => {
  test.describe.configure({ mode: 'serial' });
  const PUBLIC_URL = 'http://videos.example';
  let server: ChildProcess | undefined;
  let origin: string;

  test.beforeAll(async () => {
    // The server seeds its own demo first.
    test.setTimeout(600_000);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startVitrine({
      port,
      publicUrl: PUBLIC_URL,
      dataDir: `${process.env['DATA_DIR'] ?? '.data/e2e'}-sitemap`,
      env: { SITEMAP_URL_LIMIT: '100' },
    });
  });

  test.afterAll(async () => {
    if (server) await stopVitrine(server);
  });

  test('becomes an index of files of at most SITEMAP_URL_LIMIT URLs, on PUBLIC_URL, that together list every URL once', async ({
    playwright,
    request,
  }) => {
    const own = await playwright.request.newContext({ baseURL: origin });
    const response = await own.get('/sitemap.xml');
    expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8');
    const files: { loc: string }[] = parser.parse(await response.text()).sitemapindex.sitemap;
    expect(files.length).toBeGreaterThan(1);
    expect(files.map((f) => f.loc)).toEqual(
      files.map((_, i) => `${PUBLIC_URL}/sitemaps/${i + 1}.xml`),
    );

    const listed: string[] = [];
    for (const file of files) {
      const urls = await sitemapUrls(own, pathOf(file.loc));
      expect(urls.length).toBeLessThanOrEqual(100);
      expect(urls.every((u) => u.loc.startsWith(`${PUBLIC_URL}/`))).toBe(true);
      listed.push(...urls.map((u) => pathOf(u.loc)));
    }
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.sort()).toEqual((await sitemapUrls(request)).map((u) => pathOf(u.loc)).sort());
    expect((await own.get(`/sitemaps/${files.length + 1}.xml`)).status()).toBe(404);
    expect((await own.get('/sitemaps/0.xml')).status()).toBe(404);
    await own.dispose();
  });
});
