import { describe, expect, it } from 'vitest';
import { staticPage, type StaticPageOptions } from './staticPage.ts';

const published = new Set([
  '/',
  '/showcase/1',
  '/showcase/1/page/2',
  '/de-DE/showcase/1/page/2',
  '/showcase/1/video/7',
  '/showcase/1/video/7/oembed.json',
  '/_astro/app.js',
]);
const options: StaticPageOptions = {
  siteOrigin: 'https://www.example.com',
  appOrigin: 'https://app.example.com',
  path: '/showcase/1/page/2',
  isPublished: (path) =>
    published.has(path) || path.startsWith('/media-files/') || path.startsWith('/thumbnails/'),
};

describe('given a page rendered for a stranger', () => {
  it('turns a signed HLS folder into a stable path, keeping the signed one to copy from', () => {
    const page = staticPage(
      '<source src="/media/p/1796670000/SE7Oi_-x/demo/reel-1/hls/master.m3u8">',
      options,
    );
    expect(page.html).toBe('<source src="/media-files/demo/reel-1/hls/master.m3u8">');
    expect(page.media).toEqual([
      {
        stable: '/media-files/demo/reel-1/hls/master.m3u8',
        signed: '/media/p/1796670000/SE7Oi_-x/demo/reel-1/hls/master.m3u8',
      },
    ]);
  });

  it('turns a signed download into a stable path, in markup and in island props', () => {
    const page = staticPage(
      '<a href="/media/demo/reel-1/hd.mp4?exp=1796670000&amp;sig=iX-e_6&amp;dl=Harbour-hd.mp4">' +
        '<x-island props="{&quot;link&quot;:&quot;/media/demo/reel-1/sd.mp4?exp=1&amp;sig=a&quot;}">',
      options,
    );
    expect(page.html).toBe(
      '<a href="/media-files/demo/reel-1/hd.mp4">' +
        '<x-island props="{&quot;link&quot;:&quot;/media-files/demo/reel-1/sd.mp4&quot;}">',
    );
    expect(page.media.map((m) => m.signed)).toEqual([
      '/media/demo/reel-1/hd.mp4?exp=1796670000&sig=iX-e_6&dl=Harbour-hd.mp4',
      '/media/demo/reel-1/sd.mp4?exp=1&sig=a',
    ]);
  });

  it('lists the stable pictures it shows', () => {
    const page = staticPage(
      '<img src="/thumbnails/7-abcdefghijklmnop-640.jpg" srcset="/thumbnails/7-abcdefghijklmnop-640.jpg 640w, /thumbnails/7-bbcdefghijklmnop-960.jpg 960w">',
      options,
    );
    expect(page.thumbnails).toEqual([
      '/thumbnails/7-abcdefghijklmnop-640.jpg',
      '/thumbnails/7-bbcdefghijklmnop-960.jpg',
    ]);
  });

  it('points oEmbed discovery at the static answer beside the page, whatever its locale', () => {
    const page = staticPage(
      '<link rel="alternate" type="application/json+oembed" href="https://www.example.com/oembed?url=https%3A%2F%2Fwww.example.com%2Fde-DE%2Fshowcase%2F1%2Fvideo%2F7">',
      options,
    );
    expect(page.html).toContain('href="https://www.example.com/showcase/1/video/7/oembed.json"');
  });

  it('links later grid pages as /page/n paths', () => {
    const page = staticPage(
      '<a href="/showcase/1?page=2">2</a><a href="/de-DE/showcase/1?page=2">2</a><a href="https://www.example.com/showcase/1?page=2">2</a>',
      options,
    );
    expect(page.html).toBe(
      '<a href="/showcase/1/page/2">2</a><a href="/de-DE/showcase/1/page/2">2</a><a href="https://www.example.com/showcase/1/page/2">2</a>',
    );
  });

  it("sends sign-in, search, share and what is not published to the app's origin", () => {
    const page = staticPage(
      '<a href="/log_in?redirect=%2Fshowcase%2F1">in</a><form action="/showcase/1/search"></form>' +
        '<a href="/showcase/1/share">share</a><a href="/showcase/1/video/9">locked</a>',
      options,
    );
    expect(page.html).toBe(
      '<a href="https://app.example.com/log_in?redirect=%2Fshowcase%2F1">in</a><form action="https://app.example.com/showcase/1/search"></form>' +
        '<a href="https://app.example.com/showcase/1/share">share</a><a href="https://app.example.com/showcase/1/video/9">locked</a>',
    );
  });

  it('keeps published pages, built files, fragments and other sites as they are', () => {
    const html =
      '<a href="/showcase/1/video/7">v</a><script src="/_astro/app.js"></script><a href="#main">skip</a><a href="https://example.org/x">x</a><a href="mailto:a@example.org">m</a>';
    expect(staticPage(html, options).html).toBe(html);
  });

  it('keeps what is not published root-relative when the app shares the host', () => {
    const html = '<a href="/log_in">in</a>';
    expect(staticPage(html, { ...options, appOrigin: null }).html).toBe(html);
  });

  it('makes the language picker one link per locale to this page, which needs no server', () => {
    const page = staticPage(
      '<form method="post" action="/settings/set_locale" data-astro-cid-u1><input type="hidden" name="return_to" value="/showcase/1?page=2" /><ul><li><button type="submit" name="locale" value="en" lang="en" aria-current="true" class="x"><span>English</span></button></li><li><button type="submit" name="locale" value="de-DE" lang="de-DE" class="x"><span>Deutsch</span></button></li></ul></form>',
      options,
    );
    expect(page.html).toBe(
      '<div data-astro-cid-u1><ul><li><a href="/showcase/1/page/2" lang="en" aria-current="true" class="x"><span>English</span></a></li><li><a href="/de-DE/showcase/1/page/2" lang="de-DE" class="x"><span>Deutsch</span></a></li></ul></div>',
    );
  });

  it('writes no moment of rendering, so the same data publishes the same bytes', () => {
    const at = (time: number, uid: string) =>
      staticPage(
        `<astro-island uid="${uid}" props="{&quot;renderedAt&quot;:[0,${time}]}"></astro-island>`,
        options,
      ).html;
    expect(at(1796645254075, 'Z1x1vB4')).toBe(at(1796645999999, 'Z22Mk25'));
    expect(at(1796645254075, 'Z1x1vB4')).toContain('renderedAt&quot;:[0,0]');
  });

  it('gives every island an id that follows from what is published, not from the signed links', () => {
    const island = (uid: string, exp: number) =>
      staticPage(
        `<astro-island uid="${uid}" props="{&quot;link&quot;:&quot;/media/demo/reel-1/sd.mp4?exp=${exp}&amp;sig=a&quot;}"></astro-island>`,
        options,
      ).html;
    expect(island('Z1EHgGi', 1)).toBe(island('clsjU', 2));
    const other = staticPage(
      '<astro-island uid="clsjU" props="{&quot;link&quot;:&quot;/other&quot;}"></astro-island>',
      options,
    ).html;
    expect(/uid="([^"]+)"/.exec(other)![1]).not.toBe(/uid="([^"]+)"/.exec(island('clsjU', 2))![1]);
  });

  it("names the app's origin for the islands and loads the theme toggle's own script", () => {
    const page = staticPage(
      '<html lang="en" data-theme="auto"><head><title>x</title></head></html>',
      options,
    );
    expect(page.html).toBe(
      '<html data-app-origin="https://app.example.com" lang="en" data-theme="auto"><head><script src="/published-theme.js"></script><title>x</title></head></html>',
    );
  });
});
