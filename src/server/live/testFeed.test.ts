import { describe, expect, it } from 'vitest';
import { CLOCK_BITS, readClockBits, testFeedArgs } from './testFeed.ts';

describe('the live test picture', () => {
  it('draws one box per bit of the second, and the time as text when asked', () => {
    const args = testFeedArgs({
      url: 'rtmp://127.0.0.1:1935/live/key',
      width: 640,
      height: 360,
      fps: 25,
      clockText: true,
    });
    const filters = args[args.indexOf('-vf') + 1]!;
    expect(filters.match(/time\(0\)/g)).toHaveLength(CLOCK_BITS);
    expect(filters).toContain('drawtext');
    expect(args.at(-1)).toBe('rtmp://127.0.0.1:1935/live/key');
    expect(
      testFeedArgs({
        url: 'x',
        width: 320,
        height: 180,
        fps: 15,
        clockText: false,
        audio: false,
      }).join(' '),
    ).not.toMatch(/drawtext|sine/);
  });

  it('reads the second back from the boxes', () => {
    expect(readClockBits([255, 0, 255, 0, 0, 0])).toBe(5);
    expect(readClockBits([250, 240, 230, 220, 210, 200])).toBe(63);
    expect(readClockBits([20, 30, 0, 0, 0, 0])).toBe(0);
  });
});
