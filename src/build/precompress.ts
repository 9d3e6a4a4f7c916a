/**
 * After a build, every text file of the site's client folder is written compressed beside
 * itself (src/lib/precompressed.ts), at the highest settings: brotli 11 and gzip 9 cost a
 * build a few seconds once, where the file server would spend a compression on every request.
 * A compressed copy no smaller than its file is not kept.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  FILE_ENCODINGS,
  PRECOMPRESS_FROM_BYTES,
  precompressedName,
  textTypeOf,
} from '../lib/precompressed.ts';
import { compressPageBest } from '../server/http/compressPage.ts';

/** Writes the compressed copies of every text file under `root`; returns how many it wrote. */
export async function precompressFolder(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && textTypeOf(entry.name) !== null)
    .map((entry) => path.join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      const copies = FILE_ENCODINGS.map(async (encoding) => {
        const target = precompressedName(file, encoding);
        const compressed =
          bytes.length < PRECOMPRESS_FROM_BYTES ? null : await compressPageBest(bytes, encoding);
        // A copy left by an earlier build of a file since changed must not outlive it.
        if (compressed === null || compressed.length >= bytes.length)
          return rm(target, { force: true }).then(() => 0);
        return writeFile(target, compressed).then(() => 1);
      });
      return (await Promise.all(copies)).reduce<number>((a, b) => a + b, 0);
    }),
  );
  return written.reduce((a, b) => a + b, 0);
}
