import { describe, expect, it } from 'vitest';
import { downloadAccess, hasPaidCapability } from './downloadAccess.ts';

const open = {
  albumAllowsDownloads: true,
  videoAllowsDownloads: true,
  ownerPlan: 'pro',
  viewerIsOwnerOrAdmin: false,
};

describe('downloadAccess', () => {
  it('lets everybody download when album and video allow it', () => {
    expect(downloadAccess(open)).toBe('everyone');
  });

  it.each([
    ['the album', { albumAllowsDownloads: false }],
    ['the video', { videoAllowsDownloads: false }],
  ])('hides downloads from viewers when %s does not allow them', (_, change) => {
    expect(downloadAccess({ ...open, ...change })).toBe('none');
  });

  it('leaves the creator a download, marked as theirs only, when downloads are off', () => {
    expect(
      downloadAccess({ ...open, videoAllowsDownloads: false, viewerIsOwnerOrAdmin: true }),
    ).toBe('creator-only');
  });

  it('offers no download on an account without the paid capability, not even to its owner', () => {
    expect(downloadAccess({ ...open, ownerPlan: 'basic' })).toBe('none');
    expect(downloadAccess({ ...open, ownerPlan: 'free', viewerIsOwnerOrAdmin: true })).toBe('none');
  });
});

describe('hasPaidCapability', () => {
  it('is true for paid plans only', () => {
    expect(['pro', 'plus', 'business', 'enterprise'].every(hasPaidCapability)).toBe(true);
    expect(hasPaidCapability('basic')).toBe(false);
    expect(hasPaidCapability('free')).toBe(false);
  });
});
