/**
 * Digests of what the pages of published showcases show (src/lib/publishChanges.ts), in one
 * statement: comparing them before and after a write tells which pages it changed, without
 * rendering any. Columns the page-change triggers ignore (a file's last access, a live event's
 * heartbeat and health, a broadcast's segment count, a password hash, a video's folder) are left
 * out, so the writes that do not notify do not count either.
 */
import { sql } from 'drizzle-orm';
import type { PublishDigests, ShowcaseDigest } from '../../lib/publishChanges.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';

/** A video's columns that no page of any other video shows, nor that decide its place or lock. */
const VIDEO_CONTENT = sql.raw(`array[
  'name', 'description', 'duration', 'width', 'height', 'plays', 'likes', 'comments',
  'search_text', 'search_name', 'folder_id', 'version', 'error_message', 'privacy_download',
  'password_hash'
]::text[]`);

interface DigestRow {
  id: number;
  frame: string;
  cover: string;
  videos: string;
}

/** The digests of the showcases `ids` (those that exist). */
export async function showcaseDigests(db: Db, ids: readonly number[]): Promise<PublishDigests> {
  if (ids.length === 0) return new Map();
  const found = await rows<DigestRow>(
    db,
    sql`
      with held as (
        select m.showcase_id, m.video_id from showcase_videos m where m.showcase_id in ${ids}
      ),
      video_digests as (
        select v.id, md5(concat_ws('|',
          (to_jsonb(v) - array['folder_id', 'search_text', 'search_name', 'password_hash'])::text,
          (v.password_hash is not null)::text,
          (select (to_jsonb(u) - 'password_hash')::text from users u where u.id = v.owner_id),
          (select (to_jsonb(u) - 'password_hash')::text from users u where u.id = v.uploader_id),
          (select jsonb_agg(to_jsonb(p) order by p.width)::text from video_pictures p where p.video_id = v.id),
          (select jsonb_agg(to_jsonb(t) order by t.id)::text from text_tracks t where t.video_id = v.id),
          (select jsonb_agg(to_jsonb(f) - array['last_accessed_at', 'defrost_requested_at'] order by f.id)::text
            from video_files f where f.video_id = v.id),
          (select to_jsonb(c)::text from stock_clips c where c.video_id = v.id),
          (select jsonb_agg(to_jsonb(q) order by q.quality)::text from stock_clip_qualities q where q.clip_id = v.id),
          (select (to_jsonb(e) - array['heartbeat_at', 'ingest_node', 'last_error', 'stream_health', 'show_viewers'])::text
            from live_events e where e.video_id = v.id),
          (select to_jsonb(r)::text from live_events e join chat_rooms r on r.id = e.chat_room_id where e.video_id = v.id),
          (select jsonb_agg(jsonb_build_object(
              'broadcast', to_jsonb(b) - 'recorded_segments',
              'replay', to_jsonb(rv) - array['folder_id', 'search_text', 'search_name', 'password_hash']
            ) order by b.id)::text
            from live_broadcasts b left join videos rv on rv.id = b.replay_video_id
            where b.event_video_id = v.id)
        )) as digest
        from videos v where v.id in (select video_id from held)
      )
      select s.id,
        md5(concat_ws('|',
          to_jsonb(s)::text,
          (select (to_jsonb(u) - 'password_hash')::text from users u where u.id = s.owner_id),
          (select jsonb_agg(jsonb_build_object(
              'held', to_jsonb(m),
              'video', to_jsonb(v) - ${VIDEO_CONTENT},
              'password', v.password_hash is not null,
              'sortKey', case s.sort
                when 'alphabetical' then to_jsonb(v.name)
                when 'plays' then to_jsonb(v.plays)
                when 'likes' then to_jsonb(v.likes)
                when 'comments' then to_jsonb(v.comments)
              end,
              'live', (select e.status from live_events e where e.video_id = v.id)
            ) order by m.video_id)::text
            from showcase_videos m join videos v on v.id = m.video_id where m.showcase_id = s.id),
          -- The cover: the chosen picture, and where a live event has none of its own (its
          -- pages show the cover instead), every picture of the showcase.
          (select jsonb_agg(to_jsonb(p) order by p.width)::text
            from video_pictures p where p.video_id = s.thumbnail_video_id),
          (select jsonb_agg(to_jsonb(p) order by p.video_id, p.width)::text
            from held h join video_pictures p on p.video_id = h.video_id
            where h.showcase_id = s.id and exists (
              select 1 from held l join videos lv on lv.id = l.video_id
              where l.showcase_id = s.id and lv.type = 'live'
                and not exists (select 1 from video_pictures lp where lp.video_id = lv.id)))
        )) as frame,
        md5(concat_ws('|',
          (select jsonb_agg(to_jsonb(p) order by p.width)::text
            from video_pictures p where p.video_id = s.thumbnail_video_id),
          (select jsonb_agg(to_jsonb(p) order by p.video_id, p.width)::text
            from held h join video_pictures p on p.video_id = h.video_id where h.showcase_id = s.id)
        )) as cover,
        coalesce((select jsonb_object_agg(h.video_id::text, d.digest)
          from held h join video_digests d on d.id = h.video_id where h.showcase_id = s.id), '{}')::text as videos
      from showcases s where s.id in ${ids}
    `,
  );
  return new Map(
    found.map((row): [number, ShowcaseDigest] => [
      Number(row.id),
      {
        frame: row.frame,
        cover: row.cover,
        videos: JSON.parse(row.videos) as Record<number, string>,
      },
    ]),
  );
}
