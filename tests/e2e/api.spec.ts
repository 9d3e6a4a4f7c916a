import { expect, showcaseId, test } from './fixtures.ts';
import { csrfTokenFrom } from './session.ts';

const grid = showcaseId('grid');

test.describe('the albums API', () => {
  test('answers a page of videos with the paging envelope', async ({ request }) => {
    const response = await request.get(`/api/albums/${grid}/videos?page=2&per_page=5`, {
      headers: { Accept: 'application/vnd.vimeo.video;version=3.4.9' },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('version=3.4.9');
    const body = await response.json();
    expect(body).toMatchObject({ total: 34, page: 2, per_page: 5 });
    expect(body.data).toHaveLength(5);
    expect(body.paging.next).toContain('page=3');
    expect(body.paging.previous).toContain('page=1');
    expect(body.paging.last).toContain('page=7');
    expect(body.data[0].uri).toMatch(/^\/videos\/\d+$/);
  });

  test('answers a polled live event fresh, and error code 8003 for a video not in the showcase', async ({
    request,
  }) => {
    const live = showcaseId('live');
    const events = (await (await request.get(`/api/albums/${live}/videos?fields=uri,name`)).json())
      .data as { uri: string; name: string }[];
    const soon = events
      .find((event) => event.name === 'Q&A with the crew')!
      .uri.split('/')
      .pop();
    const polled = await request.get(
      `/api/albums/${live}/videos/${soon}?fields=live.status,live.recurring_event.schedule`,
    );
    expect(polled.headers()['cache-control']).toBe('public, max-age=2');
    expect(await polled.json()).toEqual({
      live: {
        status: 'ready',
        recurring_event: {
          schedule: { start_time: expect.any(String), rrule: 'FREQ=SINGLE', time_zone: 'UTC' },
        },
      },
    });

    const elsewhere = (
      await (await request.get(`/api/albums/${grid}/videos?per_page=1`)).json()
    ).data[0].uri
      .split('/')
      .pop();
    const gone = await request.get(`/api/albums/${live}/videos/${elsewhere}?fields=live.status`);
    expect(gone.status()).toBe(404);
    expect((await gone.json()).error_code).toBe(8003);
  });

  test('answers error code 2286 for a page that does not exist', async ({ request }) => {
    const response = await request.get(`/api/albums/${grid}/videos?page=9&per_page=12`);
    expect(response.status()).toBe(400);
    expect((await response.json()).error_code).toBe(2286);
  });

  test('trims each item to the requested fields', async ({ request }) => {
    const body = await (
      await request.get(
        `/api/albums/${grid}/videos?per_page=2&fields=uri,name,pictures.sizes.width`,
      )
    ).json();
    expect(Object.keys(body.data[0]).sort()).toEqual(['name', 'pictures', 'uri']);
    expect(body.data[0].pictures.sizes.map((s: { width: number }) => s.width)).toEqual([
      640, 960, 1280, 1680,
    ]);
  });

  test('sorts by the requested sort', async ({ request }) => {
    const body = await (
      await request.get(`/api/albums/${grid}/videos?per_page=100&sort=alphabetical&fields=name`)
    ).json();
    const names = body.data.map((v: { name: string }) => v.name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });

  test('answers the album and refuses an unknown API version', async ({ request }) => {
    const album = await (await request.get(`/api/albums/${grid}`)).json();
    expect(album).toMatchObject({
      name: 'Northwind Showreel',
      layout: 'grid',
      theme: 'standard',
      brand_color: '#00adef',
      total_videos: 34,
    });
    const refused = await request.get(`/api/albums/${grid}`, {
      headers: { Accept: 'application/vnd.vimeo.album;version=2.0' },
    });
    expect(refused.status()).toBe(406);
  });

  test('answers a protected showcase with the status its page answers, and nothing of it', async ({
    request,
  }) => {
    const response = await request.get(`/api/albums/${showcaseId('password')}/videos`);
    expect(response.status()).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'Unauthorized', error_code: 0 });
    expect(await (await request.get(`/api/albums/${showcaseId('password')}`)).text()).not.toContain(
      'Client Preview',
    );
  });

  test('refuses a tampered media signature', async ({ request }) => {
    const body = await (await request.get(`/api/albums/${grid}/videos?per_page=1`)).json();
    // A public video's pictures have stable addresses; its files stay signed.
    expect(body.data[0].pictures.sizes[0].link).toMatch(/\/thumbnails\/\d+-[\w-]{16}-640\.jpg$/);
    const link: string = body.data[0].play.progressive[0].link;
    expect((await request.get(link)).status()).toBe(200);
    expect((await request.get(link.replace(/sig=.{4}/, 'sig=AAAA'))).status()).toBe(403);
  });

  test('lets a CDN keep public media and one copy of a public page, and keeps protected media private', async ({
    request,
    playwright,
    baseURL,
  }) => {
    const video = (await (await request.get(`/api/albums/${grid}/videos?per_page=1`)).json())
      .data[0];
    for (const link of [video.pictures.sizes[0].link, video.play.hls.link]) {
      expect((await request.get(link)).headers()['cache-control']).toMatch(
        /^public, max-age=\d+, immutable$/,
      );
    }

    const page = await request.get(`/showcase/${grid}`);
    expect(page.headers()['cache-control']).toContain('s-maxage=60');
    expect(page.headers()['vary'] ?? '').not.toMatch(/cookie/i);
    // A viewer's own theme shapes the page: that copy is theirs alone.
    const themed = await request.get(`/showcase/${grid}`, { headers: { Cookie: 'theme=dark' } });
    expect(themed.headers()['cache-control']).toBe('private, no-store');

    const viewer = await playwright.request.newContext({ baseURL: baseURL! });
    const token = await csrfTokenFrom(viewer, `/showcase/${showcaseId('password')}`);
    const proof = (
      await (
        await viewer.post(`/showcase/${showcaseId('password')}/auth`, {
          form: { password: 'northwind', token },
          headers: { 'X-Requested-With': 'XMLHttpRequest', Origin: baseURL! },
        })
      ).json()
    ).hashed_pass;
    const locked = (
      await (
        await viewer.get(
          `/api/albums/${showcaseId('password')}/videos?per_page=1&_hashed_pass=${proof}`,
        )
      ).json()
    ).data[0];
    expect((await viewer.get(locked.pictures.sizes[0].link)).headers()['cache-control']).toMatch(
      /^private, /,
    );
    await viewer.dispose();
  });

  test('compresses HTML and JSON', async ({ request }) => {
    const response = await request.get(`/showcase/${grid}`, {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(response.headers()['content-encoding']).toBe('br');
  });
});

test.describe('security headers', () => {
  test('deny framing except for embeds, forbid sniffing, and send HSTS behind TLS', async ({
    request,
  }) => {
    const page = await request.get(`/showcase/${grid}`, {
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    const headers = page.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security']).toContain('max-age=');
    const embed = await request.get(`/showcase/${grid}/embed`);
    expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  });

  test('allow scripts only from this site or by hash', async ({ request }) => {
    const policy = (await request.get(`/showcase/${showcaseId('password')}`)).headers()[
      'content-security-policy'
    ]!;
    const scripts = /script-src ([^;]+)/.exec(policy)![1]!;
    expect(scripts.split(' ').filter((source) => !source.startsWith("'sha256-"))).toEqual([
      "'self'",
    ]);
  });
});
