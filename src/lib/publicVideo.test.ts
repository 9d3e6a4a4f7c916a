import { describe, expect, it } from 'vitest';
import { isPublicVideo } from './publicVideo.ts';

const ready = { privacyView: 'anybody', status: 'ready', contentRating: 'safe' };

describe('isPublicVideo', () => {
  it('is true for a ready, safe video anybody may watch', () => {
    expect(isPublicVideo(ready)).toBe(true);
  });

  it.each(['unlisted', 'password', 'nobody', 'stock'])('is false for privacy %s', (privacyView) => {
    expect(isPublicVideo({ ...ready, privacyView })).toBe(false);
  });

  it.each(['explicit', 'unrated'])(
    'is false for a %s video, which signed-out viewers must log in to watch',
    (contentRating) => {
      expect(isPublicVideo({ ...ready, contentRating })).toBe(false);
    },
  );

  it('is false while the video is processing or failed', () => {
    expect(isPublicVideo({ ...ready, status: 'processing' })).toBe(false);
    expect(isPublicVideo({ ...ready, status: 'error' })).toBe(false);
  });
});
