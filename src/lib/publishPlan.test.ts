import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './domain.ts';
import type { RepublishScope } from './publishChanges.ts';
import {
  publishPlan,
  republishPlan,
  staticFilePath,
  type PublishedShowcase,
} from './publishPlan.ts';

const SITE = 'https://www.example.com';
const grid: PublishedShowcase = { id: 1, layout: 'grid', totalVideos: 30, videoIds: [7, 8] };
const live: PublishedShowcase = { id: 4, layout: 'live', totalVideos: 30, videoIds: [] };

const addresses = (showcases: PublishedShowcase[], locales: readonly Locale[] = LOCALES) =>
  publishPlan(showcases, { siteOrigin: SITE, locales }).pages.map((page) => page.address);

describe('given a grid showcase of 30 videos, two of them public', () => {
  const plan = publishPlan([grid], { siteOrigin: SITE, locales: ['en'] });

  it('publishes its three grid pages, asking the app for ?page=n and writing /page/n', () => {
    expect(
      plan.pages.filter((p) => p.address.startsWith('/showcase/1') && !p.address.includes('video')),
    ).toEqual([
      { address: '/showcase/1', source: '/showcase/1' },
      { address: '/showcase/1/page/2', source: '/showcase/1?page=2' },
      { address: '/showcase/1/page/3', source: '/showcase/1?page=3' },
    ]);
  });

  it('publishes each public video view and its player frame, and no other video', () => {
    const views = plan.pages.map((p) => p.address).filter((a) => a.includes('/video/'));
    expect(views).toEqual([
      '/showcase/1/video/7',
      '/showcase/1/video/7/embed',
      '/showcase/1/video/8',
      '/showcase/1/video/8/embed',
    ]);
  });

  it('publishes the home page, the site map and the site pages', () => {
    const pages = plan.pages.map((p) => p.address);
    for (const page of ['/', '/site_map', '/terms', '/privacy', '/help', '/about'])
      expect(pages).toContain(page);
  });

  it('publishes its feeds, the sitemap, robots.txt and an oEmbed answer per page that has one', () => {
    const files = plan.files.map((f) => f.address);
    expect(files).toEqual(
      expect.arrayContaining([
        '/sitemap.xml',
        '/robots.txt',
        '/showcase/1/feed.rss',
        '/showcase/1/feed.atom',
        '/showcase/1/feed.json',
        '/showcase/1/oembed.json',
        '/showcase/1/video/7/oembed.json',
        '/showcase/1/video/8/oembed.xml',
      ]),
    );
    expect(plan.files.find((f) => f.address === '/showcase/1/video/8/oembed.xml')!.source).toBe(
      '/oembed?url=https%3A%2F%2Fwww.example.com%2Fshowcase%2F1%2Fvideo%2F8&format=xml',
    );
  });
});

describe('given a live showcase', () => {
  it('publishes one page whatever its size: the live layout has no pages', () => {
    expect(addresses([live], ['en']).filter((a) => a.startsWith('/showcase/'))).toEqual([
      '/showcase/4',
    ]);
  });
});

describe('given no showcase a stranger may open', () => {
  it('publishes only the site pages and names no showcase', () => {
    const plan = publishPlan([], { siteOrigin: SITE });
    expect([...plan.pages, ...plan.files].some((e) => e.address.includes('/showcase/'))).toBe(
      false,
    );
  });
});

describe('in every locale', () => {
  const all = addresses([grid]);

  it('publishes each page under each of the eight prefixes, English unprefixed', () => {
    const perLocale = all.length / LOCALES.length;
    expect(
      all.filter((a) => !/^\/(?:es|de-DE|fr-FR|ja-JP|ko-KR|pt-BR|zh-CN)(?:\/|$)/.test(a)),
    ).toHaveLength(perLocale);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      expect(all).toContain(`/${locale}`);
      expect(all).toContain(`/${locale}/showcase/1/page/2`);
      expect(all).toContain(`/${locale}/showcase/1/video/7/embed`);
    }
  });

  it('asks the app for the localized address', () => {
    const plan = publishPlan([grid], { siteOrigin: SITE, locales: ['ja-JP'] });
    expect(plan.pages).toContainEqual({
      address: '/ja-JP/showcase/1/page/2',
      source: '/ja-JP/showcase/1?page=2',
    });
  });

  it('writes every page as a folder with index.html, and a file as itself', () => {
    expect(staticFilePath('/')).toBe('index.html');
    expect(staticFilePath('/de-DE')).toBe('de-DE/index.html');
    expect(staticFilePath('/zh-CN/showcase/1/page/2')).toBe('zh-CN/showcase/1/page/2/index.html');
    expect(staticFilePath('/sitemap.xml')).toBe('sitemap.xml');
    expect(staticFilePath('/showcase/1/video/7/oembed.json')).toBe(
      'showcase/1/video/7/oembed.json',
    );
  });
});

