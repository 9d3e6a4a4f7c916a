/**
 * The key in a viewer's /watch feed address: an HMAC of their user id, so feed readers fetch it
 * without signing in and nobody can make another viewer's. The feed lists public videos only
 * (src/lib/watchFeed.ts): what the key protects is which showcases the viewer follows.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secret, signedWithAny } from '../secrets.ts';

const keyWith = (key: Buffer, userId: number) =>
  createHmac('sha256', key).update(`watch-feed:${userId}`).digest('base64url');

export function watchFeedKey(userId: number): string {
  return keyWith(secret('access'), userId);
}

export function isWatchFeedKey(userId: number, given: string | null): boolean {
  if (!given) return false;
  const presented = Buffer.from(given);
  return signedWithAny('access', (key) => {
    const expected = Buffer.from(keyWith(key, userId));
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  });
}

/** The feed's path, unprefixed: callers localize it. */
export const watchFeedPath = (userId: number): string =>
  `/watch/feed.atom?u=${userId}&key=${watchFeedKey(userId)}`;
