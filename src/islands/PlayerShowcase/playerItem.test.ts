import { describe, expect, it } from 'vitest';
import { toPlayerItem, type ItemContext, type VideoLike } from './playerItem.ts';

const video: VideoLike = {
  uri: '/videos/42',
  name: 'Harbour at dawn',
  duration: 75,
  pictures: {
    sizes: [
      { link: '/media/b.jpg', width: 960, height: 525 },
      { link: '/media/a.jpg', width: 640, height: 350 },
    ],
  },
  user: { name: 'Olivia' },
};
const templates = {
  durationLabel: 'Duration {duration}',
  byOwner: 'by {name}',
  lockedByFilter: 'Hidden by your content filter',
  changeFilter: 'Change content filter',
  logInToWatch: 'Log in to watch',
  ratingSafe: 'Safe',
  ratingMature: 'Explicit',
  ratingUnrated: 'Unrated',
};
const context: ItemContext = {
  albumId: 2,
  localePrefix: '',
  continuousPlay: true,
  carried: {},
  templates,
  returnTo: '/showcase/2',
};

describe('toPlayerItem', () => {
  it('links the video view', () => {
    expect(toPlayerItem(video, context)?.href).toBe('/showcase/2/video/42');
  });
  it('frames the video autoplaying, with autopause=0 under continuous play', () => {
    expect(toPlayerItem(video, context)?.frameSrc).toBe(
      '/showcase/2/video/42/embed?autoplay=1&autopause=0',
    );
  });
  it('prefixes both addresses with the locale', () => {
    const item = toPlayerItem(video, { ...context, localePrefix: '/ja-JP' });
    expect([item?.href, item?.frameSrc.split('?')[0]]).toEqual(
      ['/showcase/2/video/42', '/showcase/2/video/42/embed'].map((p) => `/ja-JP${p}`),
    );
  });
  it('carries the share hash to both addresses, and the rest of the carried query to the video view', () => {
    const item = toPlayerItem(video, {
      ...context,
      carried: { sh: 'xyz', referrer: 'https://p.test/' },
    });
    expect([item?.href, item?.frameSrc]).toEqual([
      '/showcase/2/video/42?sh=xyz&referrer=https%3A%2F%2Fp.test%2F',
      '/showcase/2/video/42/embed?autoplay=1&autopause=0&sh=xyz',
    ]);
  });
  it('labels the duration', () => {
    expect(toPlayerItem(video, context)).toMatchObject({
      duration: '01:15',
      durationWords: { before: 'Duration ', after: '' },
    });
  });
  it('uses the smallest picture as the thumbnail’s src', () => {
    expect(toPlayerItem(video, context)?.thumbnail?.src).toBe('/media/a.jpg');
  });
  it('is playable when nothing locks it', () => {
    expect(toPlayerItem(video, context)?.lock).toBeNull();
  });
  it('hides the title of a video the filter leaves out and leads to the filter', () => {
    const item = toPlayerItem(
      {
        ...video,
        pictures: { sizes: [] },
        content_rating_class: 'mature',
        content_lock: 'content_filter',
      },
      { ...context, localePrefix: '/es' },
    );
    expect(item?.name).toBe('Hidden by your content filter');
    expect(item?.lock).toEqual({
      kind: 'content_filter',
      href: '/es/settings?return_to=%2Fshowcase%2F2',
      action: 'Change content filter',
      rating: 'Explicit',
    });
  });
  it('names a video behind the log-in gate and leads to log in, back to the video', () => {
    const item = toPlayerItem(
      {
        ...video,
        pictures: { sizes: [] },
        content_rating_class: 'unrated',
        content_lock: 'log_in',
      },
      context,
    );
    expect(item?.name).toBe('Harbour at dawn');
    expect(item?.lock).toEqual({
      kind: 'log_in',
      href: '/log_in?redirect=%2Fshowcase%2F2%2Fvideo%2F42',
      action: 'Log in to watch',
      rating: 'Unrated',
    });
  });
  it('skips a video without a uri', () => {
    expect(toPlayerItem({ ...video, uri: '' }, context)).toBeNull();
  });
});
