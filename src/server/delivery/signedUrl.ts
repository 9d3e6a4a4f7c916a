/**
 * HMAC-signed, expiring media URLs: /media/{key}?exp=…&sig=…. Expiry is rounded up to a
 * window so the same page renders the same URLs for a while and stays cacheable. A download
 * link adds &dl={file name}, which is signed too: nobody can rename what they save.
 */
import { timingSafeEqual } from 'node:crypto';
import { hmacDigest } from './hmacMemo.ts';

export interface SignOptions {
  secret: Buffer;
  /** Seconds since the epoch; defaults to now. */
  now?: number;
  /** How long the URL stays valid at least. */
  ttlSeconds?: number;
  /** Serve as an attachment saved under this name (see downloadFileName). */
  download?: string | undefined;
  /** Media of a public video: shared caches (a CDN) may keep it (see Verdict). */
  shared?: boolean;
}

const WINDOW = 60 * 60;

function signature(
  secret: Buffer,
  key: string,
  exp: number,
  download: string | null,
  shared: boolean,
): string {
  const signed = download === null ? `${key}\n${exp}` : `${key}\n${exp}\n${download}`;
  // The audience is part of what is signed, so nobody can turn private media into shared.
  return hmacDigest(secret, shared ? `shared:${signed}` : signed);
}

/** A file name safe in a Content-Disposition header: 'Hello, wörld!' + 'hd.mp4' → 'Hello-w-rld-hd.mp4'. */
export function downloadFileName(title: string, suffix: string): string {
  const stem = title
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem ? `${stem}-${suffix}` : suffix;
}

export function signMediaPath(
  key: string,
  {
    secret,
    now = Date.now() / 1000,
    ttlSeconds = 6 * WINDOW,
    download,
    shared = false,
  }: SignOptions,
): string {
  const exp = Math.ceil((now + ttlSeconds) / WINDOW) * WINDOW;
  const encoded = key.split('/').map(encodeURIComponent).join('/');
  const path = `/media/${encoded}?exp=${exp}&sig=${signature(secret, key, exp, download ?? null, shared)}`;
  return download === undefined ? path : `${path}&dl=${encodeURIComponent(download)}`;
}

/** 'shared': valid, and signed for a public video, so shared caches may keep it. */
export type Verdict = 'ok' | 'shared' | 'expired' | 'invalid';

/** `download` is the dl parameter as received (null when absent). */
export function verifyMediaSignature(
  key: string,
  exp: string | null,
  sig: string | null,
  secret: Buffer,
  now = Date.now() / 1000,
  download: string | null = null,
): Verdict {
  const expiry = Number(exp);
  if (!sig || !Number.isInteger(expiry)) return 'invalid';
  const given = Buffer.from(sig);
  const matches = (shared: boolean) => {
    const expected = Buffer.from(signature(secret, key, expiry, download, shared));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const verdict = matches(false) ? 'ok' : matches(true) ? 'shared' : 'invalid';
  return verdict !== 'invalid' && expiry < now ? 'expired' : verdict;
}
