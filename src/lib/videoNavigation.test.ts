import { describe, expect, it } from 'vitest';
import {
  afterPlayerEnded,
  albumAddress,
  effectivePageParam,
  listUrlToReplace,
  nextIndex,
  parseVideoId,
  playerNext,
  playerPrevious,
  previousIndex,
  videoIdOf,
  videoQueryRedirect,
  videoViewNeighbours,
  videoViewPath,
} from './videoNavigation.ts';

describe('the player showcase', () => {
  describe('given five videos', () => {
    it('goes from the first to the second on next', () => {
      expect(nextIndex(0, 5)).toBe(1);
    });
    it('wraps next from the last to the first', () => {
      expect(nextIndex(4, 5)).toBe(0);
    });
    it('goes from the third to the second on previous', () => {
      expect(previousIndex(2, 5)).toBe(1);
    });
    it('wraps previous from the first to the last', () => {
      expect(previousIndex(0, 5)).toBe(4);
    });
  });

  describe('given one video', () => {
    it('stays on it on next', () => {
      expect(nextIndex(0, 1)).toBe(0);
    });
    it('stays on it on previous', () => {
      expect(previousIndex(0, 1)).toBe(0);
    });
  });

  it('has no next in an empty list', () => {
    expect(nextIndex(0, 0)).toBe(-1);
  });
  it('has no previous in an empty list', () => {
    expect(previousIndex(0, 0)).toBe(-1);
  });

  describe('next with more pages to load', () => {
    it('plays the following loaded video', () => {
      expect(playerNext(3, 12, true)).toEqual({ kind: 'play', index: 4 });
    });
    it('loads more past the last loaded video', () => {
      expect(playerNext(11, 12, true)).toEqual({ kind: 'loadMore' });
    });
    it('wraps to the first once everything is loaded', () => {
      expect(playerNext(11, 12, false)).toEqual({ kind: 'play', index: 0 });
    });
  });

  describe('previous with more pages to load', () => {
    it('plays the loaded video before', () => {
      expect(playerPrevious(4, 12, true)).toEqual({ kind: 'play', index: 3 });
    });
    it('loads the rest of the showcase before the first video, to play its last', () => {
      expect(playerPrevious(0, 12, true)).toEqual({ kind: 'loadRest' });
    });
    it('wraps to the last once everything is loaded', () => {
      expect(playerPrevious(0, 16, false)).toEqual({ kind: 'play', index: 15 });
    });
  });

  describe('next and previous are symmetric across the wrap', () => {
    it('comes back to the first video after previous then next', () => {
      // 16 videos, 12 loaded: previous loads the rest, then plays the 16th.
      expect(playerPrevious(0, 12, true)).toEqual({ kind: 'loadRest' });
      expect(playerNext(15, 16, false)).toEqual({ kind: 'play', index: 0 });
    });
    it('comes back to the last video after next then previous', () => {
      expect(playerNext(15, 16, false)).toEqual({ kind: 'play', index: 0 });
      expect(playerPrevious(0, 16, false)).toEqual({ kind: 'play', index: 15 });
    });
  });

  describe('when the player reports PLAYER_ENDED', () => {
    it('advances to the next video under continuous play', () => {
      expect(afterPlayerEnded(2, 8, false, true)).toEqual({ kind: 'play', index: 3 });
    });
    it('wraps from the last video to the first under continuous play', () => {
      expect(afterPlayerEnded(7, 8, false, true)).toEqual({ kind: 'play', index: 0 });
    });
    it('loads the next page after the last loaded video under continuous play', () => {
      expect(afterPlayerEnded(11, 12, true, true)).toEqual({ kind: 'loadMore' });
    });
    it('stays on the ended video without continuous play', () => {
      expect(afterPlayerEnded(2, 8, false, false)).toBeNull();
    });
  });
});

