import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robotsTxt.ts';

describe('robots.txt', () => {
  const text = robotsTxt('https://videos.example', ['en', 'de-DE']);
  const disallowed = text
    .split('\n')
    .filter((line) => line.startsWith('Disallow: '))
    .map((line) => line.slice('Disallow: '.length));

  it('speaks to every crawler and points at the sitemap on the site origin', () => {
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    expect(text).toContain('\nSitemap: https://videos.example/sitemap.xml\n');
  });

  it('keeps crawlers out of the studio, accounts, sign-in, the API and search results', () => {
    for (const path of [
      '/manage/',
      '/upload',
      '/settings',
      '/log_in',
      '/sign_up',
      '/password_reset',
      '/auth',
      '/api/',
      '/search',
      '/showcase/*/search',
      '/stock/search',
    ]) {
      expect(disallowed).toContain(path);
    }
  });

  it('keeps them out of the frames made to be embedded: the embed-only layout and every player', () => {
    expect(disallowed).toContain('/showcase/*/embed');
  });

  it('repeats every rule under each locale prefix', () => {
    expect(disallowed).toContain('/de-DE/manage/');
    expect(disallowed).toContain('/de-DE/showcase/*/embed');
    expect(disallowed.filter((path) => path.startsWith('/de-DE/'))).toHaveLength(
      disallowed.length / 2,
    );
  });

  it('leaves the public pages, their feeds and their thumbnails open', () => {
    const blocks = (path: string) =>
      disallowed.some((rule) =>
        new RegExp(`^${rule.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}`).test(
          path,
        ),
      );
    for (const path of [
      '/',
      '/showcase/3',
      '/showcase/3/video/7',
      '/de-DE/showcase/3',
      '/showcase/3/feed.rss',
      '/thumbnails/7-abcdefghijklmnop-1280.jpg',
      '/stock',
      '/terms',
    ]) {
      expect(blocks(path), path).toBe(false);
    }
    for (const path of [
      '/showcase/3/video/7/embed',
      '/showcase/3/embed2',
      '/showcase/3/authorize',
      '/de-DE/settings/password',
    ]) {
      expect(blocks(path), path).toBe(true);
    }
  });
});
