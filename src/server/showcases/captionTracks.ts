/**
 * The caption tracks of a video as the player frame lists them (<track kind="captions">),
 * each behind a signed media link.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { textTracks } from '../db/schema.ts';
import { sign } from './represent.ts';

export interface CaptionTrackSource {
  src: string;
  srclang: string;
  label: string;
}

export async function captionTracks(db: Db, videoId: number): Promise<CaptionTrackSource[]> {
  const rows = await db
    .select()
    .from(textTracks)
    .where(eq(textTracks.videoId, videoId))
    .orderBy(asc(textTracks.displayName));
  return rows.map((track) => ({
    src: sign(track.storageKey),
    srclang: track.language,
    label: track.displayName,
  }));
}
