/**
 * Vimeo's `stats.plays` of a video: the plays it came with (a seeded or imported figure,
 * `videos.plays`) and those the player frame's beacons counted since (docs/analytics.md),
 * read in one query for a whole answer.
 */
import { idOfUri } from '../../lib/apiLinks.ts';
import { playTotals } from '../analytics/playCounts.ts';
import type { Db } from '../db/client.ts';

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
