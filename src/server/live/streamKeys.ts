/**
 * Stream keys: the secret an encoder publishes a live event with (rtmp://…/live/{key}).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { config, type Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';

/** 24 random bytes, URL-safe: fits an RTMP stream name and cannot be guessed. */
export function newStreamKey(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * Gives the event a new key; the old one is refused from the next connection on, while a
 * push already on the air with it goes on. Null when there is no such event or it has ended.
 */
export async function rotateStreamKey(db: Db, videoId: number): Promise<string | null> {
  const [row] = await db
    .update(liveEvents)
    .set({ streamKey: newStreamKey() })
    .where(and(eq(liveEvents.videoId, videoId), ne(liveEvents.status, 'done')))
    .returning({ streamKey: liveEvents.streamKey });
  return row?.streamKey ?? null;
}

/**
 * The ingest address owners enter in their encoder: RTMP_PUBLIC_URL, else this process's
 * ingest on the site's host (siteOrigin's, never a Host header's). Null when neither exists
 * (RTMP_PORT off here).
 */
export function ingestUrl(
  publicHost: string,
  settings: Pick<Config, 'RTMP_PORT' | 'RTMP_PUBLIC_URL'> = config(),
): string | null {
  if (settings.RTMP_PUBLIC_URL) return settings.RTMP_PUBLIC_URL;
  if (settings.RTMP_PORT === 'off') return null;
  return `rtmp://${publicHost}:${settings.RTMP_PORT}/live`;
}
