import { describe, expect, it } from 'vitest';
import { isVideoFileType, VIDEO_ACCEPT } from './uploadFile.ts';

describe('isVideoFileType', () => {
  it('takes any video type and refuses every other type, whatever the name', () => {
    expect(isVideoFileType('video/mp4', 'clip.mp4')).toBe(true);
    expect(isVideoFileType('video/x-matroska', 'clip')).toBe(true);
    expect(isVideoFileType('application/pdf', 'clip.mp4')).toBe(false);
    expect(isVideoFileType('image/png', 'poster.png')).toBe(false);
  });

  it('goes by the name when no type is given, and leaves a file with neither to the probe', () => {
    expect(isVideoFileType('', 'Holiday.MKV')).toBe(true);
    expect(isVideoFileType(undefined, 'notes.txt')).toBe(false);
    expect(isVideoFileType(null, 'no-extension')).toBe(true);
    expect(isVideoFileType(undefined, undefined)).toBe(true);
  });

  it('lists video types and extensions for the picker', () => {
    expect(VIDEO_ACCEPT.split(',')).toEqual(expect.arrayContaining(['video/*', '.mp4', '.mkv']));
  });
});
