/**
 * The smallest brotli window that holds a whole body of `length` bytes, as log2 of its size:
 * a window of 2^n bytes holds 2^n − 16 of them (RFC 7932 §9.1), and brotli takes 10 to 24.
 * A body compressed in one call gains nothing from a larger one; the default, 22, allocates
 * 4 MB for a 70 KB page.
 */
export function brotliWindowBits(length: number): number {
  return Math.min(24, Math.max(10, Math.ceil(Math.log2(length + 16))));
}

/**
 * The window for a body whose length is unknown when it starts (a stream: the site's scripts,
 * the API's JSON): 256 KB. The largest script, hls.js at 362 KB, compresses 0.1 % larger in it
 * than in the default 4 MB, which each response would allocate.
 */
export const STREAM_WINDOW_BITS = 18;
