/**
 * The open web: a public video page is found through its oEmbed discovery link, the endpoint
 * answers its player, and that player plays on another site; previews (Open Graph, Twitter
 * cards) and structured data (JSON-LD) name only public pages, with absolute addresses on the
 * site's own origin whatever Host a request claims; the stable thumbnail is cached for a year
 * and stops answering once its video is private.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { DEMO_VIDEOS } from '../../src/server/seed/demoCatalogue.ts';
import { expect, expectAccessible, showcaseId, test } from './fixtures.ts';
import { openOtherSite, OTHER_PORT, pageWith } from './otherOrigin.ts';
import { signIn } from './session.ts';

const showreel = showcaseId('grid');
/** A reel only the public showreel holds, safe for everyone: made private and public again below. */
const TITLE = 'Orchard frost';
const MATURE = DEMO_VIDEOS.find((v) => v.contentRating === 'explicit')!.name;
const PORT = Number(process.env['E2E_PORT'] ?? 4455);
/** Where links point on a site without PUBLIC_URL when the request's host is not its own (src/lib/siteOrigin.ts). */
const FALLBACK_ORIGIN = `http://localhost:${PORT}`;

interface ApiVideo {
  uri: string;
  name: string;
}

/** The id of a video of a showcase, by its title, as the showcase's API lists it. */
async function videoIdOf(
  request: APIRequestContext,
  albumId: number,
  title: string,
): Promise<number> {
  const { data } = (await (
    await request.get(`/api/albums/${albumId}/videos?per_page=100`)
  ).json()) as { data: ApiVideo[] };
  const video = data.find((v) => v.name === title);
  if (!video) throw new Error(`no video ${title} in showcase ${albumId}`);
  return Number(video.uri.split('/').pop());
}

const meta = (page: Page, key: string) =>
  page.locator(`meta[property="${key}"], meta[name="${key}"]`);
const metaContent = async (page: Page, key: string) => meta(page, key).getAttribute('content');

