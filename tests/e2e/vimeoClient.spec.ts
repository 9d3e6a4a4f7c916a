/**
 * The API origin as a script written for Vimeo's API meets it: the official `@vimeo/vimeo`
 * client, given only the protocol, host and port of the API origin (E2E_API_PORT), reads
 * albums, videos and users, follows every uri and paging link exactly as given, reads
 * downloads and uploads a clip with upload(). Errors and CORS are checked with plain fetch.
 */
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { clip } from './clips.ts';
import { expect, showcaseId, test } from './fixtures.ts';
import { signIn } from './session.ts';
import { API_PORT } from './apiPort.ts';

interface VimeoAnswer {
  statusCode: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

interface VimeoClient {
  request(
    options: string | { method?: string; path: string; query?: Record<string, unknown> },
  ): Promise<VimeoAnswer>;
  upload(
    file: string,
    params: Record<string, unknown>,
    progress: (sent: number, total: number) => void,
  ): Promise<string>;
}

interface VimeoModule {
  Vimeo: new (
    clientId: string | null,
    clientSecret: string | null,
    accessToken?: string,
  ) => VimeoClient;
  vimeo_module: { request_defaults: { protocol: string; hostname: string; port: number } };
}

const vimeo = createRequire(import.meta.url)('@vimeo/vimeo') as VimeoModule;
const apiOrigin = `http://127.0.0.1:${API_PORT}`;
// The only change a script written for Vimeo needs: where the API is.
Object.assign(vimeo.vimeo_module.request_defaults, {
  protocol: 'http:',
  hostname: '127.0.0.1',
  port: API_PORT,
});

const grid = showcaseId('grid');

/** A personal access token of a demo user, made in /settings/tokens with `public` and `scopes`. */
async function tokenOf(page: Page, email: string, scopes: string[]): Promise<string> {
  await signIn(page, email);
  await page.goto('/settings/tokens');
  const name = `Vimeo client (${scopes.join(', ') || 'public'})`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  for (const scope of scopes)
    await page.getByRole('checkbox', { name: new RegExp(`^${scope} `) }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByRole('heading', { name: `Your new token: ${name}` })).toBeVisible();
  return page.getByRole('textbox', { name: 'New token' }).inputValue();
}

const PAGING_KEYS = ['first', 'last', 'next', 'previous'];

/** Every API path an answer hands out: uri values, connections, paging links. */
function pathsIn(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) pathsIn(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (
        typeof item === 'string' &&
        item.startsWith('/') &&
        (key === 'uri' || PAGING_KEYS.includes(key))
      )
        into.add(item);
      else pathsIn(item, into);
    }
  }
  return into;
}

/** Reads `start` and everything it leads to, as given, up to `limit` reads; answers each body by path. */
async function crawl(
  client: VimeoClient,
  start: string[],
  limit: number,
): Promise<Map<string, Record<string, unknown>>> {
  const seen = new Map<string, Record<string, unknown>>();
  const queue = [...start];
  while (queue.length > 0 && seen.size < limit) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    const answer = await client.request(path).catch((error: Error) => {
      throw new Error(`${path} answered ${error.message}`);
    });
    expect(answer.statusCode, path).toBe(200);
    expect(answer.headers['content-type'], path).toMatch(
      /^application\/vnd\.vimeo\.[a-z]+\+json;version=3\.4$/,
    );
    seen.set(path, answer.body);
    for (const next of pathsIn(answer.body, new Set())) if (!seen.has(next)) queue.push(next);
  }
  return seen;
}

