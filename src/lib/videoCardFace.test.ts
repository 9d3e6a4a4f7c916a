import { describe, expect, it } from 'vitest';
import { fragmentKey } from './fragmentCache.ts';
import {
  listedCardInputs,
  videoCardFace,
  type ListedVideoCard,
  type PlacedVideoCard,
} from './videoCardFace.ts';

const video = {
  name: 'Harbour at dawn',
  duration: 245,
  pictures: { sizes: [{ link: '/thumbnails/7-abc-640.jpg', width: 640, height: 360 }] },
  user: { name: 'Studio Nord' },
};
const place: PlacedVideoCard = {
  video,
  href: '/showcase/1/video/7',
  abilities: { linkTitles: true, newTab: false },
  badge: null,
  index: 3,
  belowHero: false,
};

describe('videoCardFace', () => {
  it('holds what the card shows', () => {
    expect(videoCardFace(place)).toEqual({
      title: 'Harbour at dawn',
      href: '/showcase/1/video/7',
      newTab: false,
      pictures: video.pictures.sizes,
      image: {
        loading: 'lazy',
        fetchpriority: undefined,
        decoding: 'async',
        sizes: expect.any(String),
      },
      badge: null,
      duration: 245,
      owner: 'Studio Nord',
    });
  });

  it('has no link when titles are not links', () => {
    expect(
      videoCardFace({ ...place, abilities: { linkTitles: false, newTab: false } }).href,
    ).toBeNull();
  });

  it('differs, and so is kept apart, for the first card of a page, which loads at once', () => {
    const first = videoCardFace({ ...place, index: 0 });
    expect(first.image).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    expect(fragmentKey('video-card', 'en', first)).not.toBe(
      fragmentKey('video-card', 'en', videoCardFace(place)),
    );
  });

  it('changes with the video, so a renamed video is never shown by its old card', () => {
    const renamed = videoCardFace({ ...place, video: { ...video, name: 'Harbour at dusk' } });
    expect(fragmentKey('video-card', 'en', renamed)).not.toBe(
      fragmentKey('video-card', 'en', videoCardFace(place)),
    );
  });
});

describe('listedCardInputs', () => {
  const card: ListedVideoCard = {
    video: { ...video, content_lock: null, content_rating_class: 'safe' },
    href: '/showcase/1/video/7',
    abilities: { linkTitles: true, newTab: false },
    returnTo: '/showcase/1',
    index: 3,
  };
  const locked: ListedVideoCard = {
    ...card,
    video: { ...card.video, content_lock: 'log_in', content_rating_class: 'mature' },
  };
  const keyOf = (cards: ListedVideoCard[]) =>
    fragmentKey('video-card-list', 'en', cards.map(listedCardInputs));

  it('is the face of a card the viewer may watch', () => {
    expect(listedCardInputs(card)).toEqual(
      videoCardFace({
        video,
        href: card.href,
        abilities: { linkTitles: true, newTab: false },
        badge: null,
        index: 3,
        belowHero: false,
      }),
    );
  });

  it('holds what a locked card shows and links to, so another page of the list or a new rating is another list', () => {
    expect(listedCardInputs(locked)).toEqual({
      lock: 'log_in',
      name: 'Harbour at dawn',
      rating: 'mature',
      href: card.href,
      returnTo: '/showcase/1',
      newTab: false,
    });
    expect(keyOf([card, locked])).not.toBe(
      keyOf([card, { ...locked, returnTo: '/showcase/1?page=2' }]),
    );
    expect(keyOf([card, locked])).not.toBe(
      keyOf([card, { ...locked, video: { ...locked.video, content_rating_class: 'unrated' } }]),
    );
    expect(keyOf([card, locked])).not.toBe(
      keyOf([card, { ...locked, video: { ...locked.video, content_lock: 'content_filter' } }]),
    );
  });
});