async function jsonLdOf(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** What a page's head tells the open web: none of it may exist on a protected page. */
const PREVIEW_MARKS = [
  'property="og:title"',
  'property="og:description"',
  'property="og:image"',
  'property="og:video"',
  'name="twitter:card"',
  'type="application/json+oembed"',
  'type="application/ld+json"',
];

const oembed = (request: APIRequestContext, url: string, extra = '') =>
  request.get(`/oembed?url=${encodeURIComponent(url)}${extra}`);

test.describe('a public video page', () => {
  test('is discovered by oEmbed, whose player plays on another site', async ({
    page,
    request,
    baseURL,
  }) => {
    const videoId = await videoIdOf(request, showreel, TITLE);
    const pageUrl = `${baseURL}/showcase/${showreel}/video/${videoId}`;
    await page.goto(pageUrl);
    const discovery = await page
      .locator('link[rel="alternate"][type="application/json+oembed"]')
      .getAttribute('href');
    expect(discovery).toBe(`${baseURL}/oembed?url=${encodeURIComponent(pageUrl)}`);
    await expect(page.locator('link[rel="alternate"][type="text/xml+oembed"]')).toHaveAttribute(
      'href',
      `${discovery}&format=xml`,
    );

    const response = await request.get(discovery!);
    expect(response.status()).toBe(200);
    expect(response.headers()['access-control-allow-origin']).toBe('*');
    expect(response.headers()['content-type']).toContain('application/json');
    const answer = (await response.json()) as Record<string, string | number>;
    expect(answer).toMatchObject({
      type: 'video',
      version: '1.0',
      title: TITLE,
      author_name: 'Olivia Okafor',
      author_url: `${baseURL}/showcase/${showreel}`,
      provider_name: 'Vitrine',
      provider_url: `${baseURL}/`,
    });
    expect(answer['html']).toContain(
      `src="${baseURL}/showcase/${showreel}/video/${videoId}/embed"`,
    );
    expect(
      Math.abs((Number(answer['width']) * 9) / 16 - Number(answer['height'])),
    ).toBeLessThanOrEqual(1);
    expect(answer['thumbnail_url']).toMatch(
      new RegExp(`^${baseURL}/thumbnails/${videoId}-[\\w-]{16}-\\d+\\.jpg$`),
    );

    const site = await openOtherSite(OTHER_PORT);
    try {
      site.page('/blog', pageWith(String(answer['html'])));
      await page.goto(`http://localhost:${OTHER_PORT}/blog`);
      const video = page.frameLocator(`iframe[title="${TITLE}"]`).locator('video');
      await expect(video).toBeAttached();
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);
    } finally {
      await site.close();
    }
  });

  test('answers oEmbed in XML too, and fits any maxwidth and maxheight at 16:9 without growing past its natural size', async ({
    request,
    baseURL,
  }) => {
    const videoId = await videoIdOf(request, showreel, TITLE);
    const pageUrl = `${baseURL}/ja-JP/showcase/${showreel}/video/${videoId}`;
    const natural = (await (await oembed(request, pageUrl)).json()) as {
      width: number;
      height: number;
    };
    const huge = (await (
      await oembed(request, pageUrl, '&maxwidth=100000&maxheight=100000')
    ).json()) as { width: number; height: number };
    expect(huge).toMatchObject({ width: natural.width, height: natural.height });
    const small = (await (await oembed(request, pageUrl, '&maxwidth=320')).json()) as Record<
      string,
      number
    >;
    expect(small).toMatchObject({ width: 320, height: 180 });
    if (small['thumbnail_width'] !== undefined)
      expect(small['thumbnail_width']).toBeLessThanOrEqual(320);
    const short = (await (await oembed(request, pageUrl, '&maxheight=90')).json()) as Record<
      string,
      number
    >;
    expect(short).toMatchObject({ width: 160, height: 90 });

    const xml = await oembed(request, pageUrl, '&format=xml');
    expect(xml.headers()['content-type']).toContain('text/xml');
    const parsed = new XMLParser().parse(await xml.text()) as {
      oembed: Record<string, string | number>;
    };
    expect(parsed.oembed).toMatchObject({ type: 'video', title: TITLE, width: natural.width });
    expect(String(parsed.oembed['html'])).toContain(`/showcase/${showreel}/video/${videoId}/embed`);
  });

  test('tells previews its player and stable picture, and describes itself as a VideoObject', async ({
    page,
    request,
    baseURL,
  }) => {
    const videoId = await videoIdOf(request, showreel, TITLE);
    const cspReports: string[] = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspReports.push(message.text());
    });
    await page.goto(`/showcase/${showreel}/video/${videoId}`);
    const frame = `${baseURL}/showcase/${showreel}/video/${videoId}/embed`;
    expect(await metaContent(page, 'og:type')).toBe('video.other');
    expect(await metaContent(page, 'og:site_name')).toBe('Vitrine');
    expect(await metaContent(page, 'og:url')).toBe(
      `${baseURL}/showcase/${showreel}/video/${videoId}`,
    );
    expect(await metaContent(page, 'og:title')).toBe(TITLE);
    expect(await metaContent(page, 'og:video')).toBe(frame);
    expect(await metaContent(page, 'og:video:type')).toBe('text/html');
    expect(Number(await metaContent(page, 'og:video:width'))).toBeGreaterThan(0);
    expect(Number(await metaContent(page, 'og:video:height'))).toBeGreaterThan(0);
    expect(await metaContent(page, 'twitter:card')).toBe('player');
    expect(await metaContent(page, 'twitter:player')).toBe(frame);
    const image = await metaContent(page, 'og:image');
    expect(image).toMatch(new RegExp(`^${baseURL}/thumbnails/${videoId}-`));
    expect(Number(await metaContent(page, 'og:image:width'))).toBeGreaterThan(0);
    expect(Number(await metaContent(page, 'og:image:height'))).toBeGreaterThan(0);

    const [ld] = await jsonLdOf(page);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: TITLE,
      embedUrl: frame,
      thumbnailUrl: image,
      isFamilyFriendly: true,
    });
    expect(ld!['duration']).toMatch(/^PT(\d+M)?\d+S$/);
    expect(new Date(String(ld!['uploadDate'])).toISOString()).toBe(ld!['uploadDate']);
    expect(cspReports).toEqual([]);
  });

  test('has a stable picture, cached for a year, that stops answering once the video is private', async ({
    browser,
    request,
    baseURL,
  }) => {
    const videoId = await videoIdOf(request, showreel, TITLE);
    const pageHtml = await (await request.get(`/showcase/${showreel}/video/${videoId}`)).text();
    const picture = /<meta property="og:image" content="([^"]+)"/.exec(pageHtml)![1]!;
    const path = new URL(picture).pathname;
    const served = await request.get(path);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/jpeg');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, 'owner@vitrine.test');
    const setPrivacy = async (label: string) => {
      await owner.goto(`/manage/videos/${videoId}`);
      await owner.getByLabel('Who can watch').selectOption({ label });
      await owner.getByRole('button', { name: 'Save settings' }).click();
      await expect(owner.getByTestId('studio-notice')).toHaveText('Settings saved.');
    };
    try {
      await setPrivacy('Only me');
      expect((await request.get(path)).status()).toBe(404);
      expect(
        (await oembed(request, `${baseURL}/showcase/${showreel}/video/${videoId}`)).status(),
      ).toBe(404);
    } finally {
      await setPrivacy('Anyone');
    }
    expect((await request.get(path)).status()).toBe(200);
    await owner.context().close();
  });

  test('reads well in both themes and in Japanese', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const videoId = await videoIdOf(request, showreel, TITLE);
    for (const theme of ['light', 'dark']) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'theme', value: theme, url: baseURL! }]);
      const page = await context.newPage();
      for (const path of [
        `/ja-JP/showcase/${showreel}/video/${videoId}`,
        `/ja-JP/showcase/${showreel}`,
      ]) {
        await page.goto(path);
        await expect(page.locator('link[type="application/json+oembed"]')).toHaveCount(1);
        await expectAccessible(page);
      }
      await context.close();
    }
  });
});