describe('the part of the publication a change renders again', () => {
  const other: PublishedShowcase = { id: 2, layout: 'grid', totalVideos: 3, videoIds: [8, 9] };
  const part = (scope: RepublishScope) =>
    republishPlan([grid, other], scope, { siteOrigin: SITE, locales: ['en', 'de-DE'] });
  const all = (plan: ReturnType<typeof part>) =>
    [...plan.pages, ...plan.files].map((entry) => entry.address);

  it('is a changed video’s pages, its showcase’s lists and the listings, in each locale', () => {
    const scope = { listings: true, showcases: new Map([[1, new Set([7])]]) };
    expect(all(part(scope)).sort()).toEqual(
      [
        '/',
        '/site_map',
        '/showcase/1',
        '/showcase/1/page/2',
        '/showcase/1/page/3',
        '/showcase/1/video/7',
        '/showcase/1/video/7/embed',
        '/de-DE',
        '/de-DE/site_map',
        '/de-DE/showcase/1',
        '/de-DE/showcase/1/page/2',
        '/de-DE/showcase/1/page/3',
        '/de-DE/showcase/1/video/7',
        '/de-DE/showcase/1/video/7/embed',
        '/sitemap.xml',
        '/robots.txt',
        '/showcase/1/feed.rss',
        '/showcase/1/feed.atom',
        '/showcase/1/feed.json',
        '/showcase/1/oembed.json',
        '/showcase/1/oembed.xml',
        '/showcase/1/video/7/oembed.json',
        '/showcase/1/video/7/oembed.xml',
      ].sort(),
    );
  });

  it('is every page and file of a showcase changed as a whole, as the whole plan has them', () => {
    const whole = publishPlan([other], { siteOrigin: SITE, locales: ['en', 'de-DE'] });
    const changed = part({ listings: false, showcases: new Map([[2, 'all']]) });
    const sorted = (entries: { address: string; source: string }[]) =>
      [...entries].sort((a, b) => (a.address < b.address ? -1 : 1));
    expect(sorted(changed.pages)).toEqual(
      sorted(whole.pages.filter((p) => p.address.includes('/showcase/'))),
    );
    // Its files, and the sitemap and robots.txt that go with any change.
    expect(sorted(changed.files)).toEqual(sorted(whole.files));
  });

  it('renders the changed videos’ own pages first, and the sitemap with any change', () => {
    const changed = part({ listings: false, showcases: new Map([[1, new Set([7])]]) });
    expect(changed.pages.slice(0, 4).map((p) => p.address)).toEqual([
      '/showcase/1/video/7',
      '/showcase/1/video/7/embed',
      '/de-DE/showcase/1/video/7',
      '/de-DE/showcase/1/video/7/embed',
    ]);
    expect(all(changed)).toContain('/sitemap.xml');
    expect(all(changed)).not.toContain('/');
  });

  it('names no site page (terms, help…), whose text no write changes', () => {
    const addresses = all(part({ listings: true, showcases: new Map([[1, 'all']]) }));
    for (const page of ['/terms', '/privacy', '/help', '/about'])
      expect(addresses).not.toContain(page);
  });

  it('is nothing of a showcase or video that is not published', () => {
    const scope = {
      listings: false,
      showcases: new Map<number, 'all' | Set<number>>([
        [1, new Set([99])],
        [5, 'all'],
      ]),
    };
    expect(all(part(scope)).some((a) => a.includes('/video/') || a.includes('/showcase/5'))).toBe(
      false,
    );
  });
});
