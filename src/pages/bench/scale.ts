/**
 * The 20,000-video showcase `npm run bench` measures search and paging on (scripts/benchScale.ts),
 * beside the demo's own. Served only with BENCH_ROUTES=true.
 *
 * POST seeds it once, in SQL, from the demo showcase's videos: each copy keeps its source's
 * pictures and files (the same stored objects), so its cards look like the demo's. A second
 * POST finds it and seeds nothing.
 *
 * GET ?showcase=&page= or ?showcase=&q= times the uncached read the showcase page makes, in
 * this process (no HTTP, no read cache, no page cache): `runs` times, each in milliseconds.
 */
import type { APIRoute } from 'astro';
import { sql } from 'drizzle-orm';
import type { Sort } from '../../lib/domain.ts';
import { GRID_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../../lib/pagination.ts';
import { config } from '../../server/config.ts';
import { getDb, type Db } from '../../server/db/client.ts';
import { errorPath } from '../../server/http/errorResponse.ts';
import { searchShowcaseVideos } from '../../server/search/searchShowcaseVideos.ts';
import { forgetShowcaseReads } from '../../server/showcases/cachedReads.ts';
import { findShowcase, listShowcaseVideos } from '../../server/showcases/showcaseQueries.ts';

const SCALE_VIDEOS = 20_000;
const SCALE_NAME = 'Scale: 20,000 videos';
/** The demo's grid showcase, whose videos are copied. */
const DEMO_SHOWCASE = 1;
const MAX_RUNS = 100;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function scaleShowcase(db: Db): Promise<number | null> {
  const [found] = await rows<{ id: number }>(db, sql`select s.id from showcases s join showcases demo on demo.owner_id = s.owner_id where demo.id = ${DEMO_SHOWCASE} and s.name = ${SCALE_NAME} order by s.id limit 1`);
  return found ? Number(found.id) : null;
}

async function seed(db: Db): Promise<{ id: number; seeded: boolean }> {
  const made = await db.transaction(async (tx) => {
    // Two bench runs at once make one showcase.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SCALE_NAME}))`);
    const existing = await scaleShowcase(tx as unknown as Db);
    if (existing !== null) return { id: existing, seeded: false };
    const [showcase] = await rows<{ id: number }>(
      tx as unknown as Db,
      sql`insert into showcases (owner_id, name, description, layout, sort, privacy_view)
          select owner_id, ${SCALE_NAME}, 'The demo showcase''s videos, copied until there are 20,000.', 'grid', 'arranged', 'anybody'
          from showcases where id = ${DEMO_SHOWCASE} returning id`,
    );
    if (!showcase) throw new Error(`No demo showcase ${DEMO_SHOWCASE} to copy`);
    // Ids are drawn first so each copy's pictures and files can follow it.
    await tx.execute(sql`
      create temporary table scale_copies on commit drop as
      with demo as (
        select v.id, row_number() over (order by sv.position, v.id) - 1 as k, count(*) over () as m
        from showcase_videos sv join videos v on v.id = sv.video_id
        where sv.showcase_id = ${DEMO_SHOWCASE} and sv.shown and v.type = 'video'
      )
      select n, nextval(pg_get_serial_sequence('videos', 'id'))::int as id, demo.id as source_id
      from generate_series(1, ${SCALE_VIDEOS}) n join demo on demo.k = n % demo.m`);
    await tx.execute(sql`
      insert into videos (id, owner_id, uploader_id, name, description, duration, width, height, type, privacy_view, content_rating, status, plays, likes, comments, created_at)
      select c.id, v.owner_id, v.uploader_id, v.name || ' · ' || c.n, v.description, v.duration, v.width, v.height, 'video', 'anybody', v.content_rating, 'ready',
        (c.n * 7919) % 5000, (c.n * 104729) % 500, c.n % 37, now() - c.n * interval '1 minute'
      from scale_copies c join videos v on v.id = c.source_id`);
    await tx.execute(sql`
      insert into video_pictures (video_id, width, height, storage_key)
      select c.id, p.width, p.height, p.storage_key from scale_copies c join video_pictures p on p.video_id = c.source_id`);
    await tx.execute(sql`
      insert into video_files (video_id, quality, mime, width, height, size, storage_key, tier)
      select c.id, f.quality, f.mime, f.width, f.height, f.size, f.storage_key, f.tier from scale_copies c join video_files f on f.video_id = c.source_id`);
    await tx.execute(sql`
      insert into showcase_videos (showcase_id, video_id, position, added_at)
      select ${showcase.id}, c.id, c.n, now() - c.n * interval '1 second' from scale_copies c`);
    return { id: Number(showcase.id), seeded: true };
  });
  if (made.seeded) {
    // As after any bulk load: planner statistics, and the visibility map index-only scans read.
    await db.execute(sql`vacuum analyze videos, showcase_videos, video_pictures, video_files`);
    forgetShowcaseReads();
  }
  return made;
}

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
  const { id, seeded } = await seed(db);
  const found = await findShowcase(db, id);
  // Search text that finds one video in each: the demo's last video by its name, and one copy by its number.
  const [last] = await rows<{ name: string }>(db, sql`select v.name from showcase_videos sv join videos v on v.id = sv.video_id where sv.showcase_id = ${DEMO_SHOWCASE} and sv.shown order by sv.position desc limit 1`);
  return json({ showcase: id, videos: found?.totalVideos ?? 0, seeded, demoShowcase: DEMO_SHOWCASE, probes: { demo: last?.name ?? '', scale: String(Math.round(SCALE_VIDEOS * 0.61)) } });
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
      : () => searchShowcaseVideos(db, { showcaseId, query, page, perPage: SEARCH_PAGE_SIZE, sort, filter });
  const result = await read();
  return json({ showcase: showcaseId, total: result.total, items: result.items.length, ms: await timed(runs, read) });
};