test.describe('a public showcase page', () => {
  test('lists its public videos’ pages as an ItemList and shows a large picture card', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto(`/showcase/${showreel}?page=2`);
    expect(await metaContent(page, 'og:type')).toBe('website');
    expect(await metaContent(page, 'twitter:card')).toBe('summary_large_image');
    expect(await metaContent(page, 'og:image')).toMatch(new RegExp(`^${baseURL}/thumbnails/`));
    expect(await meta(page, 'og:video').count()).toBe(0);
    const oembedHref = await page
      .locator('link[type="application/json+oembed"]')
      .getAttribute('href');
    expect(oembedHref).toBe(
      `${baseURL}/oembed?url=${encodeURIComponent(`${baseURL}/showcase/${showreel}`)}`,
    );

    const [ld] = await jsonLdOf(page);
    expect(ld).toMatchObject({
      '@type': 'ItemList',
      name: 'Northwind Showreel',
      url: `${baseURL}/showcase/${showreel}?page=2`,
    });
    const items = ld!['itemListElement'] as { '@type': string; position: number; url: string }[];
    expect(items.length).toBeGreaterThan(0);
    expect(
      items.every(
        (i) =>
          i['@type'] === 'ListItem' && i.url.startsWith(`${baseURL}/showcase/${showreel}/video/`),
      ),
    ).toBe(true);
    // Page 2 of twelve a page: places 13 to 24, and the mature video of the reel is not among them.
    expect(items[0]!.position).toBeGreaterThanOrEqual(13);
    expect(items.map((i) => i.position)).toEqual(
      [...items.map((i) => i.position)].sort((a, b) => a - b),
    );
    const mature = `${baseURL}/showcase/${showreel}/video/${await videoIdOf(request, showreel, MATURE)}`;
    expect(items.map((i) => i.url)).not.toContain(mature);
    // Each item's page describes its video.
    await page.goto(items[0]!.url);
    expect((await jsonLdOf(page))[0]).toMatchObject({ '@type': 'VideoObject', url: items[0]!.url });

    const answer = (await (await page.request.get(oembedHref!)).json()) as Record<string, string>;
    expect(answer).toMatchObject({ type: 'video', title: 'Northwind Showreel' });
    expect(answer['html']).toContain(`src="${baseURL}/showcase/${showreel}/embed"`);
  });

  test('lists its live events, whose pages publish them as live BroadcastEvents', async ({
    page,
  }) => {
    await page.goto(`/showcase/${showcaseId('live')}`);
    const [ld] = await jsonLdOf(page);
    const pages = (ld!['itemListElement'] as { url: string }[]).map((i) => i.url);
    const items: Record<string, unknown>[] = [];
    for (const url of pages) {
      await page.goto(url);
      items.push((await jsonLdOf(page))[0]!);
    }
    // Every event names a picture, as Google asks of every video: its own, its still while on
    // the air, else its showcase's cover until it has one.
    for (const item of items) expect(item['thumbnailUrl']).toEqual(expect.stringMatching(/^http/));
    const broadcasts = items
      .map((item) => item['publication'] as Record<string, unknown> | undefined)
      .filter(Boolean);
    expect(broadcasts.length).toBeGreaterThan(0);
    for (const broadcast of broadcasts) {
      expect(broadcast).toMatchObject({
        '@type': 'BroadcastEvent',
        isLiveBroadcast: true,
        eventStatus: 'https://schema.org/EventScheduled',
      });
      expect(new Date(String(broadcast!['startDate'])).toISOString()).toBe(broadcast!['startDate']);
    }
  });

  test('names the still of an event on the air, which has no picture of its own, as its thumbnail', async ({
    page,
    request,
  }) => {
    const live = showcaseId('live');
    const onAir = `/showcase/${live}/video/${await videoIdOf(request, live, 'Launch day: live from the studio')}`;
    // The demo feed goes on the air a few seconds after the server starts.
    let thumbnailUrl: unknown;
    await expect
      .poll(
        async () => {
          await page.goto(onAir);
          ({ thumbnailUrl } = (await jsonLdOf(page))[0]!);
          return thumbnailUrl;
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      // The still, not the showcase's cover named before the event went on the air.
      .toEqual(expect.stringMatching(/^http(?!.*\/thumbnails\/)/));
    await expect
      .poll(async () => (await request.get(String(thumbnailUrl))).headers()['content-type'], {
        timeout: 30_000,
      })
      .toBe('image/jpeg');
  });
});

test.describe('a live event’s chat', () => {
  test('is read as it comes by a page on another site, as a stranger, as published pages read it', async ({
    browser,
    request,
    baseURL,
  }) => {
    const live = showcaseId('live');
    const videoId = await videoIdOf(request, live, 'Launch day: live from the studio');
    const { live: event } = (await (
      await request.get(`/api/albums/${live}/videos/${videoId}?fields=live`)
    ).json()) as { live: { chat: { room_id: number } } };
    const room = `${baseURL}/live_chat/${event.chat.room_id}`;
    const query = `album=${live}&video=${videoId}`;
    const site = await openOtherSite();
    try {
      site.page(
        '/reader',
        pageWith(`<p id="state"></p><ul id="log"></ul><script>
          fetch(${JSON.stringify(`${room}/status?${query}`)})
            .then((answer) => answer.json())
            .then((status) => (document.getElementById('state').textContent = 'chat ' + (status.chatEnabled ? 'on' : 'off')));
          new EventSource(${JSON.stringify(`${room}/events?${query}`)}).addEventListener('message', (event) => {
            const item = document.createElement('li');
            item.textContent = JSON.parse(event.data).body;
            document.getElementById('log').append(item);
          });
        </script>`),
      );
      const reader = await browser.newPage();
      await reader.goto(`http://localhost:${OTHER_PORT}/reader`);
      await expect(reader.locator('#state')).toHaveText('chat on');
      await expect(reader.locator('#log li').first()).toBeVisible();

      const writer = await browser.newPage({ baseURL: baseURL! });
      await signIn(
        writer,
        'member@vitrine.test',
        undefined,
        `/live-chat/${event.chat.room_id}?${query}`,
      );
      const said = `Seen from another site ${Date.now().toString(36)}`;
      await writer.getByRole('textbox', { name: 'Message' }).fill(said);
      await writer.getByRole('button', { name: 'Send' }).click();
      await expect(reader.locator('#log li').filter({ hasText: said })).toHaveCount(1);
      await Promise.all([reader.context().close(), writer.context().close()]);
    } finally {
      await site.close();
    }
  });
});

test.describe('pages that are not public', () => {
  test('tell previews nothing and have no oEmbed answer', async ({ request, baseURL }) => {
    const protectedPages = ['password', 'team', 'unlisted', 'private', 'embed'].map(
      (key) => `/showcase/${showcaseId(key)}`,
    );
    const showreelMature = `/showcase/${showreel}/video/${await videoIdOf(request, showreel, MATURE)}`;
    for (const path of [
      ...protectedPages,
      ...protectedPages.map((p) => `${p}/video/1`),
      showreelMature,
      '/showcase/9999',
    ]) {
      const html = await (await request.get(path)).text();
      for (const mark of PREVIEW_MARKS) expect(html, `${mark} on ${path}`).not.toContain(mark);
      const answer = await oembed(request, `${baseURL}${path}`);
      expect(answer.status(), path).toBe(404);
      expect(answer.headers()['content-type']).toContain('application/json');
      expect(answer.headers()['access-control-allow-origin']).toBe('*');
      expect(await answer.json()).toMatchObject({
        status: 404,
        message: 'There is no public showcase or video at this address.',
      });
    }
  });

  test('refuse bad oEmbed requests with a JSON reason in the consumer’s language', async ({
    request,
    baseURL,
  }) => {
    const page = `${baseURL}/showcase/${showreel}`;
    const cases: [string, number, string][] = [
      [
        '/oembed',
        400,
        'Give the address of a showcase or video page of this site in the url parameter.',
      ],
      [
        `/oembed?url=${encodeURIComponent(page)}&maxwidth=0`,
        400,
        'maxwidth and maxheight must be whole numbers of pixels, 1 or more.',
      ],
      [
        `/oembed?url=${encodeURIComponent(page)}&maxheight=tall`,
        400,
        'maxwidth and maxheight must be whole numbers of pixels, 1 or more.',
      ],
      [
        `/oembed?url=${encodeURIComponent(page)}&format=yaml`,
        501,
        'This format is not available: ask for format=json or format=xml.',
      ],
      [
        `/oembed?url=${encodeURIComponent('https://elsewhere.example/showcase/1')}`,
        404,
        'There is no public showcase or video at this address.',
      ],
      [
        `/oembed?url=${encodeURIComponent(`${baseURL}/manage/showcases/${showreel}`)}`,
        404,
        'There is no public showcase or video at this address.',
      ],
    ];
    for (const [path, status, message] of cases) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
      expect(response.headers()['content-type']).toContain('application/json');
      expect(await response.json()).toMatchObject({ status, message });
    }
    const german = await request.get('/oembed?url=nowhere', {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(german.status()).toBe(400);
    expect(await german.json()).toMatchObject({
      message:
        'Gib im Parameter url die Adresse einer Showcase- oder Videoseite dieser Website an.',
    });
  });
});

test.describe('a request for a host the site does not know', () => {
  // The e2e server has no PUBLIC_URL and no TRUSTED_HOSTS, and trusts X-Forwarded-* (TRUST_PROXY):
  // only loopback hosts are its own, anything else gets links on http://localhost:{PORT}.
  for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }]) {
    test(`never names it in canonical, previews or oEmbed (${Object.keys(headers)[0]})`, async ({
      request,
      baseURL,
    }) => {
      const videoId = await videoIdOf(request, showreel, TITLE);
      for (const path of [`/showcase/${showreel}`, `/showcase/${showreel}/video/${videoId}`]) {
        const html = await (await request.get(path, { headers })).text();
        expect(html).not.toContain('evil.example');
        expect(html).toContain(`<link rel="canonical" href="${FALLBACK_ORIGIN}${path}">`);
        expect(html).toContain(`<meta property="og:url" content="${FALLBACK_ORIGIN}${path}">`);
        expect(html).toMatch(
          new RegExp(`<meta property="og:image" content="${FALLBACK_ORIGIN}/thumbnails/`),
        );
        expect(html).toContain(`href="${FALLBACK_ORIGIN}/oembed?url=`);
      }
      const forged = await request.get(
        `/oembed?url=${encodeURIComponent(`http://evil.example/showcase/${showreel}`)}`,
        { headers },
      );
      expect(forged.status()).toBe(404);
      const own = await request.get(
        `/oembed?url=${encodeURIComponent(`${baseURL}/showcase/${showreel}/video/${videoId}`)}`,
        { headers },
      );
      const text = await own.text();
      expect(own.status()).toBe(200);
      expect(text).not.toContain('evil.example');
      expect((JSON.parse(text) as { html: string }).html).toContain(
        `${baseURL}/showcase/${showreel}/video/${videoId}/embed`,
      );
    });
  }
});
