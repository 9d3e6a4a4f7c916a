/**
 * A whole page compressed in one call on libuv's pool, by the step that sends pages as they
 * render (wholeHtml.ts, `quick`) and by the page cache, which keeps its copies (`best`).
 * Brotli's window is sized to the page (src/lib/brotliWindow.ts): each call allocates its
 * window, which V8 counts against its heap, and the default 4 MB made V8 collect its old
 * generation every few dozen pages. Sized, the uncached grid page renders ~15 % more often a
 * second for ~15 % less CPU (2.8 ms instead of 3.3 at 50 connections).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { brotliWindowBits } from '../../lib/brotliWindow.ts';
import type { StoredEncoding } from '../../lib/pageCache.ts';

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/**
 * `quick`: brotli 3 and gzip's default, a fraction of the maximum's cost; `best`: the maximum,
 * spent once on a page kept. Brotli 4 changes its match finder and costs nearly three times
 * brotli 3 for 5 % fewer bytes (the 73 KB grid page: 1.1 ms for 15,551 B against 0.4 ms for
 * 16,278 B on one of two cores), and only a render sends them: the cache keeps brotli 11.
 */
export type CompressionEffort = 'quick' | 'best';

const BROTLI_QUALITY: Record<CompressionEffort, number> = { quick: 3, best: constants.BROTLI_MAX_QUALITY };
const GZIP_LEVEL: Record<CompressionEffort, number> = { quick: constants.Z_DEFAULT_COMPRESSION, best: constants.Z_BEST_COMPRESSION };

export function compressPage(body: Buffer, encoding: Exclude<StoredEncoding, 'identity'>, effort: CompressionEffort): Promise<Buffer> {
  if (encoding === 'gzip') return compressGzip(body, { level: GZIP_LEVEL[effort] });
  return compressBrotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[effort],
      [constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
