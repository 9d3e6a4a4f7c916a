/**
 * Reads of the API beyond one showcase: an account's showcases and videos as a viewer may
 * list them, the showcases holding a video, and a showcase's picture. What anybody else may
 * list is what the site lists for them: showcases anybody may open (the home page's rule)
 * and the videos shown in them; the account's own user lists everything of theirs.
 */
import { and, asc, count, desc, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ListOrder } from '../../lib/vimeoSort.ts';
import type { Db } from '../db/client.ts';
import { showcases, showcaseVideos, uploads, users, videoPictures, videos } from '../db/schema.ts';
import { holdsText } from '../search/globalSearch.ts';
import {
  media,
  parsed,
  visibleInShowcase,
  type PictureRef,
  type ShowcaseWithOwner,
  type VideoWithMedia,
} from '../showcases/showcaseQueries.ts';

export interface AccountList {
  ownerId: number;
  /** The reader is the account's own user: everything of theirs is listed. */
  self: boolean;
  /** Vimeo's `query`, normalised: only what holds it in its title or description; '' for all. */
  query: string;
  /** Only the videos filed in this library folder (the API's /me/projects/{id}/videos). */
  folderId?: number;
  page: number;
  perPage: number;
}

/** Showcases anybody may open, which the site lists on its home page. */
const listedShowcase = (): SQL =>
  and(eq(showcases.privacyView, 'anybody'), ne(showcases.layout, 'embed-only'))!;

/** A video shown in a showcase anybody may open. */
const shownPublicly = (): SQL =>
  and(
    visibleInShowcase(),
    exists(
      sql`(
        select 1 from ${showcaseVideos} sv
        join ${showcases} on ${showcases.id} = sv.showcase_id
        where sv.video_id = ${videos.id} and ${listedShowcase()}
      )`,
    ),
  )!;

const visibleVideoCount = sql<number>`(
  select count(*)::int from ${showcaseVideos}
  join ${videos} on ${videos.id} = ${showcaseVideos.videoId}
  where ${showcaseVideos.showcaseId} = ${showcases.id} and ${visibleInShowcase()}
)`;

export async function listAccountShowcases(
  db: Db,
  list: AccountList,
  order: ListOrder<'name' | 'date' | 'videos'> | null,
): Promise<{ total: number; items: Omit<ShowcaseWithOwner, 'hasRestrictedVideos'>[] }> {
  const where = and(
    eq(showcases.ownerId, list.ownerId),
    list.self ? undefined : listedShowcase(),
    list.query === ''
      ? undefined
      : holdsText(
          sql`vitrine_search_fold(${showcases.name} || ' ' || ${showcases.description})`,
          list.query,
        ),
  );
  const { by, direction } = order ?? { by: 'date', direction: 'desc' };
  const dir = direction === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${showcases.name})`,
    date: showcases.createdAt,
    videos: visibleVideoCount,
  }[by];
  const [rows, [counted]] = await Promise.all([
    db
      .select({ showcase: showcases, owner: users, totalVideos: visibleVideoCount })
      .from(showcases)
      .innerJoin(users, eq(users.id, showcases.ownerId))
      .where(where)
      .orderBy(dir(column), asc(showcases.id))
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    db.select({ n: count() }).from(showcases).where(where),
  ]);
  return {
    total: counted?.n ?? 0,
    items: rows.map((row) => ({ ...row, totalVideos: Number(row.totalVideos) })),
  };
}

/** One showcase with its owner and how many videos it shows, whoever may see it, or null. */
export async function findAccountShowcase(
  db: Db,
  albumId: number,
): Promise<Omit<ShowcaseWithOwner, 'hasRestrictedVideos'> | null> {
  const [row] = await db
    .select({ showcase: showcases, owner: users, totalVideos: visibleVideoCount })
    .from(showcases)
    .innerJoin(users, eq(users.id, showcases.ownerId))
    .where(eq(showcases.id, albumId))
    .limit(1);
  return row ? { ...row, totalVideos: Number(row.totalVideos) } : null;
}

/** An account's video with its media, whether its file has arrived, and the first listed showcase showing it. */
export interface AccountVideo extends VideoWithMedia {
  received: boolean;
  showcaseId: number | null;
}

/** The file has arrived: the video is past processing, or an upload counted it. */
const received = sql<boolean>`(
  ${videos.status} <> 'processing'
  or exists (select 1 from ${uploads} where ${uploads.videoId} = ${videos.id})
)`;
const firstShowcase = (onlyListed: boolean) => sql<number | null>`(
  select min(sv.showcase_id) from ${showcaseVideos} sv
  join ${showcases} on ${showcases.id} = sv.showcase_id
  where sv.video_id = ${videos.id}${onlyListed ? sql` and ${listedShowcase()}` : sql``}
)`;

type AccountVideoRow = Omit<AccountVideo, 'pictures' | 'files' | 'live'> & {
  pictures: PictureRef[] | string;
  files: VideoWithMedia['files'] | string;
  live: VideoWithMedia['live'] | string;
};

const toAccountVideo = (row: AccountVideoRow): AccountVideo => ({
  ...row,
  pictures: parsed(row.pictures),
  files: parsed(row.files),
  live: parsed(row.live),
  received: Boolean(row.received),
  showcaseId: row.showcaseId === null ? null : Number(row.showcaseId),
});

export async function listAccountVideos(
  db: Db,
  list: AccountList,
  order: ListOrder<'name' | 'date' | 'plays' | 'likes' | 'comments' | 'duration'> | null,
): Promise<{ total: number; items: AccountVideo[] }> {
  const where = and(
    eq(videos.ownerId, list.ownerId),
    list.self ? undefined : shownPublicly(),
    list.query === '' ? undefined : holdsText(sql`${videos.searchText}`, list.query),
    list.folderId === undefined ? undefined : eq(videos.folderId, list.folderId),
  );
  const { by, direction } = order ?? { by: 'date', direction: 'desc' };
  const dir = direction === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${videos.name})`,
    date: videos.createdAt,
    plays: videos.plays,
    likes: videos.likes,
    comments: videos.comments,
    duration: videos.duration,
  }[by];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        video: videos,
        owner: users,
        position: sql<number>`0`,
        received,
        showcaseId: firstShowcase(!list.self),
        ...media,
      })
      .from(videos)
      .innerJoin(users, eq(users.id, videos.ownerId))
      .where(where)
      .orderBy(dir(column), asc(videos.id))
      .limit(list.perPage)
      .offset((list.page - 1) * list.perPage),
    db.select({ n: count() }).from(videos).where(where),
  ]);
  return { total: counted?.n ?? 0, items: rows.map(toAccountVideo) };
}

