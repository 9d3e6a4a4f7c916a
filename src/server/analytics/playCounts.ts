/**
 * The play counters in the database: a batch of the tally (src/lib/playCounting.ts) added in
 * one transaction, and the daily rows the studio, /home and the API read back.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { total, type SourceCount } from '../../lib/analyticsReport.ts';
import type { TallyBatch } from '../../lib/playCounting.ts';
import type { Db } from '../db/client.ts';
import {
  showcaseDailySources,
  showcaseDailyStats,
  showcaseVideos,
  videoDailyRetention,
  videoDailySources,
  videoDailyStats,
  videos,
  showcases,
} from '../db/schema.ts';

/** The stored count plus the batch's, in an upsert. */
const added = (column: PgColumn) => sql`${column} + excluded.${sql.identifier(column.name)}`;

/**
 * Adds a batch to the daily rows, in one transaction. Rows naming a video or showcase that
 * does not exist (a forged beacon, or one deleted since) are dropped, not failed on.
 */
export async function writePlayCounts(db: Db, batch: TallyBatch): Promise<void> {
  const videoIds = [
    ...new Set([
      ...batch.videos.map((row) => row.videoId),
      ...batch.sources.filter((s) => s.subject === 'video').map((s) => s.id),
    ]),
  ];
  const showcaseIds = [
    ...new Set([
      ...batch.showcases.map((row) => row.showcaseId),
      ...batch.sources.filter((s) => s.subject === 'showcase').map((s) => s.id),
    ]),
  ];
  await db.transaction(async (tx) => {
    const knownVideos = new Set(
      videoIds.length === 0
        ? []
        : (await tx.select({ id: videos.id }).from(videos).where(inArray(videos.id, videoIds))).map(
            (row) => row.id,
          ),
    );
    const knownShowcases = new Set(
      showcaseIds.length === 0
        ? []
        : (
            await tx
              .select({ id: showcases.id })
              .from(showcases)
              .where(inArray(showcases.id, showcaseIds))
          ).map((row) => row.id),
    );
    const videoRows = batch.videos.filter((row) => knownVideos.has(row.videoId));
    if (videoRows.length > 0) {
      await tx
        .insert(videoDailyStats)
        .values(
          videoRows.map(({ videoId, day, plays, finishes, watchSeconds, livePeak }) => ({
            videoId,
            day,
            plays,
            finishes,
            watchSeconds,
            livePeak,
          })),
        )
        .onConflictDoUpdate({
          target: [videoDailyStats.videoId, videoDailyStats.day],
          set: {
            plays: added(videoDailyStats.plays),
            finishes: added(videoDailyStats.finishes),
            watchSeconds: added(videoDailyStats.watchSeconds),
            livePeak: sql`greatest(${videoDailyStats.livePeak}, excluded.live_peak)`,
          },
        });
      const retention = videoRows.flatMap(({ videoId, day, retention }) =>
        retention.flatMap((viewers, bucket) =>
          viewers > 0 ? [{ videoId, day, bucket, viewers }] : [],
        ),
      );
      if (retention.length > 0)
        await tx
          .insert(videoDailyRetention)
          .values(retention)
          .onConflictDoUpdate({
            target: [
              videoDailyRetention.videoId,
              videoDailyRetention.day,
              videoDailyRetention.bucket,
            ],
            set: { viewers: added(videoDailyRetention.viewers) },
          });
    }
    const showcaseRows = batch.showcases.filter((row) => knownShowcases.has(row.showcaseId));
    if (showcaseRows.length > 0)
      await tx
        .insert(showcaseDailyStats)
        .values(showcaseRows)
        .onConflictDoUpdate({
          target: [showcaseDailyStats.showcaseId, showcaseDailyStats.day],
          set: {
            visits: added(showcaseDailyStats.visits),
            plays: added(showcaseDailyStats.plays),
          },
        });
    const videoSources = batch.sources
      .filter((s) => s.subject === 'video' && knownVideos.has(s.id))
      .map(({ id, day, kind, value, count }) => ({ videoId: id, day, kind, value, count }));
    if (videoSources.length > 0)
      await tx
        .insert(videoDailySources)
        .values(videoSources)
        .onConflictDoUpdate({
          target: [
            videoDailySources.videoId,
            videoDailySources.day,
            videoDailySources.kind,
            videoDailySources.value,
          ],
          set: { count: added(videoDailySources.count) },
        });
    const showcaseSources = batch.sources
      .filter((s) => s.subject === 'showcase' && knownShowcases.has(s.id))
      .map(({ id, day, kind, value, count }) => ({ showcaseId: id, day, kind, value, count }));
    if (showcaseSources.length > 0)
      await tx
        .insert(showcaseDailySources)
        .values(showcaseSources)
        .onConflictDoUpdate({
          target: [
            showcaseDailySources.showcaseId,
            showcaseDailySources.day,
            showcaseDailySources.kind,
            showcaseDailySources.value,
          ],
          set: { count: added(showcaseDailySources.count) },
        });
  });
}

export interface VideoStatsDay {
  day: string;
  plays: number;
  finishes: number;
  watchSeconds: number;
  livePeak: number;
}

export interface VideoAnalytics {
  days: VideoStatsDay[];
  /** Viewers who reached each retention bucket over the period. */
  retention: number[];
  referrers: SourceCount[];
  countries: SourceCount[];
}

/** The most sources of each kind a page lists. */
const TOP_SOURCES = 10;

