import { describe, expect, it } from 'vitest';
import { attachmentDisposition, parseRange } from './serveMedia.ts';

describe('parseRange for a 1000-byte object', () => {
  it('reads an open-ended range to the last byte', () => {
    expect(parseRange('bytes=100-', 1000)).toEqual({ start: 100, end: 999 });
  });
  it('reads a closed range and clamps its end to the object', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-5000', 1000)).toEqual({ start: 900, end: 999 });
  });
  it('reads a suffix range as the last bytes', () => {
    expect(parseRange('bytes=-200', 1000)).toEqual({ start: 800, end: 999 });
  });
  it('is unsatisfiable past the end or backwards', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=500-100', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
  it('ignores absent, malformed and multi-range headers (the whole object is sent)', () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
  });
});

describe('attachmentDisposition', () => {
  it('names the saved file, in ASCII and in UTF-8', () => {
    expect(attachmentDisposition('Launch-hd.mp4')).toBe(
      `attachment; filename="Launch-hd.mp4"; filename*=UTF-8''Launch-hd.mp4`,
    );
  });
  it('cannot be broken out of by quotes or line breaks', () => {
    expect(attachmentDisposition('a"b\r\nX: y.mp4')).toBe(
      `attachment; filename="a_b__X__y.mp4"; filename*=UTF-8''a%22b%0D%0AX%3A%20y.mp4`,
    );
  });
});
