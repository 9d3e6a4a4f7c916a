/**
 * A whole page compressed in one call, two ways. A page sent as it renders (wholeHtml.ts) is
 * compressed at once, on the thread that rendered it, at a low setting; a page kept by the page
 * cache, or a file by the build, is compressed at the maximum on libuv's pool, where the ~100
 * times longer work waits for no request.
 *
 * Why the render's compression is synchronous: handing a 70 KB page to the pool cost the
 * server more than compressing it. Each call wakes a pool thread, which on a two-core machine
 * takes its core from the main thread, and allocates the encoder anew there; measured on the
 * uncached grid at 50 connections, the server's CPU a page fell from 2.7–3.0 ms to 1.9–2.2 ms
 * and its requests a second rose by about a sixth with the same brotli setting done in place.
 *
 * Brotli's window is sized to the page (src/lib/brotliWindow.ts): the default 4 MB window,
 * allocated by every call, made V8 collect its old generation every few dozen pages.
 */
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  gzip,
  gzipSync,
  type BrotliOptions,
} from 'node:zlib';
import { brotliWindowBits } from '../../lib/brotliWindow.ts';
import type { StoredEncoding } from '../../lib/pageCache.ts';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

type Encoding = Exclude<StoredEncoding, 'identity'>;

/**
 * Brotli 2 and gzip 3 for a page sent once. On the 69 KB grid page, one core: brotli 2 takes
 * 0.26 ms for 16,045 B, brotli 3 0.36 ms for 15,825 B, brotli 4 0.69 ms for 15,077 B; gzip 3
 * 0.45 ms for 16,591 B against its default's 0.81 ms for 15,173 B. The page cache keeps the
 * maximum for every later request.
 */
const QUICK_BROTLI = 2;
const QUICK_GZIP = 3;

function brotliOptions(body: Buffer, quality: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

/** The page compressed now, cheaply: a render's answer. */
export function compressPageNow(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'gzip'
    ? gzipSync(body, { level: QUICK_GZIP })
    : brotliCompressSync(body, brotliOptions(body, QUICK_BROTLI));
}

/** The page compressed as small as each encoding goes, on the pool: a copy kept and sent many times. */
export function compressPageBest(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'gzip'
    ? compressGzip(body, { level: constants.Z_BEST_COMPRESSION })
    : compressBrotli(body, brotliOptions(body, constants.BROTLI_MAX_QUALITY));
}
