/**
 * What the studio's analytics pages show: a video's or a showcase's counters over a period,
 * a row for every day of it, and the totals the page leads with.
 */
import {
  everyDay,
  periodDays,
  total,
  type AnalyticsPeriod,
  type SourceCount,
} from '../../lib/analyticsReport.ts';
import {
  averageWatched,
  RETENTION_BUCKETS,
  retentionCurve,
  utcDay,
} from '../../lib/playCounting.ts';
import type { Db } from '../db/client.ts';
import {
  showcaseAnalytics,
  videoAnalytics,
  type ShowcaseAnalytics,
  type ShowcaseStatsDay,
  type VideoStatsDay,
} from './playCounts.ts';

export interface VideoReport {
  days: VideoStatsDay[];
  plays: number;
  finishes: number;
  watchSeconds: number;
  /** 0 to 1. */
  averageWatched: number;
  livePeak: number;
  /** The share of plays that reached each part of the video, 0 to 1. */
  retention: number[];
  referrers: SourceCount[];
  countries: SourceCount[];
}

export async function videoReport(
  db: Db,
  video: { id: number; duration: number },
  period: AnalyticsPeriod,
  now = Date.now(),
): Promise<VideoReport> {
  const days = periodDays(utcDay(now), period);
  const stats = await videoAnalytics(db, video.id, days[0]!, RETENTION_BUCKETS);
  const rows = everyDay(stats.days, days, (day) => ({
    day,
    plays: 0,
    finishes: 0,
    watchSeconds: 0,
    livePeak: 0,
  }));
  const plays = total(rows, (row) => row.plays);
  const watchSeconds = total(rows, (row) => row.watchSeconds);
  return {
    days: rows,
    plays,
    finishes: total(rows, (row) => row.finishes),
    watchSeconds,
    averageWatched: averageWatched(watchSeconds, plays, video.duration),
    livePeak: Math.max(0, ...rows.map((row) => row.livePeak)),
    retention: retentionCurve(stats.retention, plays),
    referrers: stats.referrers,
    countries: stats.countries,
  };
}

export interface ShowcaseReport extends Omit<ShowcaseAnalytics, 'days'> {
  days: ShowcaseStatsDay[];
  visits: number;
  plays: number;
}

export async function showcaseReport(
  db: Db,
  showcaseId: number,
  period: AnalyticsPeriod,
  now = Date.now(),
): Promise<ShowcaseReport> {
  const days = periodDays(utcDay(now), period);
  const stats = await showcaseAnalytics(db, showcaseId, days[0]!);
  const rows = everyDay(stats.days, days, (day) => ({ day, visits: 0, plays: 0 }));
  return {
    ...stats,
    days: rows,
    visits: total(rows, (row) => row.visits),
    plays: total(rows, (row) => row.plays),
  };
}
