import { describe, expect, it } from 'vitest';
import { toPlayerItem, type ItemContext, type VideoLike } from './playerItem.ts';

const video: VideoLike = {
  uri: '/videos/42',
  name: 'Harbour at dawn',
  duration: 75,
  pictures: { sizes: [{ link: '/media/b.jpg', width: 960, height: 525 }, { link: '/media/a.jpg', width: 640, height: 350 }] },
  user: { name: 'Olivia' },
};
const context: ItemContext = { albumId: 2, localePrefix: '', continuousPlay: true, carried: {}, templates: { durationLabel: 'Duration {duration}', byOwner: 'by {name}' } };

describe('toPlayerItem', () => {
  it('links the video view', () => {
    expect(toPlayerItem(video, context)?.href).toBe('/showcase/2/video/42');
  });
  it('frames the video autoplaying, with autopause=0 under continuous play', () => {
    expect(toPlayerItem(video, context)?.frameSrc).toBe('/showcase/2/video/42/embed?autoplay=1&autopause=0');
  });
  it('prefixes both addresses with the locale', () => {
    const item = toPlayerItem(video, { ...context, localePrefix: '/ja-JP' });
    expect([item?.href, item?.frameSrc.split('?')[0]]).toEqual(['/showcase/2/video/42', '/showcase/2/video/42/embed'].map((p) => `/ja-JP${p}`));
  });
  it('carries the share hash to both addresses, and the rest of the carried query to the video view', () => {
    const item = toPlayerItem(video, { ...context, carried: { sh: 'xyz', referrer: 'https://p.test/' } });
    expect([item?.href, item?.frameSrc]).toEqual(['/showcase/2/video/42?sh=xyz&referrer=https%3A%2F%2Fp.test%2F', '/showcase/2/video/42/embed?autoplay=1&autopause=0&sh=xyz']);
  });
  it('labels the duration', () => {
    expect(toPlayerItem(video, context)?.durationLabel).toBe('Duration 01:15');
  });
  it('uses the smallest picture as the thumbnail’s src', () => {
    expect(toPlayerItem(video, context)?.thumbnail?.src).toBe('/media/a.jpg');
  });
  it('skips a video without a uri', () => {
    expect(toPlayerItem({ ...video, uri: '' }, context)).toBeNull();
  });
});