test.describe("Vimeo's official client against the API origin", () => {
  test('reads albums, videos and users anonymously and follows every uri and paging link as given', async () => {
    const client = new vimeo.Vimeo(null, null);
    const album = (await client.request(`/albums/${grid}`)).body as {
      uri: string;
      user: { uri: string };
      link: string;
      embed: { html: string };
      pictures: { sizes: unknown[] };
      metadata: { connections: { videos: { uri: string; total: number } } };
    };
    expect(album.uri).toMatch(new RegExp(`^/users/\\d+/albums/${grid}$`));
    expect(album.link).toBe(`http://127.0.0.1:${process.env['E2E_PORT'] ?? 4455}/showcase/${grid}`);
    expect(album.embed.html).toContain(`/showcase/${grid}/embed`);
    expect(album.pictures.sizes.length).toBeGreaterThan(0);
    expect(album.metadata.connections.videos).toEqual({
      uri: `${album.uri}/videos`,
      options: ['GET'],
      total: 34,
    });

    const read = await crawl(
      client,
      [`${album.uri}/videos?per_page=10`, `${album.user.uri}/albums?per_page=2`, album.user.uri],
      120,
    );
    // Every page of the album's videos was reached through the paging links alone.
    const pages = [...read.keys()].filter((path) => path.startsWith(`${album.uri}/videos?`));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const video = [...read.entries()].find(([path]) => /^\/videos\/\d+$/.test(path))![1] as {
      player_embed_url: string;
      link: string;
      status: string;
    };
    expect(video.player_embed_url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/showcase\/\d+\/video\/\d+\/embed$/,
    );
    expect(video.status).toBe('available');
    const user = read.get(album.user.uri) as {
      name: string;
      link: string;
      metadata: { connections: { albums: { total: number }; videos: { total: number } } };
    };
    expect(user.name).toBe('Olivia Okafor');
    // The user's link is their page of public showcases.
    const profile = await fetch(user.link);
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain('Showcases by Olivia Okafor');
    expect(user.metadata.connections.albums.total).toBeGreaterThan(0);
    expect(user).not.toHaveProperty('email');
  });

  test("reads the owner's own account, albums and videos with a token", async ({ page }) => {
    const client = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'owner@vitrine.test', ['private']),
    );
    const me = (await client.request('/me')).body as { uri: string; email: string };
    expect(me.email).toBe('owner@vitrine.test');
    const albums = (
      await client.request({ path: '/me/albums', query: { per_page: 3, sort: 'alphabetical' } })
    ).body as {
      total: number;
      data: { name: string; privacy: { view: string } }[];
      paging: { next: string };
    };
    const names = albums.data.map((a) => a.name);
    expect(names).toEqual(
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    // The owner lists showcases nobody else may (a password one among them).
    const every = (await client.request('/me/albums?per_page=100')).body as {
      data: { privacy: { view: string } }[];
    };
    expect(every.data.map((a) => a.privacy.view)).toContain('password');
    const anonymous = (await new vimeo.Vimeo(null, null).request(`${me.uri}/albums?per_page=100`))
      .body as { data: { privacy: { view: string } }[] };
    expect(anonymous.data.map((a) => a.privacy.view)).not.toContain('password');
    await crawl(
      client,
      [albums.paging.next, '/me/videos?per_page=20&sort=duration&direction=asc'],
      20,
    );
  });

  test("reads a video's downloads under Vimeo's field names", async () => {
    const client = new vimeo.Vimeo(null, null);
    const list = (
      await client.request({
        path: `/albums/${grid}/videos`,
        query: { per_page: 100, fields: 'uri,name' },
      })
    ).body as { data: { uri: string; name: string }[] };
    const harbour = list.data.find((v) => v.name === 'Harbour at dawn')!;
    const video = (await client.request(harbour.uri)).body as {
      download: Record<string, unknown>[];
    };
    expect(video.download.length).toBeGreaterThanOrEqual(2);
    for (const file of video.download) {
      expect(Object.keys(file)).toEqual(
        expect.arrayContaining([
          'quality',
          'rendition',
          'type',
          'width',
          'height',
          'expires',
          'link',
          'created_time',
          'fps',
          'size',
          'md5',
          'public_name',
          'size_short',
        ]),
      );
    }
    const [source] = video.download as {
      quality: string;
      type: string;
      link: string;
      size: number;
    }[];
    expect(source).toMatchObject({ quality: 'source', type: 'source' });
    const bytes = await fetch(source!.link);
    expect(bytes.status).toBe(200);
    expect((await bytes.arrayBuffer()).byteLength).toBe(source!.size);
  });

  test('uploads a generated clip with upload(), which is processed like a browser upload', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const client = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'owner@vitrine.test', ['private', 'upload']),
    );
    const file = await clip('vimeo-client.mp4');
    const uri = await client.upload(
      file.path,
      {
        name: 'Sent by the Vimeo client',
        description: 'Uploaded with tus',
        privacy: { view: 'nobody' },
      },
      () => {},
    );
    expect(uri).toMatch(/^\/videos\/\d+$/);
    await expect
      .poll(async () => ((await client.request(uri)).body as { status: string }).status, {
        timeout: 180_000,
        intervals: [1_000],
      })
      .toBe('available');
    const video = (await client.request(uri)).body as {
      name: string;
      description: string;
      privacy: { view: string };
      upload: { status: string };
      transcode: { status: string };
      pictures: { sizes: unknown[] };
    };
    expect(video).toMatchObject({
      name: 'Sent by the Vimeo client',
      description: 'Uploaded with tus',
      privacy: { view: 'nobody' },
      upload: { status: 'complete' },
      transcode: { status: 'complete' },
    });
    expect(video.pictures.sizes.length).toBeGreaterThan(0);
    // It is the owner's alone: nobody else is told it exists.
    await expect(new vimeo.Vimeo(null, null).request(uri)).rejects.toThrow(/"error_code":5000/);
    const library = (
      await client.request({ path: '/me/videos', query: { per_page: 5, sort: 'date' } })
    ).body as { data: { uri: string }[] };
    expect(library.data.map((v) => v.uri)).toContain(uri);
  });
});

