import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './domain.ts';
import { publishPlan, staticFilePath, type PublishedShowcase } from './publishPlan.ts';

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
