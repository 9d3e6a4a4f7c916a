import { describe, expect, it } from 'vitest';
import {
  isPlayableVersion,
  newestVersionOf,
  parseLinkVersion,
  shownVersion,
  versionChoices,
} from './reviewVersions.ts';

describe('given a video at version 3', () => {
  it('a link following the latest may show version 3, a pinned one its own version', () => {
    expect(newestVersionOf(null, 3)).toBe(3);
    expect(newestVersionOf(2, 3)).toBe(2);
    // A link can never show a version the video has not reached.
    expect(newestVersionOf(5, 3)).toBe(3);
  });

  it('shows the newest version the link may, or an earlier one asked for', () => {
    expect(shownVersion(null, 3)).toBe(3);
    expect(shownVersion('1', 3)).toBe(1);
    expect(shownVersion('3', 3)).toBe(3);
  });

  it('ignores a version the link may not show or that is no number', () => {
    expect(shownVersion('4', 3)).toBe(3);
    expect(shownVersion('3', 2)).toBe(2);
    expect(shownVersion('0', 3)).toBe(3);
    expect(shownVersion('-1', 3)).toBe(3);
    expect(shownVersion('1.5', 3)).toBe(3);
    expect(shownVersion('', 3)).toBe(3);
    expect(shownVersion('2abc', 3)).toBe(3);
  });

  it('plays only version 3: the earlier cuts’ files went with their replacement', () => {
    expect(isPlayableVersion(3, 3)).toBe(true);
    expect(isPlayableVersion(2, 3)).toBe(false);
  });

  it('lists every version newest first, with the notes counted on each', () => {
    expect(versionChoices(3, [{ version: 1, notes: 4, unresolved: 1 }])).toEqual([
      { version: 3, notes: 0, unresolved: 0 },
      { version: 2, notes: 0, unresolved: 0 },
      { version: 1, notes: 4, unresolved: 1 },
    ]);
    expect(versionChoices(1, [])).toEqual([{ version: 1, notes: 0, unresolved: 0 }]);
  });

  it('makes a link for the latest version or for one version it has', () => {
    expect(parseLinkVersion('latest', 3)).toBeNull();
    expect(parseLinkVersion('', 3)).toBeNull();
    expect(parseLinkVersion('2', 3)).toBe(2);
    expect(parseLinkVersion('4', 3)).toBeUndefined();
    expect(parseLinkVersion('0', 3)).toBeUndefined();
    expect(parseLinkVersion('two', 3)).toBeUndefined();
  });
});
