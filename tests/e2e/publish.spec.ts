/**
 * The public site published as static files (docs/publishing.md): `npm run publish` writes the
 * demo to a folder, the Node server is stopped, and a plain static file server (node:http and
 * the file system, nothing of Vitrine's) serves the folder. A crawl of it finds every link
 * answered and nothing of a showcase or video a stranger may not see; a visitor pages through
 * the grid with JavaScript off and on, plays a video from the published HLS and switches
 * language. Then the server runs with PUBLISH_DIR set: a video renamed in the studio carries
 * its new title in the folder within 5 s, while no page of another showcase is written again,
 * and a video made private is gone from the folder, media and all, within 5 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { freePort, startVitrine, stopVitrine } from './ownServer.ts';
import { signIn } from './session.ts';
import { DEMO_SHOWCASES, DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';

const dataDir = `${process.env['DATA_DIR'] ?? '.data/e2e'}-publish`;
const siteDir = path.resolve(`${dataDir}-site`);
const grid = showcaseId('grid');
const dark = showcaseId('dark');
const player = showcaseId('player');
const serverLog = `${dataDir}-server.log`;

/** The server's log lines about publishing (its log is JSON, a record a line). */
function publishRecords(): { msg: string; showcases?: number }[] {
  if (!existsSync(serverLog)) return [];
  return readFileSync(serverLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"publish: '))
    .map((line) => JSON.parse(line) as { msg: string; showcases?: number });
}

const closedShowcases = DEMO_SHOWCASES.filter(
  (s) => s.privacy !== 'anybody' || s.layout === 'embed-only',
);
const openVideoKeys = new Set(
  DEMO_SHOWCASES.filter((s) => !closedShowcases.includes(s)).flatMap((s) => s.videos),
);
/** Names nothing published may carry: closed showcases, and videos only they hold. */
const secrets = [
  ...closedShowcases.map((s) => s.name),
  ...DEMO_VIDEOS.filter(
    (v) => !openVideoKeys.has(v.key) && closedShowcases.some((s) => s.videos.includes(v.key)),
  ).map((v) => v.name),
];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.jpg': 'image/jpeg',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt',
};

/** A static file server as any host is one: a path is its file, or its folder's index.html. */
function serveFolder(root: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, pathname);
    if (!file.startsWith(root)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
    });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** `npm run publish -- --out siteDir` on a fresh demo; resolves once it has exited 0. */
function publish(env: NodeJS.ProcessEnv): Promise<void> {
  const child: ChildProcess = spawn(process.execPath, ['scripts/publish.ts', '--out', siteDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`publish exited ${code}: ${errors}`)),
    ),
  );
}

const LINK = /\b(?:href|src|action|poster)="([^"#]*)"|\bsrcset="([^"]*)"/g;

/** Every address of the site's own origin that a page names. */
function linksOf(html: string, pageUrl: URL): URL[] {
  const links: URL[] = [];
  for (const [, single, srcset] of html.matchAll(LINK)) {
    const values =
      single !== undefined ? [single] : srcset!.split(',').map((c) => c.trim().split(/\s+/)[0]!);
    for (const value of values) {
      if (!value || /^(?:mailto|data|javascript):/.test(value)) continue;
      const url = new URL(value.replace(/&amp;/g, '&'), pageUrl);
      if (url.origin === pageUrl.origin) links.push(url);
    }
  }
  return links;
}