/** How many showcases and videos of an account a reader may list (a user's connections). */
export async function accountTotals(
  db: Db,
  ownerId: number,
  self: boolean,
): Promise<{ albums: number; videos: number }> {
  const [[albums], [listed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(showcases)
      .where(and(eq(showcases.ownerId, ownerId), self ? undefined : listedShowcase())),
    db
      .select({ n: count() })
      .from(videos)
      .where(and(eq(videos.ownerId, ownerId), self ? undefined : shownPublicly())),
  ]);
  return { albums: albums?.n ?? 0, videos: listed?.n ?? 0 };
}

/** One video with its media, whatever its state, or null. */
export async function findAccountVideo(db: Db, videoId: number): Promise<AccountVideo | null> {
  const [row] = await db
    .select({
      video: videos,
      owner: users,
      position: sql<number>`0`,
      received,
      showcaseId: firstShowcase(false),
      ...media,
    })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(eq(videos.id, videoId))
    .limit(1);
  return row ? toAccountVideo(row) : null;
}

/** The showcases holding a video, those anybody may open first. */
export async function showcasesHolding(db: Db, videoId: number): Promise<number[]> {
  const rows = await db
    .select({ id: showcases.id })
    .from(showcaseVideos)
    .innerJoin(showcases, eq(showcases.id, showcaseVideos.showcaseId))
    .where(eq(showcaseVideos.videoId, videoId))
    .orderBy(desc(sql`${listedShowcase()}`), asc(showcases.id));
  return rows.map((row) => row.id);
}

/** Whether the user exists and anybody may list one of their showcases (a public profile). */
export async function userShownPublicly(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(showcases)
    .where(and(eq(showcases.ownerId, userId), listedShowcase()));
  return (row?.n ?? 0) > 0;
}

/** The picture of each showcase: its chosen video's, else its first shown video's. */
export async function showcasePictures(
  db: Db,
  showcaseIds: readonly number[],
): Promise<Map<number, PictureRef[]>> {
  if (showcaseIds.length === 0) return new Map();
  const first = sql`(
    select sv.video_id from ${showcaseVideos} sv
    join ${videos} on ${videos.id} = sv.video_id
    where sv.showcase_id = ${showcases.id} and ${visibleInShowcase()}
    order by sv.position asc
    limit 1
  )`;
  const rows = await db
    .select({
      id: showcases.id,
      pictures: sql<PictureRef[]>`(
        select coalesce(json_agg(json_build_object(
          'width', p.width, 'height', p.height, 'storageKey', p.storage_key
        ) order by p.width), '[]'::json)
        from ${videoPictures} p
        where p.video_id = coalesce(${showcases.thumbnailVideoId}, ${first})
      )`,
    })
    .from(showcases)
    .where(inArray(showcases.id, [...showcaseIds]));
  return new Map(rows.map((row) => [row.id, parsed(row.pictures)]));
}
