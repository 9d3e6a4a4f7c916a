/**
 * The figures of an API answer's videos counted since they were made: Vimeo's `stats.plays`,
 * the plays a video came with (a seeded or imported figure, `videos.plays`) and those the player
 * frame's beacons counted since (docs/analytics.md), read in one query for a whole answer; and a
 * live event's `live.concurrent_viewers` (docs/live.md "Stream health and viewers").
 */
import { and, eq, inArray } from 'drizzle-orm';
import { idOfUri } from '../../lib/apiLinks.ts';
import { playTotals } from '../analytics/playCounts.ts';
import type { Db } from '../db/client.ts';
import { liveEvents } from '../db/schema.ts';
import { liveSignals } from '../live/liveSignals.ts';

interface WithPlays {
  uri: string;
  stats: { plays: number };
}

export async function withCountedPlays<T extends WithPlays>(db: Db, videos: T[]): Promise<T[]> {
  const counted = await playTotals(
    db,
    videos.map((video) => idOfUri(video.uri)),
  );
  return videos.map((video) => {
    const plays = counted.get(idOfUri(video.uri)) ?? 0;
    return plays === 0
      ? video
      : { ...video, stats: { ...video.stats, plays: video.stats.plays + plays } };
  });
}

interface WithLive {
  uri: string;
  live: { status: string; concurrent_viewers: number | null } | null;
}

/**
 * Fills in how many watch each event on the air: for the owner's own view (`owner`) always,
 * for anyone else only where the owner shows it on the public page (live_events.show_viewers).
 */
export async function withLiveViewers<T extends WithLive>(
  db: Db,
  videos: T[],
  { owner }: { owner: boolean },
): Promise<T[]> {
  const onAir = videos
    .filter((video) => video.live?.status === 'streaming')
    .map((video) => idOfUri(video.uri));
  if (onAir.length === 0) return videos;
  const shown = owner
    ? onAir
    : (
        await db
          .select({ videoId: liveEvents.videoId })
          .from(liveEvents)
          .where(and(inArray(liveEvents.videoId, onAir), eq(liveEvents.showViewers, true)))
      ).map((row) => row.videoId);
  if (shown.length === 0) return videos;
  const watching = await (await liveSignals()).viewers.watching(shown);
  return videos.map((video) => {
    const viewers = watching.get(idOfUri(video.uri));
    return viewers === undefined || !video.live
      ? video
      : { ...video, live: { ...video.live, concurrent_viewers: viewers } };
  });
}