test.describe('the published site', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let sitePort = 0;
  let appPort = 0;
  let site: Server;
  let siteUrl = '';
  let appUrl = '';
  let server: ChildProcess | undefined;
  /** The server keeping the folder current, started by the first test that needs it. */
  const keepingPublished = async () =>
    (server ??= await startVitrine({
      port: appPort,
      dataDir,
      seed: false,
      log: serverLog,
      env: { PUBLIC_URL: siteUrl, APP_URL: appUrl, PUBLISH_DIR: siteDir, LOG_LEVEL: 'info' },
    }));

  test.beforeAll(async () => {
    // A whole publication of the demo, on a machine the other lane shares.
    test.setTimeout(900_000);
    sitePort = await freePort();
    appPort = await freePort();
    siteUrl = `http://127.0.0.1:${sitePort}`;
    appUrl = `http://127.0.0.1:${appPort}`;
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(siteDir, { recursive: true, force: true });
    await publish({
      DATA_DIR: dataDir,
      MEDIA_CACHE_DIR: '.data/cache',
      PUBLIC_URL: siteUrl,
      APP_URL: appUrl,
      VITRINE_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
    });
    // No Node server runs now: the folder alone is the site.
    site = await serveFolder(siteDir, sitePort);
  });

  test.afterAll(async () => {
    if (server) await stopVitrine(server);
    await new Promise((resolve) => site?.close(resolve));
  });

  test('has no dead link, no signed media link and nothing a stranger may not see', async () => {
    const seen = new Set<string>();
    const queue = [new URL('/', siteUrl)];
    const dead: string[] = [];
    const leaks: string[] = [];
    while (queue.length > 0) {
      const batch = queue.splice(0, 16);
      await Promise.all(
        batch.map(async (url) => {
          const isPage = !/\.[a-z0-9]+$/i.test(url.pathname);
          const response = await fetch(url, { method: isPage ? 'GET' : 'HEAD' });
          if (response.status !== 200) return void dead.push(`${url.pathname}: ${response.status}`);
          if (!isPage) return;
          const html = await response.text();
          for (const secret of secrets)
            if (html.includes(secret)) leaks.push(`${url.pathname}: ${secret}`);
          if (/\/media\/p\/|[?&](?:amp;)?sig=/.test(html))
            leaks.push(`${url.pathname}: a signed link`);
          for (const link of linksOf(html, url)) {
            const key = link.pathname;
            if (seen.has(key)) continue;
            seen.add(key);
            queue.push(new URL(key, siteUrl));
          }
        }),
      );
    }
    expect(dead).toEqual([]);
    expect(leaks).toEqual([]);
    // It reached the pages of every locale and the published media.
    expect(seen.has(`/ja-JP/showcase/${grid}/page/2`)).toBe(true);
    expect([...seen].some((p) => p.startsWith('/media-files/') && p.endsWith('.m3u8'))).toBe(true);
    // No file of a closed showcase was written.
    for (const showcase of closedShowcases) {
      const id = showcaseId(showcase.key);
      expect(existsSync(path.join(siteDir, 'showcase', String(id))), showcase.key).toBe(false);
    }
  });

  test('writes each page with its brotli and gzip copies beside it', () => {
    for (const page of ['index.html', `de-DE/showcase/${grid}/page/2/index.html`]) {
      for (const copy of [page, `${page}.br`, `${page}.gz`])
        expect(existsSync(path.join(siteDir, copy)), copy).toBe(true);
    }
    expect(existsSync(path.join(siteDir, 'sitemap.xml'))).toBe(true);
    expect(existsSync(path.join(siteDir, `showcase/${grid}/feed.rss`))).toBe(true);
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`pages through the grid with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(`${siteUrl}/showcase/${grid}`);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Northwind Showreel' }),
      ).toBeVisible();
      await expect(page.getByText('1 - 12 of 34')).toBeVisible();
      await page.getByRole('link', { name: 'Next page' }).click();
      await expect(page).toHaveURL(`${siteUrl}/showcase/${grid}/page/2`);
      await expect(page.getByText('13 - 24 of 34')).toBeVisible();
      await page.getByRole('link', { name: 'Page 3' }).click();
      await expect(page.getByText('25 - 34 of 34')).toBeVisible();
      // axe runs in the page: only where scripts do.
      if (javaScriptEnabled) await expectAccessible(page);
      await context.close();
    });
  }

  test('plays a video from the published HLS', async ({ page }) => {
    const hls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/media-files/') && /\.(?:m3u8|ts|m4s)$/.test(request.url()))
        hls.push(request.url());
    });
    await page.goto(`${siteUrl}/showcase/${grid}/video/1`);
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour at dawn' })).toBeVisible();
    const video = page.locator('iframe').first().contentFrame().locator('video');
    await expect(video).toBeAttached();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0);
    expect(hls.length).toBeGreaterThan(0);
    expect(hls.every((url) => url.startsWith(`${siteUrl}/media-files/`))).toBe(true);
  });

  test('switches language with no server', async ({ page }) => {
    await page.goto(`${siteUrl}/showcase/${grid}`);
    await page.getByRole('button', { name: /English/ }).click();
    await page.getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(`${siteUrl}/de-DE/showcase/${grid}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  });

  test('switches theme with no server, and remembers it', async ({ page }) => {
    await page.goto(`${siteUrl}/showcase/${grid}`);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.goto(`${siteUrl}/showcase/${grid}/page/2`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('sends sign-in and search to the app', async ({ page }) => {
    await page.goto(`${siteUrl}/showcase/${grid}`);
    const signInHref = await page
      .getByRole('link', { name: 'Sign in' })
      .first()
      .getAttribute('href');
    expect(signInHref).toMatch(new RegExp(`^${appUrl}/log_in`));
    await expect(page.locator(`form[action="${appUrl}/showcase/${grid}/search"]`)).toHaveCount(1);
  });

  test('republishes a renamed video within 5 s, and no page of another showcase', async ({
    browser,
  }) => {
    // The server publishes the whole site once at start, as long as the publication above.
    test.setTimeout(900_000);
    await keepingPublished();
    await expect
      .poll(() => publishRecords().some((r) => r.msg === 'publish: site published'), {
        timeout: 840_000,
      })
      .toBe(true);

    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/showcase/${grid}/page/3`);
    const name = DEMO_VIDEOS.find((v) => v.key === 'reel-33')!.name;
    const href = await visitor
      .getByRole('link', { name, exact: true })
      .first()
      .getAttribute('href');
    const videoId = Number(/\/video\/(\d+)/.exec(href ?? '')![1]);
    const view = path.join(siteDir, `showcase/${grid}/video/${videoId}/index.html`);
    const elsewhere = path.join(siteDir, `showcase/${player}/index.html`);
    const untouched = statSync(elsewhere).mtimeMs;
    const runsBefore = publishRecords().length;

    const owner = await browser.newPage({ baseURL: appUrl });
    await signIn(owner, 'owner@vitrine.test');
    await owner.goto(`/manage/videos/${videoId}`);
    const renamed = `${name} recut`;
    await owner.getByLabel('Title', { exact: true }).fill(renamed);
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByTestId('studio-notice')).toHaveText('Settings saved.');

    await expect
      .poll(() => readFileSync(view, 'utf8'), {
        timeout: 5_000,
        intervals: [100],
      })
      .toContain(renamed);
    // Only the renamed video's showcase was rendered again, and nothing of another was written.
    await expect
      .poll(() =>
        publishRecords()
          .slice(runsBefore)
          .find((r) => r.msg === 'publish: changes published'),
      )
      .toMatchObject({ showcases: 1 });
    expect(statSync(elsewhere).mtimeMs).toBe(untouched);
  });

  test('removes a video made private within 5 s, its media too', async ({ browser }) => {
    await keepingPublished();
    const visitor = await browser.newPage();
    await visitor.goto(`${siteUrl}/showcase/${dark}`);
    const name = DEMO_VIDEOS.find((v) => v.key === 'reel-19')!.name;
    const href = await visitor
      .getByRole('link', { name, exact: true })
      .first()
      .getAttribute('href');
    const videoId = Number(/\/video\/(\d+)/.exec(href ?? '')![1]);
    const views = [grid, dark].map((albumId) =>
      path.join(siteDir, `showcase/${albumId}/video/${videoId}/index.html`),
    );
    const media = path.join(siteDir, 'media-files/demo/reel-19');
    for (const view of views) expect(existsSync(view)).toBe(true);
    expect(readdirSync(media).length).toBeGreaterThan(0);

    const owner = await browser.newPage({ baseURL: appUrl });
    await signIn(owner, 'owner@vitrine.test');
    await owner.goto(`/manage/videos/${videoId}`);
    await owner.getByLabel('Who can watch').selectOption({ label: 'Only me' });
    await owner.getByRole('button', { name: 'Save settings' }).click();
    await expect(owner.getByTestId('studio-notice')).toHaveText('Settings saved.');

    await expect
      .poll(() => views.some(existsSync) || existsSync(path.join(media, 'hls/master.m3u8')), {
        timeout: 5_000,
        intervals: [100],
      })
      .toBe(false);
  });
});
