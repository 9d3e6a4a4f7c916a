/**
 * GET /manage/showcases/{albumId}/analytics.csv?days=7|30|90: the daily rows of a showcase's
 * analytics page, one line a day of the period (docs/analytics.md).
 */
import type { APIRoute } from 'astro';
import { parsePeriod, toCsv } from '../../../../lib/analyticsReport.ts';
import { showcaseReport } from '../../../../server/analytics/analyticsReports.ts';
import { getDb } from '../../../../server/db/client.ts';
import { PRIVATE_HEADERS } from '../../../../server/http/cacheControl.ts';
import { studioRoute } from '../../../../server/studio/studioRoute.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const { record: showcase } = studioRoute(locals, 'showcase');
  const period = parsePeriod(url.searchParams.get('days'));
  const report = await showcaseReport(await getDb(), showcase.id, period);
  const csv = toCsv(
    ['day', 'visits', 'plays'],
    report.days.map((row) => [row.day, row.visits, row.plays]),
  );
  return new Response(csv, {
    headers: {
      ...PRIVATE_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="showcase-${showcase.id}-${period}-days.csv"`,
    },
  });
};
