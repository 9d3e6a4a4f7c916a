/**
 * How a video joins a showcase's arranged order (SPEC §3 sort "arranged"): at its end, after
 * whatever the owner arranged, whether it came from an upload, the studio's Add videos, or a
 * live event. The showcase's rows are locked first, so two videos joining at once never take
 * the same place.
 */
import { and, eq, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { showcaseVideos } from '../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Appends the videos not yet in the showcase, in the order given; returns those appended. */
export async function appendToShowcase(
  tx: Tx,
  showcaseId: number,
  videoIds: readonly number[],
): Promise<number[]> {
  const present = await tx
    .select({ id: showcaseVideos.videoId })
    .from(showcaseVideos)
    .where(eq(showcaseVideos.showcaseId, showcaseId))
    .for('update');
  const presentIds = new Set(present.map((row) => row.id));
  const fresh = [...new Set(videoIds)].filter((id) => !presentIds.has(id));
  if (fresh.length === 0) return [];
  const [last] = await tx
    .select({ position: max(showcaseVideos.position) })
    .from(showcaseVideos)
    .where(eq(showcaseVideos.showcaseId, showcaseId));
  const start = (last?.position ?? 0) + 1;
  await tx
    .insert(showcaseVideos)
    .values(fresh.map((videoId, i) => ({ showcaseId, videoId, position: start + i })));
  return fresh;
}

/** Takes a video out of a showcase; the others keep their places. */
export async function leaveShowcase(tx: Tx, showcaseId: number, videoId: number): Promise<void> {
  await tx
    .delete(showcaseVideos)
    .where(and(eq(showcaseVideos.showcaseId, showcaseId), eq(showcaseVideos.videoId, videoId)));
}
