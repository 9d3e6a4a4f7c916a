/**
 * The API origin as a script written for Vimeo's API meets it: the official `@vimeo/vimeo`
 * client, given only the protocol, host and port of the API origin (E2E_API_PORT), reads
 * albums, videos and users, follows every uri and paging link exactly as given, reads
 * downloads, uploads a clip with upload() and replaces its file with replace(), edits and
 * deletes videos, makes, fills, orders and deletes albums and searches with `query`. Errors,
 * scopes and CORS are checked with plain fetch.
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
  request(options: {
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
    path: string;
    query?: unknown;
  }): Promise<VimeoAnswer>;
  upload(
    file: string,
    params: Record<string, unknown>,
    progress: (sent: number, total: number) => void,
  ): Promise<string>;
  replace(
    file: string,
    videoUri: string,
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

    // replace(): a new file for the same video, processed again from it, settings kept.
    const replacement = await clip('vimeo-client-replacement.mp4', { seconds: 3 });
    expect(await client.replace(replacement.path, uri, {}, () => {})).toBe(uri);
    await expect
      .poll(async () => ((await client.request(uri)).body as { status: string }).status, {
        timeout: 180_000,
        intervals: [1_000],
      })
      .toBe('available');
    expect((await client.request(uri)).body).toMatchObject({
      name: 'Sent by the Vimeo client',
      duration: 3,
    });
  });
});

/** What the API answers a call the client could not make succeed: the status and Vimeo's error body. */
async function refusalOf(
  call: Promise<unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = (await call.then(
    () => null,
    (refused: Error) => refused,
  )) as Error | null;
  expect(error, 'the call was refused').not.toBeNull();
  // The client's error message is the answer's JSON body as sent.
  const body = JSON.parse(error!.message) as Record<string, unknown>;
  return { status: Number(body['status']), body };
}

/** A video of the token's user made through the API (processing, its file never sent): safe to change and delete. */
async function scratchVideo(client: VimeoClient, name: string): Promise<string> {
  const made = await client.request({
    method: 'POST',
    path: '/me/videos',
    query: { upload: { approach: 'tus', size: 1000 }, name, privacy: { view: 'nobody' } },
  });
  return (made.body as { uri: string }).uri;
}