describe('the video view', () => {
  const page1 = [11, 12, 13, 14];
  const page2 = [21, 22, 23, 24];
  const featuredId = 11;

  describe('on page 1', () => {
    it('goes to the neighbours of a video in the middle', () => {
      expect(
        videoViewNeighbours({ page: 1, pageVideoIds: page1, videoId: 12, featuredId }),
      ).toEqual({ previous: 11, next: 13 });
    });
    it('wraps next from the last video to the first', () => {
      expect(
        videoViewNeighbours({ page: 1, pageVideoIds: page1, videoId: 14, featuredId }).next,
      ).toBe(11);
    });
    it('wraps previous from the first video to the last', () => {
      expect(
        videoViewNeighbours({ page: 1, pageVideoIds: page1, videoId: 11, featuredId }).previous,
      ).toBe(14);
    });
  });

  describe('on a later page', () => {
    it('goes to the neighbours of a video in the middle', () => {
      expect(
        videoViewNeighbours({ page: 2, pageVideoIds: page2, videoId: 22, featuredId }),
      ).toEqual({ previous: 21, next: 23 });
    });
    it('goes to the featured video past the last video', () => {
      expect(
        videoViewNeighbours({ page: 2, pageVideoIds: page2, videoId: 24, featuredId }).next,
      ).toBe(featuredId);
    });
    it('goes to the featured video before the first video', () => {
      expect(
        videoViewNeighbours({ page: 2, pageVideoIds: page2, videoId: 21, featuredId }).previous,
      ).toBe(featuredId);
    });
    it('goes to the featured video from both ends of a one-video page', () => {
      expect(videoViewNeighbours({ page: 3, pageVideoIds: [31], videoId: 31, featuredId })).toEqual(
        { previous: featuredId, next: featuredId },
      );
    });
  });

  it('shows no arrows for the only video of a showcase', () => {
    expect(
      videoViewNeighbours({ page: 1, pageVideoIds: [11], videoId: 11, featuredId: 11 }),
    ).toEqual({ previous: null, next: null });
  });

  it('offers the featured video for a video missing from its page', () => {
    expect(videoViewNeighbours({ page: 2, pageVideoIds: page2, videoId: 99, featuredId })).toEqual({
      previous: featuredId,
      next: featuredId,
    });
  });

  describe('Back', () => {
    it('goes to the album address of page 1 without a page', () => {
      expect(albumAddress('/showcase/7', 1, {})).toBe('/showcase/7');
    });
    it('goes to the list page the video stands on', () => {
      expect(albumAddress('/showcase/7', 3, {})).toBe('/showcase/7?page=3');
    });
    it('keeps the share hash, the referrer and is_embed', () => {
      expect(
        albumAddress('/showcase/7', 2, { sh: 'abc', referrer: 'https://p.test/', is_embed: '1' }),
      ).toBe('/showcase/7?sh=abc&referrer=https%3A%2F%2Fp.test%2F&is_embed=1&page=2');
    });
    it('goes to / on the album’s own domain', () => {
      expect(albumAddress('/', 1, {})).toBe('/');
    });
  });
});

describe('?video= on the showcase address', () => {
  it.each(['grid', 'player', 'featured', 'embed-only'] as const)(
    'goes to the video view in the %s layout',
    (layout) => {
      expect(videoQueryRedirect(layout, 7, '42')).toBe('/showcase/7/video/42');
    },
  );
  it('stays on the showcase in the live layout', () => {
    expect(videoQueryRedirect('live', 7, '42')).toBeNull();
  });
  it('stays on the showcase without a video', () => {
    expect(videoQueryRedirect('grid', 7, null)).toBeNull();
  });
  it.each(['', 'abc', '0', '-3', '4.5', '1e3', '99999999999'])(
    'ignores the video value %j',
    (raw) => {
      expect(videoQueryRedirect('grid', 7, raw)).toBeNull();
    },
  );
});

describe('?page= on the showcase address', () => {
  it('counts in the grid layout', () => {
    expect(effectivePageParam('grid', '3')).toBe('3');
  });
  it('is ignored in the live layout', () => {
    expect(effectivePageParam('live', '3')).toBeNull();
  });
});

describe('the list URL by history replace', () => {
  it('adds ?page={n} for page 2', () => {
    expect(listUrlToReplace('https://x.test/showcase/2', 2, 'player')).toBe('/showcase/2?page=2');
  });
  it('replaces an older page number', () => {
    expect(listUrlToReplace('/showcase/2?page=2', 3, 'player')).toBe('/showcase/2?page=3');
  });
  it('keeps the other query parameters and the hash', () => {
    expect(listUrlToReplace('/showcase/2?sh=abc#videos', 2, 'grid')).toBe(
      '/showcase/2?sh=abc&page=2#videos',
    );
  });
  it('leaves page 1 alone', () => {
    expect(listUrlToReplace('/showcase/2', 1, 'grid')).toBeNull();
  });
  it('leaves the address alone while a video query is present', () => {
    expect(listUrlToReplace('/showcase/2?video=5', 2, 'grid')).toBeNull();
  });
  it('leaves the address alone when it already carries the page', () => {
    expect(listUrlToReplace('/showcase/2?page=2', 2, 'grid')).toBeNull();
  });
  it('never adds a page in the live layout', () => {
    expect(listUrlToReplace('/showcase/4', 2, 'live')).toBeNull();
  });
});

describe('video ids', () => {
  it('reads the id at the end of a uri', () => {
    expect(videoIdOf('/videos/42')).toBe(42);
  });
  it.each(['', undefined, null])('has no id for the uri %j', (uri) => {
    expect(videoIdOf(uri)).toBeNull();
  });
  it('has no id for a uri of something else', () => {
    expect(videoIdOf('/users/42')).toBeNull();
  });
  it('parses a positive integer', () => {
    expect(parseVideoId('17')).toBe(17);
  });
  it('refuses a leading zero, so each video has one address', () => {
    expect(parseVideoId('017')).toBeNull();
  });
  it('builds the video view path', () => {
    expect(videoViewPath(3, 17)).toBe('/showcase/3/video/17');
  });
});
