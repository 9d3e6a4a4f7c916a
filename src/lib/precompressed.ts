/**
 * The built site's text files (scripts, styles, SVG) are compressed once, when the site is
 * built, at brotli's and gzip's highest settings, into files beside them (`app.js.br`,
 * `app.js.gz`; src/build/precompress.ts). The file server sends the one a client accepts
 * (src/server/http/clientFiles.ts): a script then costs no compression per request, and arrives
 * smaller than a compression quick enough to run per request makes it.
 */
import { acceptedEncodings, type StoredEncoding } from './pageCache.ts';

export type FileEncoding = Exclude<StoredEncoding, 'identity'>;

export const FILE_ENCODINGS: readonly FileEncoding[] = ['br', 'gzip'];

/** Below this a compressed file saves less than its headers cost (the compression step's threshold). */
export const PRECOMPRESS_FROM_BYTES = 512;

/** The text files worth compressing, by extension, with the type they are sent as (send's, for the same files). */
const TEXT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

const SUFFIXES: Readonly<Record<FileEncoding, string>> = { br: '.br', gzip: '.gz' };

const extensionOf = (file: string): string => /\.[a-z0-9]+$/i.exec(file)?.[0].toLowerCase() ?? '';

/** The type a text file is sent as, compressed or not; null for a file that is not compressed (pictures, fonts). */
export function textTypeOf(file: string): string | null {
  return TEXT_TYPES[extensionOf(file)] ?? null;
}

/** The name of `file` compressed in `encoding`. */
export function precompressedName(file: string, encoding: FileEncoding): string {
  return file + SUFFIXES[encoding];
}

export interface PrecompressedChoice {
  /** The compressed file's path, as `file` was given (an address path or a path on disk). */
  file: string;
  encoding: FileEncoding;
  /** The original's type. */
  type: string;
}

/**
 * The compressed copy of `file` to send for an Accept-Encoding header: the preferred encoding
 * the client accepts and the build wrote (`written` holds the paths of what it wrote); null
 * when there is none, and the file is sent as it is.
 */
export function precompressedChoice(
  file: string,
  acceptEncoding: string | undefined,
  written: ReadonlySet<string>,
): PrecompressedChoice | null {
  const type = textTypeOf(file);
  if (type === null) return null;
  for (const encoding of acceptedEncodings(acceptEncoding)) {
    const compressed = precompressedName(file, encoding);
    if (written.has(compressed)) return { file: compressed, encoding, type };
  }
  return null;
}
