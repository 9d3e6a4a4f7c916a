import { describe, expect, it } from 'vitest';
import { brotliWindowBits } from './brotliWindow.ts';

describe('brotliWindowBits', () => {
  it('is the smallest window that holds the whole body, 16 bytes of it being reserved', () => {
    expect(brotliWindowBits(2 ** 16 - 16)).toBe(16);
    expect(brotliWindowBits(2 ** 16 - 15)).toBe(17);
    expect(brotliWindowBits(73_392)).toBe(17);
  });

  it('stays within the windows brotli knows', () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(100)).toBe(10);
    expect(brotliWindowBits(2 ** 30)).toBe(24);
  });
});
