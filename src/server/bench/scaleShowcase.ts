/**
 * The 20,000-video showcase `npm run bench` measures search and paging on
 * (scripts/benchScale.ts), seeded once, in SQL, from the demo showcase's videos: each copy keeps
 * its source's pictures and files (the same stored objects), so its cards look like the demo's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { forgetShowcaseReads } from '../showcases/cachedReads.ts';

export const SCALE_VIDEOS = 20_000;
const SCALE_NAME = 'Scale: 20,000 videos';
/** The demo's grid showcase, whose videos are copied. */
export const DEMO_SHOWCASE = 1;
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

async function scaleShowcase(db: Db): Promise<number | null> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`select s.id from showcases s
        join showcases demo on demo.owner_id = s.owner_id
        where demo.id = ${DEMO_SHOWCASE} and s.name = ${SCALE_NAME}
        order by s.id limit 1`,
  );
  return found ? Number(found.id) : null;
}

/** Seeds the scale showcase, or finds the one a previous run seeded. */
export async function seedScaleShowcase(db: Db): Promise<{ id: number; seeded: boolean }> {
  const made = await db.transaction(async (tx) => {
    // Two bench runs at once make one showcase.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SCALE_NAME}))`);
    const existing = await scaleShowcase(tx as unknown as Db);
    if (existing !== null) return { id: existing, seeded: false };
    const [showcase] = await rows<{ id: number }>(
      tx as unknown as Db,
      sql`insert into showcases (owner_id, name, description, layout, sort, privacy_view)
          select owner_id, ${SCALE_NAME},
            'The demo showcase''s videos, copied until there are 20,000.',
            'grid', 'arranged', 'anybody'
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
      insert into videos (id, owner_id, uploader_id, name, description, duration, width, height,
        type, privacy_view, content_rating, status, plays, likes, comments, created_at)
      select c.id, v.owner_id, v.uploader_id, v.name || ' · ' || c.n, v.description, v.duration,
        v.width, v.height, 'video', 'anybody', v.content_rating, 'ready',
        (c.n * 7919) % 5000, (c.n * 104729) % 500, c.n % 37, now() - c.n * interval '1 minute'
      from scale_copies c join videos v on v.id = c.source_id`);
    await tx.execute(sql`
      insert into video_pictures (video_id, width, height, storage_key)
      select c.id, p.width, p.height, p.storage_key
      from scale_copies c join video_pictures p on p.video_id = c.source_id`);
    await tx.execute(sql`
      insert into video_files (video_id, quality, mime, width, height, size, storage_key, tier)
      select c.id, f.quality, f.mime, f.width, f.height, f.size, f.storage_key, f.tier
      from scale_copies c join video_files f on f.video_id = c.source_id`);
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

/** The name of the demo showcase's last video: search text that finds one video. */
export async function lastDemoVideoName(db: Db): Promise<string> {
  const [last] = await rows<{ name: string }>(
    db,
    sql`select v.name from showcase_videos sv join videos v on v.id = sv.video_id
        where sv.showcase_id = ${DEMO_SHOWCASE} and sv.shown
        order by sv.position desc limit 1`,
  );
  return last?.name ?? '';
}