/** A video's daily rows, retention and sources from `since` (a UTC day) on. */
export async function videoAnalytics(
  db: Db,
  videoId: number,
  since: string,
  buckets: number,
): Promise<VideoAnalytics> {
  const [days, retention, sources] = await Promise.all([
    db
      .select({
        day: videoDailyStats.day,
        plays: videoDailyStats.plays,
        finishes: videoDailyStats.finishes,
        watchSeconds: videoDailyStats.watchSeconds,
        livePeak: videoDailyStats.livePeak,
      })
      .from(videoDailyStats)
      .where(and(eq(videoDailyStats.videoId, videoId), gte(videoDailyStats.day, since)))
      .orderBy(asc(videoDailyStats.day)),
    db
      .select({
        bucket: videoDailyRetention.bucket,
        viewers: sql<number>`sum(${videoDailyRetention.viewers})::int`,
      })
      .from(videoDailyRetention)
      .where(and(eq(videoDailyRetention.videoId, videoId), gte(videoDailyRetention.day, since)))
      .groupBy(videoDailyRetention.bucket),
    topSources(db, videoDailySources, videoDailySources.videoId, videoId, since),
  ]);
  const curve = Array.from({ length: buckets }, () => 0);
  for (const row of retention) if (row.bucket < buckets) curve[row.bucket] = row.viewers;
  return { days, retention: curve, ...sources };
}

type SourceTable = typeof videoDailySources | typeof showcaseDailySources;

async function topSources(
  db: Db,
  table: SourceTable,
  subject: PgColumn,
  id: number,
  since: string,
): Promise<{ referrers: SourceCount[]; countries: SourceCount[] }> {
  const total = sql<number>`sum(${table.count})::int`;
  const rows = await db
    .select({ kind: table.kind, value: table.value, count: total })
    .from(table)
    .where(and(eq(subject, id), gte(table.day, since)))
    .groupBy(table.kind, table.value)
    .orderBy(desc(total), asc(table.value));
  const of = (kind: string) =>
    rows
      .filter((row) => row.kind === kind)
      .slice(0, TOP_SOURCES)
      .map(({ value, count }) => ({ value, count }));
  return { referrers: of('referrer'), countries: of('country') };
}

export interface ShowcaseStatsDay {
  day: string;
  visits: number;
  plays: number;
}

export interface TopVideo {
  videoId: number;
  name: string;
  plays: number;
}

export interface ShowcaseAnalytics {
  days: ShowcaseStatsDay[];
  topVideos: TopVideo[];
  referrers: SourceCount[];
  countries: SourceCount[];
}

/** A showcase's daily rows, its most played videos and its visits' sources from `since` on. */
export async function showcaseAnalytics(
  db: Db,
  showcaseId: number,
  since: string,
): Promise<ShowcaseAnalytics> {
  const plays = sql<number>`sum(${videoDailyStats.plays})::int`;
  const [days, topVideos, sources] = await Promise.all([
    db
      .select({
        day: showcaseDailyStats.day,
        visits: showcaseDailyStats.visits,
        plays: showcaseDailyStats.plays,
      })
      .from(showcaseDailyStats)
      .where(and(eq(showcaseDailyStats.showcaseId, showcaseId), gte(showcaseDailyStats.day, since)))
      .orderBy(asc(showcaseDailyStats.day)),
    // A video's plays wherever it played: a video belongs to its owner's showcases alike.
    db
      .select({ videoId: videos.id, name: videos.name, plays })
      .from(showcaseVideos)
      .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
      .innerJoin(videoDailyStats, eq(videoDailyStats.videoId, videos.id))
      .where(and(eq(showcaseVideos.showcaseId, showcaseId), gte(videoDailyStats.day, since)))
      .groupBy(videos.id, videos.name)
      .having(sql`sum(${videoDailyStats.plays}) > 0`)
      .orderBy(desc(plays), asc(videos.id))
      .limit(TOP_SOURCES),
    topSources(db, showcaseDailySources, showcaseDailySources.showcaseId, showcaseId, since),
  ]);
  return { days, topVideos, ...sources };
}

/** The plays of an account's videos from `since` on, and its most played videos. */
export async function accountPlays(
  db: Db,
  ownerId: number,
  since: string,
  top: number,
): Promise<{ plays: number; topVideos: TopVideo[] }> {
  const plays = sql<number>`sum(${videoDailyStats.plays})::int`;
  const rows = await db
    .select({ videoId: videos.id, name: videos.name, plays })
    .from(videoDailyStats)
    .innerJoin(videos, eq(videos.id, videoDailyStats.videoId))
    .where(and(eq(videos.ownerId, ownerId), gte(videoDailyStats.day, since)))
    .groupBy(videos.id, videos.name)
    .having(sql`sum(${videoDailyStats.plays}) > 0`)
    .orderBy(desc(plays), asc(videos.id));
  return { plays: total(rows, (row) => row.plays), topVideos: rows.slice(0, top) };
}

/** Every play counted of each of these videos, by id (0 for one never played). */
export async function playTotals(db: Db, videoIds: number[]): Promise<Map<number, number>> {
  if (videoIds.length === 0) return new Map();
  const rows = await db
    .select({
      videoId: videoDailyStats.videoId,
      plays: sql<number>`sum(${videoDailyStats.plays})::int`,
    })
    .from(videoDailyStats)
    .where(inArray(videoDailyStats.videoId, videoIds))
    .groupBy(videoDailyStats.videoId);
  return new Map(rows.map((row) => [row.videoId, row.plays]));
}
