/**
 * Signed, expiring URLs for a whole folder of media: an HLS master playlist names its variant
 * playlists and segments by relative paths that resolve beside it, so the signature travels
 * in the path (/media/p/{exp}/{sig}/{folder}/{file}) and covers the folder, not one file.
 */
import { timingSafeEqual } from 'node:crypto';
import { hmacDigest } from './hmacMemo.ts';

export interface FolderSignOptions {
  secret: Buffer;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
  /** How long the URL stays valid at least. */
  ttlSeconds?: number;
  /** Media of a public video: shared caches (a CDN) may keep it. */
  shared?: boolean;
}

// Expiry is rounded up to a window, so a page renders the same URLs for a while and players
// and CDNs can keep the segments.
const WINDOW = 60 * 60;

function signature(secret: Buffer, folder: string, exp: number, shared: boolean): string {
  // A separate domain from single-file signatures, and one per audience: none can stand for another.
  return hmacDigest(secret, `${shared ? 'shared-folder' : 'folder'}:${folder}\n${exp}`);
}

const encode = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The signed address of `file` in `folder`; every other file under `folder` is reachable beside it. */
export function signMediaFolder(
  folder: string,
  file: string,
  { secret, now = Date.now() / 1000, ttlSeconds = 6 * WINDOW, shared = false }: FolderSignOptions,
): string {
  const exp = Math.ceil((now + ttlSeconds) / WINDOW) * WINDOW;
  return `/media/p/${exp}/${signature(secret, folder, exp, shared)}/${encode(folder)}/${encode(file)}`;
}

/** 'shared': valid, and signed for a public video, so shared caches may keep it. */
export type FolderVerdict = 'ok' | 'shared' | 'expired' | 'invalid';

/** Whether `key` lies in a folder that `sig` signed until `exp`. */
export function verifyMediaFolder(
  key: string,
  exp: string,
  sig: string,
  secret: Buffer,
  now = Date.now() / 1000,
): FolderVerdict {
  const expiry = Number(exp);
  if (!sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const given = Buffer.from(sig);
  const parts = key.split('/');
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    for (const shared of [false, true]) {
      const expected = Buffer.from(
        signature(secret, parts.slice(0, depth).join('/'), expiry, shared),
      );
      if (expected.length === given.length && timingSafeEqual(expected, given))
        return expiry < now ? 'expired' : shared ? 'shared' : 'ok';
    }
  }
  return 'invalid';
}
