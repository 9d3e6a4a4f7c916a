import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { compressedPart } from './gzipJoin.ts';
import {
  bodyTemplate,
  composeGzip,
  composePage,
  compressTemplate,
  PERSONAL_END,
  PERSONAL_START,
  personalSignature,
  sharedShowcaseRoute,
  splitPersonal,
} from './sharedBody.ts';
import { inlineSources, joinSources, type InlineSources } from './pagePolicy.ts';

// A policy's sources are a set: their order says nothing.
const asSets = ({ scripts, styles }: InlineSources) => ({
  scripts: new Set(scripts),
  styles: new Set(styles),
});
const piece = (inner: string) => `${PERSONAL_START}${inner}${PERSONAL_END}`;
const page = (inner: string, body: string) =>
  `<html><body>${piece(inner)}<main>${body}</main></body></html>`;

describe('splitPersonal', () => {
  it('cuts the page around its one personal piece', () => {
    const split = splitPersonal(page('<header>Sofia</header>', 'grid'));
    expect(split).toEqual({
      before: '<html><body>',
      personal: piece('<header>Sofia</header>'),
      after: '<main>grid</main></body></html>',
    });
  });

  it('refuses a page without a piece, with an unclosed one or with two', () => {
    expect(splitPersonal('<main>grid</main>')).toBeNull();
    expect(splitPersonal(`${PERSONAL_START}<header>`)).toBeNull();
    expect(splitPersonal(piece('a') + piece('b'))).toBeNull();
  });
});

describe('bodyTemplate and composePage', () => {
  const member = new Map([
    ['csrf', 'memberToken123'],
    ['jwt', 'aaa.bbb.ccc'],
  ]);
  const html = page(
    '<header>Sofia<input value="memberToken123"></header>',
    '<form><input value="memberToken123"></form><iframe src="/frame?jwt=aaa.bbb.ccc&amp;x=1">',
  );

  it('joins another viewer’s piece and values where the first viewer’s were', () => {
    const template = bodyTemplate(splitPersonal(html)!, member, ['sofia@vitrine.test'])!;
    expect(template.holes).toEqual(['csrf', 'jwt']);
    const guest = new Map([
      ['csrf', 'guestToken456'],
      ['jwt', 'ddd.eee.fff'],
    ]);
    const joined = composePage(template, Buffer.from(piece('<header>Lena</header>')), guest);
    expect(joined?.toString()).toBe(
      page(
        '<header>Lena</header>',
        '<form><input value="guestToken456"></form><iframe src="/frame?jwt=ddd.eee.fff&amp;x=1">',
      ),
    );
    expect(joined?.toString()).not.toMatch(/Sofia|memberToken123|aaa\.bbb\.ccc/);
  });

  it('joins the first viewer’s own page back byte for byte', () => {
    const split = splitPersonal(html)!;
    const template = bodyTemplate(split, member, [])!;
    expect(composePage(template, Buffer.from(split.personal), member)?.toString()).toBe(html);
  });

  it('keeps no body that still holds something of its viewer outside its holes', () => {
    const leaky = page('<header>Sofia</header>', '<p>Signed in as sofia@vitrine.test</p>');
    expect(bodyTemplate(splitPersonal(leaky)!, member, ['sofia@vitrine.test'])).toBeNull();
    // A value the render did not name as a hole is one of those secrets.
    const unnamed = page('<header>Sofia</header>', '<input value="memberToken123">');
    expect(bodyTemplate(splitPersonal(unnamed)!, new Map(), ['memberToken123'])).toBeNull();
  });

  it('joins nothing when a viewer’s value for a hole is missing', () => {
    const template = bodyTemplate(splitPersonal(html)!, member, [])!;
    expect(composePage(template, Buffer.from(piece('')), new Map([['csrf', 'x']]))).toBeNull();
  });

  it('finds the body’s inline scripts and styles once, which with the piece’s are the page’s', () => {
    const scripted = page(
      '<header><script>menu()</script></header>',
      '<style>main{}</style><script>grid()</script><input value="memberToken123">',
    );
    const split = splitPersonal(scripted)!;
    const template = bodyTemplate(split, member, [])!;
    const guestPiece = Buffer.from(piece('<header><script>cart()</script></header>'));
    const joined = composePage(template, guestPiece, new Map([['csrf', 'guestToken456']]))!;
    expect(asSets(joinSources(template.sources!, inlineSources(guestPiece)))).toEqual(
      asSets(inlineSources(joined)),
    );
  });

  it('joins the same page as one gzip stream from parts compressed once', () => {
    const template = bodyTemplate(splitPersonal(html)!, member, [])!;
    const guest = new Map([
      ['csrf', 'guestToken456'],
      ['jwt', 'ddd.eee.fff'],
    ]);
    const lena = Buffer.from(piece('<header>Lena</header>'));
    const joined = composeGzip(compressTemplate(template), compressedPart(lena), guest)!;
    expect(gunzipSync(joined)).toEqual(composePage(template, lena, guest));
    expect(composeGzip(compressTemplate(template), compressedPart(lena), new Map())).toBeNull();
  });

  it('finds no shared sources when a viewer’s value is inside an inline script', () => {
    const inScript = page('<header></header>', '<script>token("memberToken123")</script>');
    expect(bodyTemplate(splitPersonal(inScript)!, member, [])!.sources).toBeNull();
  });
});

describe('personalSignature', () => {
  const island = (component: string) =>
    `<astro-island uid="Z${Math.random().toString(36).slice(2)}" component-url="/_astro/${component}.js" renderer-url="/_astro/client.js" client="interaction" props="{}"></astro-island>`;

  it('is the same for pieces that emit the same once-per-page markup, whoever they show', () => {
    const sofia = piece(`<header>Sofia ${island('QuotaPill')}<script>search()</script></header>`);
    const lena = piece(`<header>Lena ${island('QuotaPill')}<script>search()</script></header>`);
    expect(personalSignature(sofia)).toBe(personalSignature(lena));
  });

  it('tells apart a piece with an island, or a script, the other lacks', () => {
    const plain = piece('<header>Sofia<script>search()</script></header>');
    const withQuota = piece(
      `<header>Sofia ${island('QuotaPill')}<script>search()</script></header>`,
    );
    const withBanner = piece(
      '<header>Sofia<script>search()</script><script>banner()</script></header>',
    );
    expect(new Set([plain, withQuota, withBanner].map(personalSignature)).size).toBe(3);
  });
});

describe('sharedShowcaseRoute', () => {
  it('names the showcase pages and video views a class shares', () => {
    expect(sharedShowcaseRoute('/showcase/12')).toEqual({ albumId: 12, videoId: null });
    expect(sharedShowcaseRoute('/showcase/12/video/7')).toEqual({ albumId: 12, videoId: 7 });
  });

  it('leaves out every other page of a showcase', () => {
    for (const path of [
      '/showcase/12/embed',
      '/showcase/12/search',
      '/showcase/12/video/7/embed',
      '/showcase/0',
      '/showcase/abc',
      '/manage/showcases/12',
    ])
      expect(sharedShowcaseRoute(path), path).toBeNull();
  });
});
