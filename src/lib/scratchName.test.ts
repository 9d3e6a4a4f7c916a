import { describe, expect, it } from 'vitest';
import { scratchName, scratchOwnerOf } from './scratchName.ts';

describe('scratch folder names', () => {
  it('name the process that made them', () => {
    const name = scratchName({ pid: 812, startTicks: '5531' }, 'transcode-7', 'a1b2');
    expect(name).toBe('812.5531-transcode-7-a1b2');
    expect(scratchOwnerOf(name)).toEqual({ pid: 812, startTicks: '5531' });
  });

  it('keep working where start times are unknown', () => {
    expect(scratchOwnerOf(scratchName({ pid: 9, startTicks: null }, 'transcode-1', 'ff'))).toEqual({
      pid: 9,
      startTicks: null,
    });
  });

  it('own nothing when made by another scheme, so they are removed', () => {
    expect(scratchOwnerOf('transcode-12-deadbeef')).toBeNull();
  });
});
