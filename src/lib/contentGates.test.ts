import { describe, expect, it } from 'vitest';
import { CONTENT_RATINGS } from './domain.ts';
import { ageGateApplies, contentLock, lockActionPath, type AgeGateFacts } from './contentGates.ts';

describe('contentLock', () => {
  const everything = CONTENT_RATINGS;

  describe('given a signed-in viewer', () => {
    it('locks nothing under the everything preset', () => {
      for (const rating of CONTENT_RATINGS)
        expect(contentLock({ rating, allowed: everything, signedIn: true })).toBeNull();
    });
    it('locks what the safest preset leaves out, by the filter', () => {
      expect(contentLock({ rating: 'safe', allowed: ['safe'], signedIn: true })).toBeNull();
      expect(contentLock({ rating: 'unrated', allowed: ['safe'], signedIn: true })).toBe(
        'content_filter',
      );
      expect(contentLock({ rating: 'explicit', allowed: ['safe'], signedIn: true })).toBe(
        'content_filter',
      );
    });
    it('follows a custom choice rating by rating', () => {
      expect(
        contentLock({ rating: 'explicit', allowed: ['safe', 'explicit'], signedIn: true }),
      ).toBeNull();
      expect(
        contentLock({ rating: 'unrated', allowed: ['safe', 'explicit'], signedIn: true }),
      ).toBe('content_filter');
    });
  });

  describe('given a signed-out viewer', () => {
    it('asks them to log in to watch mature and unrated videos', () => {
      expect(contentLock({ rating: 'explicit', allowed: everything, signedIn: false })).toBe(
        'log_in',
      );
      expect(contentLock({ rating: 'unrated', allowed: everything, signedIn: false })).toBe(
        'log_in',
      );
      expect(contentLock({ rating: 'safe', allowed: everything, signedIn: false })).toBeNull();
    });
    it('names their own filter first when it leaves the video out as well', () => {
      expect(contentLock({ rating: 'explicit', allowed: ['safe'], signedIn: false })).toBe(
        'content_filter',
      );
    });
  });
});

describe('ageGateApplies', () => {
  const gated: AgeGateFacts = {
    albumPublic: true,
    signedIn: false,
    ofcomQualifies: true,
    offsite: false,
    hasRestrictedVideos: true,
    passed: false,
  };

  it('gates a public showcase with mature or unrated videos for a signed-out viewer in the regulated region', () => {
    expect(ageGateApplies(gated)).toBe(true);
  });

  it.each([
    ['the showcase is not public', { albumPublic: false }],
    ['the viewer is signed in', { signedIn: true }],
    ['the regulatory flag is not set', { ofcomQualifies: false }],
    ['the showcase is shown offsite', { offsite: true }],
    ['every video is rated safe', { hasRestrictedVideos: false }],
    ['the viewer confirmed their age this session', { passed: true }],
  ] as const)('does not gate when %s', (_, change) => {
    expect(ageGateApplies({ ...gated, ...change })).toBe(false);
  });
});

describe('lockActionPath', () => {
  it('sends a filtered video to the filter page, which comes back to the list', () => {
    expect(
      lockActionPath('content_filter', {
        videoPath: '/showcase/1/video/6',
        returnTo: '/es/showcase/1?page=2',
      }),
    ).toBe('/settings?return_to=%2Fes%2Fshowcase%2F1%3Fpage%3D2');
  });
  it('sends a video behind the log-in gate to log in, which comes back to the video', () => {
    expect(
      lockActionPath('log_in', { videoPath: '/es/showcase/1/video/6', returnTo: '/es/showcase/1' }),
    ).toBe('/log_in?redirect=%2Fes%2Fshowcase%2F1%2Fvideo%2F6');
  });
});
