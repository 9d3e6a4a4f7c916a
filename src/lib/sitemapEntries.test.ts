import { describe, expect, it } from 'vitest';
import {
  sitemapDocument,
  sitemapEntries,
  sitemapPage,
  sitemapPageCount,
  type SitemapShowcase,
  type SitemapVideo,
} from './sitemapEntries.ts';

const ORIGIN = 'https://videos.example';

function video(overrides: Partial<SitemapVideo> = {}): SitemapVideo {
  return {
    id: 7,
    name: 'Harbour at dawn',
    description: 'Boats leave the quay.',
    duration: 95,
    createdAt: new Date('2026-03-01T10:00:00Z'),
    plays: 12,
    familyFriendly: true,
    live: false,
    thumbnail: { url: `${ORIGIN}/thumbnails/7-abcdefghijklmnop-1280.jpg` },
    ...overrides,
  };
}

function showcase(overrides: Partial<SitemapShowcase> = {}): SitemapShowcase {
  return {
    id: 3,
    updatedAt: new Date('2026-04-01T00:00:00Z'),
    embeddableAnywhere: true,
    videos: [video()],
    ...overrides,
  };
}

describe('given a public showcase with one public video, in two locales', () => {
  const entries = sitemapEntries([showcase()], { origin: ORIGIN, locales: ['en', 'ja-JP'] });

  it('lists the showcase page and the video page in each locale, absolute from the site origin', () => {
    expect(entries.map((e) => e.url)).toEqual([
      `${ORIGIN}/showcase/3`,
      `${ORIGIN}/ja-JP/showcase/3`,
      `${ORIGIN}/showcase/3/video/7`,
      `${ORIGIN}/ja-JP/showcase/3/video/7`,
    ]);
  });

  it('dates the showcase pages by the showcase’s last change', () => {
    expect(entries[0]!.lastmod).toBe('2026-04-01T00:00:00.000Z');
  });

  it('gives the video entry once, on the default-locale page, with the player frame and the public thumbnail', () => {
    expect(entries.filter((e) => e.video !== undefined).map((e) => e.url)).toEqual([
      `${ORIGIN}/showcase/3/video/7`,
    ]);
    expect(entries[2]!.video).toEqual([
      {
        thumbnail_loc: `${ORIGIN}/thumbnails/7-abcdefghijklmnop-1280.jpg`,
        title: 'Harbour at dawn',
        description: 'Boats leave the quay.',
        player_loc: `${ORIGIN}/showcase/3/video/7/embed`,
        duration: 95,
        publication_date: '2026-03-01T10:00:00.000Z',
        view_count: 12,
        family_friendly: true,
        requires_subscription: false,
        live: false,
      },
    ]);
  });
});

describe('a video entry', () => {
  const entryOf = (v: SitemapVideo, s: Partial<SitemapShowcase> = {}) =>
    sitemapEntries([showcase({ videos: [v], ...s })], { origin: ORIGIN, locales: ['en'] })[1]!
      .video;

  it('is left out when the video has no public picture yet, the page still listed', () => {
    expect(entryOf(video({ thumbnail: null }))).toBeUndefined();
  });

  it('is left out when the showcase lets only some sites frame its player', () => {
    expect(entryOf(video(), { embeddableAnywhere: false })).toBeUndefined();
  });

  it('describes a video without a description by its title, as the protocol needs one', () => {
    expect(entryOf(video({ description: '  ' }))![0]!.description).toBe('Harbour at dawn');
  });

  it('cuts a title past 100 characters and a description past 2048, marking the cut', () => {
    const [entry] = entryOf(video({ name: 'é'.repeat(150), description: 'x'.repeat(3000) }))! as {
      title: string;
      description: string;
    }[];
    expect([...entry!.title]).toHaveLength(100);
    expect(entry!.title.endsWith('…')).toBe(true);
    expect(entry!.description).toHaveLength(2048);
  });

  it('leaves out a duration the protocol would refuse: none for a live event, none past eight hours', () => {
    expect(entryOf(video({ duration: 0, live: true }))![0]).toMatchObject({ live: true });
    expect(entryOf(video({ duration: 0 }))![0]).not.toHaveProperty('duration');
    expect(entryOf(video({ duration: 28_801 }))![0]).not.toHaveProperty('duration');
  });

  it('says when a video is not family friendly', () => {
    expect(entryOf(video({ familyFriendly: false }))![0]).toMatchObject({ family_friendly: false });
  });
});

describe('given no public showcase', () => {
  it('lists nothing, in one file', () => {
    const entries = sitemapEntries([], { origin: ORIGIN });
    expect(entries).toEqual([]);
    expect(sitemapDocument(entries, { origin: ORIGIN, limit: 10 })).toEqual({
      kind: 'urlset',
      entries: [],
    });
  });
});

describe('given more URLs than one sitemap file may hold', () => {
  const entries = Array.from({ length: 25 }, (_, i) => ({ url: `${ORIGIN}/showcase/${i + 1}` }));

  it('keeps them in one file up to the limit', () => {
    expect(sitemapDocument(entries, { origin: ORIGIN, limit: 25 })).toMatchObject({
      kind: 'urlset',
    });
  });

  it('becomes an index of numbered files past it', () => {
    expect(sitemapDocument(entries, { origin: ORIGIN, limit: 10 })).toEqual({
      kind: 'index',
      pages: [`${ORIGIN}/sitemaps/1.xml`, `${ORIGIN}/sitemaps/2.xml`, `${ORIGIN}/sitemaps/3.xml`],
    });
  });

  it('splits them into files of the limit, the last holding the rest, and nothing past it', () => {
    expect(sitemapPageCount(25, 10)).toBe(3);
    expect(sitemapPage(entries, 1, 10)).toEqual(entries.slice(0, 10));
    expect(sitemapPage(entries, 3, 10)).toEqual(entries.slice(20));
    expect(sitemapPage(entries, 4, 10)).toBeNull();
    expect(sitemapPage(entries, 0, 10)).toBeNull();
  });
});
