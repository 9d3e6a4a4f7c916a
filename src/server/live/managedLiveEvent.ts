/**
 * A live event as its owner's "Go live" panel sees it, and who may see it: the video's owner,
 * and the owners and admins of that owner's team (SPEC §6 isOwnerOrAdmin). The panel and the
 * route that replaces the stream key both ask here, so the secret never reaches anyone else.
 */
import { eq } from 'drizzle-orm';
import type { LiveStatus } from '../../lib/domain.ts';
import { isOwnerOrAdmin } from '../../lib/teamRole.ts';
import type { Db } from '../db/client.ts';
import { liveEvents, videos } from '../db/schema.ts';
import { membershipIn } from '../teams/teamQueries.ts';

export interface ManagedLiveEvent {
  videoId: number;
  status: LiveStatus;
  /** What the encoder publishes with; null when the event has none. */
  streamKey: string | null;
  /** Why the last push ended or was refused (src/lib/liveIngestError.ts). */
  lastError: string | null;
}

/** The live event of `videoId` when `userId` may manage it; null when it is not a live event or not theirs. */
export async function findManagedLiveEvent(
  db: Db,
  userId: number,
  videoId: number,
): Promise<ManagedLiveEvent | null> {
  const [row] = await db
    .select({
      videoId: liveEvents.videoId,
      status: liveEvents.status,
      streamKey: liveEvents.streamKey,
      lastError: liveEvents.lastError,
      ownerId: videos.ownerId,
    })
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(eq(liveEvents.videoId, videoId))
    .limit(1);
  if (!row) return null;
  if (row.ownerId !== userId) {
    const membership = await membershipIn(db, userId, row.ownerId);
    if (!isOwnerOrAdmin(membership?.role ?? null)) return null;
  }
  return {
    videoId: row.videoId,
    status: row.status as LiveStatus,
    streamKey: row.streamKey,
    lastError: row.lastError,
  };
}

/** Where replacing the key returns on the video view: the panel shows its confirmation there (CSS :target). */
export const STREAM_KEY_REPLACED = 'stream-key-replaced';
