/**
 * The 20,000-video showcase `npm run bench` measures search and paging on (scripts/benchScale.ts),
 * beside the demo's own. Served only with BENCH_ROUTES=true.
 *
 * POST seeds it once (src/server/bench/scaleShowcase.ts); a second POST finds it and seeds
 * nothing.
 *
 * GET ?showcase=&page= or ?showcase=&q= times the uncached read the showcase page makes, in
 * this process (no HTTP, no read cache, no page cache): `runs` times, each in milliseconds.
 */
import type { APIRoute } from 'astro';
import type { Sort } from '../../lib/domain.ts';
import { GRID_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../../lib/pagination.ts';
import { config } from '../../server/config.ts';
import { getDb } from '../../server/db/client.ts';
import {
  DEMO_SHOWCASE,
  lastDemoVideoName,
  SCALE_VIDEOS,
  seedScaleShowcase,
} from '../../server/bench/scaleShowcase.ts';
import { errorPath } from '../../server/http/errorResponse.ts';
import { searchShowcaseVideos } from '../../server/search/searchShowcaseVideos.ts';
import { findShowcase, listShowcaseVideos } from '../../server/showcases/showcaseQueries.ts';
import { NO_STORE_HEADERS } from '../../server/http/cacheControl.ts';

const MAX_RUNS = 100;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...NO_STORE_HEADERS },
  });

async function timed(runs: number, read: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await read();
    ms.push(performance.now() - start);
  }
  return ms;
}

export const POST: APIRoute = async (context) => {
  if (!config().BENCH_ROUTES) return context.rewrite(errorPath(context.locals.locale, 404));
  const db = await getDb();
  const { id, seeded } = await seedScaleShowcase(db);
  const found = await findShowcase(db, id);
  return json({
    showcase: id,
    videos: found?.totalVideos ?? 0,
    seeded,
    demoShowcase: DEMO_SHOWCASE,
    // Search text that finds one video in each: the demo's last by its name, a copy by its number.
    probes: { demo: await lastDemoVideoName(db), scale: String(Math.round(SCALE_VIDEOS * 0.61)) },
  });
};

export const GET: APIRoute = async (context) => {
  if (!config().BENCH_ROUTES) return context.rewrite(errorPath(context.locals.locale, 404));
  const params = context.url.searchParams;
  const showcaseId = Number(params.get('showcase'));
  const runs = Math.min(MAX_RUNS, Math.max(1, Number(params.get('runs') ?? 15) || 15));
  const db = await getDb();
  const found = Number.isInteger(showcaseId) ? await findShowcase(db, showcaseId) : null;
  if (!found) return json({ error: 'no such showcase' }, 404);
  const sort = found.showcase.sort as Sort;
  const filter = found.showcase.hideUpcoming ? ('playable' as const) : undefined;
  const query = params.get('q');
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const read =
    query === null
      ? () => listShowcaseVideos(db, { showcaseId, sort, page, perPage: GRID_PAGE_SIZE, filter })
      : () =>
          searchShowcaseVideos(db, {
            showcaseId,
            query,
            page,
            perPage: SEARCH_PAGE_SIZE,
            sort,
            filter,
          });
  const result = await read();
  return json({
    showcase: showcaseId,
    total: result.total,
    items: result.items.length,
    ms: await timed(runs, read),
  });
};