test.describe("the official client's writes", () => {
  test('edits a video under the studio’s rules, searches the library with query, and deletes it', async ({
    page,
  }) => {
    const client = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'owner@vitrine.test', ['private', 'edit', 'delete', 'upload']),
    );
    const uri = await scratchVideo(client, 'Scratch before edit');
    const edited = await client.request({
      method: 'PATCH',
      path: uri,
      query: {
        name: 'Lighthouse keeper’s log',
        description: 'Edited by a script',
        privacy: { view: 'password', download: false },
        password: 'beacon-2026',
        content_rating: ['violence'],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toMatchObject({
      uri,
      name: 'Lighthouse keeper’s log',
      description: 'Edited by a script',
      privacy: { view: 'password', download: false },
      content_rating_class: 'mature',
      release_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    // Only what the body names changes.
    const renamed = await client.request({ method: 'PATCH', path: uri, query: { name: 'Keeper' } });
    expect(renamed.body).toMatchObject({ name: 'Keeper', privacy: { view: 'password' } });

    // The studio's refusals, under Vimeo's field names, in the caller's language.
    const refused = await refusalOf(
      client.request({
        method: 'PATCH',
        path: uri,
        query: { name: ' ', privacy: { view: 'stock' } },
      }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error_code: 2204,
      invalid_parameters: [
        { field: 'name', error: 'Give the video a title.' },
        { field: 'privacy.view', error: 'Choose one of the options offered.' },
      ],
    });
    expect((await client.request(uri)).body).toMatchObject({ name: 'Keeper' });

    // query finds by title or description, any case and accent, and nothing else.
    const found = (
      await client.request({
        path: '/me/videos',
        query: { query: 'LIGHTHOUSE keeper', per_page: 100 },
      })
    ).body as { total: number; data: { uri: string }[] };
    expect(found.data.map((v) => v.uri)).not.toContain(uri);
    const byDescription = (
      await client.request({ path: '/me/videos', query: { query: 'édited BY a', per_page: 100 } })
    ).body as { total: number; data: { uri: string }[] };
    expect(byDescription.data.map((v) => v.uri)).toEqual([uri]);
    const harbour = (
      await client.request({ path: '/me/videos', query: { query: 'harbour', per_page: 100 } })
    ).body as {
      total: number;
      data: { name: string; description: string }[];
      paging: { first: string };
    };
    const all = (await client.request('/me/videos?per_page=1')).body as { total: number };
    expect(harbour.total).toBeGreaterThan(0);
    expect(harbour.total).toBeLessThan(all.total);
    for (const video of harbour.data)
      expect(`${video.name} ${video.description}`.toLowerCase()).toContain('harbour');
    expect(harbour.paging.first).toContain('query=harbour');
    // Anybody else searching the user's videos finds only what they may list.
    const olivia = (await client.request('/me')).body as { uri: string };
    const stranger = (
      await new vimeo.Vimeo(null, null).request({
        path: `${olivia.uri}/videos`,
        query: { query: 'édited by a' },
      })
    ).body as { total: number };
    expect(stranger.total).toBe(0);

    const deleted = await client.request({ method: 'DELETE', path: uri });
    expect(deleted.statusCode).toBe(204);
    expect((await refusalOf(client.request(uri))).status).toBe(404);
  });

  test('makes an album, adds videos, orders them, takes one out and deletes the album', async ({
    page,
  }) => {
    const client = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'owner@vitrine.test', ['private', 'create', 'edit', 'delete']),
    );
    const made = await client.request({
      method: 'POST',
      path: '/me/albums',
      query: { name: 'Made by a script', description: 'Three quiet clips', privacy: 'unlisted' },
    });
    expect(made.statusCode).toBe(201);
    const album = made.body as { uri: string; name: string; privacy: { view: string } };
    expect(album).toMatchObject({
      uri: expect.stringMatching(/^\/users\/\d+\/albums\/\d+$/),
      name: 'Made by a script',
      privacy: { view: 'unlisted' },
    });
    const albums = (
      await client.request({ path: '/me/albums', query: { query: 'made by a SCRIPT' } })
    ).body as { total: number; data: { uri: string }[] };
    expect(albums.data.map((a) => a.uri)).toEqual([album.uri]);

    // Three of Olivia's videos that a showcase shows (ready, and not private).
    const library = (
      await client.request({
        path: `/albums/${grid}/videos`,
        query: { per_page: 3, fields: 'uri' },
      })
    ).body as { data: { uri: string }[] };
    const [first, second, third] = library.data.map((v) => v.uri);
    // Vimeo documents these writes under /me/albums/{id} too: both addresses work.
    const mine = album.uri.replace(/^\/users\/\d+/, '/me');
    for (const [video, base] of [
      [first, album.uri],
      [second, mine],
      [third, album.uri],
    ] as const) {
      const added = await client.request({ method: 'PUT', path: `${base}${video}` });
      expect(added.statusCode).toBe(204);
    }
    // Adding one already there changes nothing.
    expect((await client.request({ method: 'PUT', path: `${album.uri}${first}` })).statusCode).toBe(
      204,
    );
    const order = async () =>
      (
        (await client.request(`${album.uri}/videos?fields=uri`)).body as { data: { uri: string }[] }
      ).data.map((v) => v.uri);
    expect(await order()).toEqual([first, second, third]);

    const reordered = await client.request({
      method: 'PATCH',
      path: `${album.uri}/videos`,
      query: { videos: [{ uri: third }, { uri: first }, { uri: second }] },
    });
    expect(reordered.statusCode).toBe(204);
    expect(await order()).toEqual([third, first, second]);
    const partial = await refusalOf(
      client.request({
        method: 'PATCH',
        path: `${album.uri}/videos`,
        query: { videos: [{ uri: first }] },
      }),
    );
    expect(partial.status).toBe(400);
    expect(partial.body['developer_message']).toContain('leaves out videos');

    const removed = await client.request({ method: 'DELETE', path: `${album.uri}${first}` });
    expect(removed.statusCode).toBe(204);
    expect(await order()).toEqual([third, second]);
    // The video stays in the library.
    expect((await client.request(first!)).statusCode).toBe(200);

    const edited = await client.request({
      method: 'PATCH',
      path: mine,
      query: { name: 'Renamed by a script', sort: 'alphabetical', hide_nav: true },
    });
    expect(edited.body).toMatchObject({
      name: 'Renamed by a script',
      description: 'Three quiet clips',
      sort: 'alphabetical',
      hide_nav: true,
      privacy: { view: 'unlisted' },
      total_videos: 2,
    });
    const badColour = await refusalOf(
      client.request({ method: 'PATCH', path: album.uri, query: { brand_color: 'blue' } }),
    );
    expect(badColour).toMatchObject({
      status: 400,
      body: {
        invalid_parameters: [{ field: 'brand_color', error: 'Choose a colour such as #00adef.' }],
      },
    });

    expect((await client.request({ method: 'DELETE', path: album.uri })).statusCode).toBe(204);
    expect((await refusalOf(client.request(album.uri))).status).toBe(404);
    expect((await client.request(second!)).statusCode).toBe(200);
  });

  test('refuses a token without the scope, and anybody but the owner, in Vimeo’s shape', async ({
    page,
  }) => {
    const reader = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'owner@vitrine.test', ['private', 'upload']),
    );
    const uri = await scratchVideo(reader, 'Not to be edited');
    const album = (await reader.request('/me/albums?per_page=1')).body as {
      data: { uri: string }[];
    };
    const albumUri = album.data[0]!.uri;
    for (const [method, path, scope] of [
      ['PATCH', uri, 'edit'],
      ['DELETE', uri, 'delete'],
      ['POST', '/me/albums', 'create'],
      ['PATCH', albumUri, 'edit'],
      ['PUT', `${albumUri}${uri}`, 'edit'],
      ['DELETE', albumUri, 'delete'],
    ] as const) {
      const refused = await refusalOf(
        reader.request({ method, path, query: { name: 'Changed anyway' } }),
      );
      expect(refused, `${method} ${path}`).toMatchObject({
        status: 403,
        body: {
          error:
            'This app has not been allowed to do that. Grant it more access, or ask its developer.',
          link: null,
          developer_message: `This call needs the "${scope}" scope, which the access token was not granted.`,
          error_code: 3200,
        },
      });
    }
    expect((await reader.request(uri)).body).toMatchObject({ name: 'Not to be edited' });

    // Another user with every scope may read Olivia's public video, not change it; her private one does not exist for them.
    await page.context().clearCookies();
    const other = new vimeo.Vimeo(
      null,
      null,
      await tokenOf(page, 'viewer@vitrine.test', ['private', 'edit', 'delete']),
    );
    const list = (
      await other.request({ path: `/albums/${grid}/videos`, query: { per_page: 1, fields: 'uri' } })
    ).body as { data: { uri: string }[] };
    const publicVideo = list.data[0]!.uri;
    const forbidden = await refusalOf(
      other.request({ method: 'PATCH', path: publicVideo, query: { name: 'Mine now' } }),
    );
    expect(forbidden).toMatchObject({ status: 403, body: { error_code: 3200 } });
    expect((await refusalOf(other.request({ method: 'DELETE', path: uri }))).status).toBe(404);
    expect(
      (await refusalOf(other.request({ method: 'DELETE', path: `/albums/${grid}` }))).status,
    ).toBe(403);
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
    const response = await fetch(`${apiOrigin}/albums/${grid}`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE, OPTIONS');
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
