/**
 * The cover picture of a showcase's card on the home page: the pictures of its chosen
 * thumbnail video, else of the first video in its own order that has pictures. Only videos
 * the showcase shows and anybody may see without a content gate: the home page is the same
 * for every signed-out visitor and is cached as such.
 */
import { sql } from 'drizzle-orm';
import { RESTRICTED_RATINGS } from '../../lib/contentGates.ts';
import { isPublicVideo } from '../../lib/publicVideo.ts';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { showcases, showcaseVideos, videoPictures, videos } from '../db/schema.ts';
import { publicPicturePath } from '../media/publicThumbnails.ts';
import { sign } from './represent.ts';
import { parsed, visibleInShowcase, type PictureRef } from './showcaseQueries.ts';

interface CoverPicture {
  link: string;
  width: number;
  height: number;
}

/** Smallest first, as a srcset lists them. */
export type ShowcaseCover = CoverPicture[];

interface CoverRow {
  showcase_id: number;
  video_id: number;
  privacy_view: string;
  status: string;
  content_rating: string;
  pictures: PictureRef[] | string;
}

/** Covers of the given showcases (all of them shown to anybody), by showcase id; one without a picture is absent. */
export async function showcaseCovers(
  db: Db,
  showcaseIds: readonly number[],
): Promise<Map<number, ShowcaseCover>> {
  if (showcaseIds.length === 0) return new Map();
  const restricted = sql.join(
    RESTRICTED_RATINGS.map((rating) => sql`${rating}`),
    sql`, `,
  );
  const candidates = sql`select ${videos.id} as id, ${videos.privacyView} as privacy_view, ${videos.status} as status, ${videos.contentRating} as content_rating
      from ${showcaseVideos} sv join ${videos} on ${videos.id} = sv.video_id
     where sv.showcase_id = s.id and ${visibleInShowcase()} and ${videos.contentRating} not in (${restricted})
       and exists (select 1 from ${videoPictures} p where p.video_id = ${videos.id})`;
  const found = await rows<CoverRow>(
    db,
    sql`select s.id as showcase_id, v.id as video_id, v.privacy_view, v.status, v.content_rating,
          (select json_agg(json_build_object('width', p.width, 'height', p.height, 'storageKey', p.storage_key) order by p.width)
             from ${videoPictures} p where p.video_id = v.id) as pictures
        from ${showcases} s
        -- The chosen thumbnail video, else the first shown one in the showcase's order, read
        -- along its index of shown memberships: a showcase of thousands is not sorted whole.
        join lateral (
          (${candidates} and sv.video_id = s.thumbnail_video_id)
          union all
          (${candidates} and sv.shown order by sv.position asc limit 1)
          limit 1
        ) v on true
       where s.id in (${sql.join(
         showcaseIds.map((id) => sql`${id}`),
         sql`, `,
       )})`,
  );
  return new Map(
    found.map((row) => {
      const video = {
        id: row.video_id,
        privacyView: row.privacy_view,
        status: row.status,
        contentRating: row.content_rating,
      };
      // A public video's picture has a stable address; a stock clip's or an unlisted video's a signed link every visitor shares.
      const link = (p: PictureRef) =>
        isPublicVideo(video) ? publicPicturePath(video.id, p) : sign(p.storageKey, true);
      return [
        row.showcase_id,
        parsed(row.pictures).map((p) => ({ link: link(p), width: p.width, height: p.height })),
      ] as const;
    }),
  );
}
