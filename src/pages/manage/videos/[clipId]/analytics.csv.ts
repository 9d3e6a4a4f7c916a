/**
 * GET /manage/videos/{clipId}/analytics.csv?days=7|30|90: the daily rows of a video's
 * analytics page, one line a day of the period (docs/analytics.md).
 */
import type { APIRoute } from 'astro';
import { parsePeriod, toCsv } from '../../../../lib/analyticsReport.ts';
import { videoReport } from '../../../../server/analytics/analyticsReports.ts';
import { getDb } from '../../../../server/db/client.ts';
import { PRIVATE_HEADERS } from '../../../../server/http/cacheControl.ts';
import { studioRoute } from '../../../../server/studio/studioRoute.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const { record: video } = studioRoute(locals, 'video');
  const period = parsePeriod(url.searchParams.get('days'));
  const report = await videoReport(await getDb(), video, period);
  const csv = toCsv(
    ['day', 'plays', 'finishes', 'watch_seconds', 'live_peak'],
    report.days.map((row) => [row.day, row.plays, row.finishes, row.watchSeconds, row.livePeak]),
  );
  return new Response(csv, {
    headers: {
      ...PRIVATE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="video-${video.id}-${period}-days.csv"`,
    },
  });
};