test.describe('errors and CORS on the API origin', () => {
  const errorShape = {
    error: expect.any(String),
    link: null,
    developer_message: expect.any(String),
    error_code: expect.any(Number),
  };

  test("holds a token to its scopes: a public one reads what anybody may, and nothing of its user's own", async ({
    page,
  }) => {
    const token = await tokenOf(page, 'owner@vitrine.test', []);
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    expect((await fetch(`${apiOrigin}/albums/${grid}`, { headers })).status).toBe(200);
    for (const [method, path] of [
      ['GET', '/me'],
      ['GET', '/me/videos'],
      ['POST', '/me/videos'],
    ] as const) {
      const refused = await fetch(`${apiOrigin}${path}`, {
        method,
        headers,
        ...(method === 'POST'
          ? { body: JSON.stringify({ upload: { approach: 'tus', size: 10 } }) }
          : {}),
      });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toMatchObject({
        ...errorShape,
        error_code: 3200,
        developer_message: expect.stringMatching(/"(private|upload)" scope/),
      });
    }
    // Without the private scope the owner's own password showcase is as closed as to anybody.
    const locked = await fetch(`${apiOrigin}/albums/${showcaseId('password')}`, { headers });
    expect(locked.status).toBe(401);
  });

  test('answers an unknown path, whatever the method, with a JSON 404 in Vimeo’s shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await fetch(`${apiOrigin}/no/such/thing`, {
        method,
        headers: { Authorization: 'Basic eDp5' },
      });
      expect(response.status, method).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(await response.json()).toMatchObject({ ...errorShape, error_code: 5000 });
    }
    const french = await fetch(`${apiOrigin}/videos/999999`, {
      headers: { 'Accept-Language': 'fr-FR' },
    });
    expect((await french.json()).error).toBe("Désolé, nous n'avons pas trouvé cette page");
  });

  test('answers a method a resource does not take with a JSON 405 and its Allow list', async () => {
    const response = await fetch(`${apiOrigin}/albums/${grid}`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(await response.json()).toMatchObject(errorShape);
  });

  test('refuses a malformed Accept version (400) and another major version (406)', async () => {
    const malformed = await fetch(`${apiOrigin}/albums/${grid}`, {
      headers: { Accept: 'application/vnd.vimeo.*+json;version=three' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject(errorShape);
    const future = await fetch(`${apiOrigin}/albums/${grid}`, {
      headers: { Accept: 'application/vnd.vimeo.*+json;version=4.0' },
    });
    expect(future.status).toBe(406);
    expect((await future.json()).developer_message).toContain('4.0');
  });

  test("refuses a sort or direction outside Vimeo's vocabulary", async () => {
    const sort = await fetch(`${apiOrigin}/albums/${grid}/videos?sort=random`);
    expect(sort.status).toBe(400);
    expect(await sort.json()).toMatchObject({
      ...errorShape,
      error_code: 2204,
      invalid_parameters: [{ field: 'sort' }],
    });
    expect(
      (await fetch(`${apiOrigin}/albums/${grid}/videos?sort=date&direction=sideways`)).status,
    ).toBe(400);
    const sorted = await (
      await fetch(
        `${apiOrigin}/albums/${grid}/videos?sort=duration&direction=asc&per_page=100&fields=duration`,
      )
    ).json();
    const durations = (sorted.data as { duration: number }[]).map((v) => v.duration);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
  });

  test('refuses an invalid bearer token with 401 and an anonymous /me with 401', async () => {
    const forged = await fetch(`${apiOrigin}/albums/${grid}`, {
      headers: { Authorization: 'Bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject(errorShape);
    const anonymous = await fetch(`${apiOrigin}/me`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ ...errorShape, error_code: 8000 });
  });

  test('ignores cookies: a signed-in session alone is anonymous on the API origin', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'owner@vitrine.test');
    const cookie = (await page.context().cookies(baseURL))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    expect((await page.request.get('/api/me')).status()).toBe(200);
    const viaApi = await fetch(`${apiOrigin}/me`, { headers: { Cookie: cookie } });
    expect(viaApi.status).toBe(401);
    expect(viaApi.headers.get('set-cookie')).toBeNull();
  });

  test('answers a CORS preflight for any origin, without credentials, and lets the answer be read', async () => {
    const preflight = await fetch(`${apiOrigin}/me/videos`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Upload-Offset');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const answer = await fetch(`${apiOrigin}/albums/${grid}`, {
      headers: { Origin: 'https://app.example' },
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    const refused = await fetch(`${apiOrigin}/nowhere`, {
      headers: { Origin: 'https://app.example' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
