import { describe, expect, it } from 'vitest';
import { routeLabel } from './routeLabel.ts';

describe('routeLabel', () => {
  it('replaces showcase and video ids so one route is one label', () => {
    expect(routeLabel('/showcase/12/video/345')).toBe('/showcase/:id/video/:id');
    expect(routeLabel('/showcase/7/video/8')).toBe('/showcase/:id/video/:id');
  });

  it('drops the query string, where share hashes and password proofs travel', () => {
    expect(routeLabel('/showcase/8?sh=d1r3ct0rs')).toBe('/showcase/:id');
    expect(routeLabel('/showcase/6/embed?hash=abc#top')).toBe('/showcase/:id/embed');
  });

  it('names a signed media address without its expiry, signature or key', () => {
    expect(routeLabel('/media/p/1767225600/Zm9vYmFyYmF6cXV4/videos/12/720p.mp4')).toBe(
      '/media/p/:exp/:sig/:key',
    );
    expect(routeLabel('/media/videos/12/poster.jpg?exp=1&sig=abc')).toBe('/media/:key');
  });

  it('labels a localized page like its English one', () => {
    expect(routeLabel('/ja-JP/showcase/3')).toBe('/showcase/:id');
    expect(routeLabel('/zh-CN')).toBe('/');
  });

  it('replaces long tokens and uuids but keeps words', () => {
    expect(routeLabel('/api/users/5/purchases/stocks/550e8400-e29b-41d4-a716-446655440000')).toBe(
      '/api/users/:id/purchases/stocks/:id',
    );
    expect(routeLabel('/reset/3f9a8b7c6d5e4f3a2b1c')).toBe('/reset/:token');
    expect(routeLabel('/settings/billing/membership_plan/optout')).toBe(
      '/settings/billing/membership_plan/optout',
    );
  });

  it('keeps the root and static files', () => {
    expect(routeLabel('/')).toBe('/');
    expect(routeLabel('/favicon.svg')).toBe('/favicon.svg');
    expect(routeLabel('/_astro/client.Bx7d9.js')).toBe('/_astro/:asset');
  });
});
