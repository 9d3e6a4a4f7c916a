import { describe, expect, it } from 'vitest';
import {
  isLiveIngestError,
  lastIngestErrorKey,
  LIVE_INGEST_ERRORS,
  liveIngestErrorKey,
} from './liveIngestError.ts';

describe('isLiveIngestError', () => {
  it.each(LIVE_INGEST_ERRORS)('knows %s', (code) => {
    expect(isLiveIngestError(code)).toBe(true);
  });

  it.each([null, undefined, '', 'NO_VIDEO', 'timeout', 3])('refuses %j', (value) => {
    expect(isLiveIngestError(value)).toBe(false);
  });
});

describe('liveIngestErrorKey', () => {
  it('explains every code with a message of its own', () => {
    const keys = LIVE_INGEST_ERRORS.map(liveIngestErrorKey);
    expect(new Set(keys).size).toBe(LIVE_INGEST_ERRORS.length);
    expect(liveIngestErrorKey('too_demanding')).toBe('golive.errorTooDemanding');
  });
});

describe('lastIngestErrorKey', () => {
  it('says nothing when the last push ended well', () => {
    expect(lastIngestErrorKey(null)).toBeNull();
    expect(lastIngestErrorKey('')).toBeNull();
  });

  it("explains a stored code with that code's message", () => {
    expect(lastIngestErrorKey('already_live')).toBe('golive.errorAlreadyLive');
  });

  it('falls back to a general message for a code it does not know', () => {
    expect(lastIngestErrorKey('disk_full')).toBe('golive.errorOther');
  });
});
