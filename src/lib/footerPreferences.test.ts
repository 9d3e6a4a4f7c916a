import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RATING_SELECTION,
  allowedRatings,
  parseRatingSelection,
  readRatingSelection,
  serializeRatingSelection,
} from './footerPreferences.ts';

describe('parseRatingSelection', () => {
  describe('given a single content_rating', () => {
    it('accepts the everything preset', () => {
      expect(parseRatingSelection('everything')).toEqual({ preset: 'everything' });
    });
    it('accepts the safest preset and ignores stray checkboxes', () => {
      expect(parseRatingSelection('safest', ['explicit'])).toEqual({ preset: 'safest' });
    });
    it('reads one rating as a custom choice of that rating', () => {
      expect(parseRatingSelection('unrated')).toEqual({ preset: 'custom', ratings: ['unrated'] });
    });
    it('refuses an unknown value', () => {
      expect(parseRatingSelection('adult')).toBeNull();
    });
  });

  describe('given custom content_ratings[]', () => {
    it('keeps the ratings in canonical order without duplicates', () => {
      expect(parseRatingSelection('custom', ['explicit', 'safe', 'safe'])).toEqual({
        preset: 'custom',
        ratings: ['safe', 'explicit'],
      });
    });
    it('accepts them without a content_rating (island callers)', () => {
      expect(parseRatingSelection(null, ['unrated'])).toEqual({
        preset: 'custom',
        ratings: ['unrated'],
      });
    });
    it('refuses a custom choice with no rating', () => {
      expect(parseRatingSelection('custom', [])).toBeNull();
    });
    it('refuses an unknown rating', () => {
      expect(parseRatingSelection('custom', ['safe', 'gore'])).toBeNull();
    });
    it('refuses a single rating sent together with checkboxes', () => {
      expect(parseRatingSelection('safe', ['explicit'])).toBeNull();
    });
  });
});

describe('the content_rating cookie', () => {
  it.each([
    { preset: 'everything' as const },
    { preset: 'safest' as const },
    { preset: 'custom' as const, ratings: ['safe' as const, 'unrated' as const] },
  ])('round-trips %o', (selection) => {
    expect(readRatingSelection(serializeRatingSelection(selection))).toEqual(selection);
  });
  it('serializes custom ratings with cookie-safe characters', () => {
    expect(serializeRatingSelection({ preset: 'custom', ratings: ['safe', 'explicit'] })).toBe(
      'custom:safe.explicit',
    );
  });
  it.each([undefined, '', 'custom:', 'custom:gore', 'nonsense'])(
    'reads %o as the default',
    (value) => {
      expect(readRatingSelection(value)).toEqual(DEFAULT_RATING_SELECTION);
    },
  );
});

describe('allowedRatings', () => {
  it('lets everything through for everything', () => {
    expect(allowedRatings({ preset: 'everything' })).toEqual(['safe', 'unrated', 'explicit']);
  });
  it('lets only safe through for safest', () => {
    expect(allowedRatings({ preset: 'safest' })).toEqual(['safe']);
  });
  it('lets the chosen ratings through for custom', () => {
    expect(allowedRatings({ preset: 'custom', ratings: ['unrated'] })).toEqual(['unrated']);
  });
});
