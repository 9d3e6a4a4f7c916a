/**
 * Reads of showcases and their videos. The page and the API both call these, so what a
 * browser renders and what an island fetches can never disagree.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Sort } from '../../lib/domain.ts';
import { SORT_MAP, type SortSpec } from '../../lib/sortMap.ts';
import {
  inPageOrder,
  pagesOverMemberships,
  pageWindow,
  type PagedId,
} from '../../lib/deferredPage.ts';
import {
  createDirectoryCache,
  sliceDirectory,
  toDirectory,
  usesDirectory,
} from '../../lib/orderDirectory.ts';
import type { Db } from '../db/client.ts';
import {
  liveBroadcasts,
  liveEvents,
  showcases,
  showcaseVideos,
  users,
  videoFiles,
  videoPictures,
  videos,
} from '../db/schema.ts';

export type ShowcaseRow = typeof showcases.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type VideoRow = typeof videos.$inferSelect;
/** The parts of pictures, files and live events a representation needs. */
export interface PictureRef {
  width: number;
  height: number;
  storageKey: string;
}
export interface FileRef {
  quality: string;
  mime: string;
  width: number | null;
  height: number | null;
  size: number;
  storageKey: string;
  tier: string;
}
export interface LiveRef {
  status: string;
  startTime: string | null;
  rrule: string | null;
  timeZone: string;
  archivedTime: string | null;
  /** Whether its broadcasts are recorded to become its replay (off: nothing is kept). */
  saveReplay: boolean;
  chatRoomId: number | null;
  /** The broadcast on the air (its live HLS), for a streaming event. */
  broadcastId: number | null;
  /**
   * When the broadcast on the air began, or the last one of an event that is over: what
   * "Started …" and "Streamed …" say, whatever the schedule said.
   */
  broadcastStartedAt: string | null;
  /** When the last broadcast of an event that is over ended. */
  broadcastEndedAt: string | null;
}

export interface ShowcaseWithOwner {
  showcase: ShowcaseRow;
  owner: UserRow;
  totalVideos: number;
  /** Any visible video is rated explicit (mature) or unrated: the age gate may apply (SPEC §5). */
  hasRestrictedVideos: boolean;
}

export interface VideoWithMedia {
  video: VideoRow;
  owner: UserRow;
  pictures: PictureRef[];
  files: FileRef[];
  live: LiveRef | null;
  position: number;
}

/**
 * Videos a viewer of a showcase may see in it: ready, and not private to their owner.
 * Password-protected or private videos stay out of the showcase for everyone but the owner.
 */
export function visibleInShowcase(): SQL {
  // Ready, and anybody, unlisted or stock: the SQL function of migration 0008_search_paging,
  // which also keeps showcases.video_count.
  return sql`vitrine_shows_in_showcase(${videos.status}, ${videos.privacyView})`;
}

/** filter=playable (SPEC §7, when upcoming events are hidden): live events not yet live drop out. */
export function playable(): SQL {
  return or(
    sql`${videos.type} <> 'live'`,
    sql`exists (select 1 from ${liveEvents} where ${liveEvents.videoId} = ${videos.id} and ${liveEvents.status} in ('streaming', 'done'))`,
  )!;
}

/** The showcase and its owner; the totals are the counts kept with the showcase (migration 0008_search_paging). */
export async function findShowcase(db: Db, id: number): Promise<ShowcaseWithOwner | null> {
  const [row] = await db
    .select({ showcase: showcases, owner: users })
    .from(showcases)
    .innerJoin(users, eq(users.id, showcases.ownerId))
    .where(eq(showcases.id, id))
    .limit(1);
  return row
    ? {
        ...row,
        totalVideos: row.showcase.videoCount,
        hasRestrictedVideos: row.showcase.restrictedVideoCount > 0,
      }
    : null;
}

export async function findShowcaseByDomain(db: Db, host: string): Promise<number | null> {
  const [row] = await db
    .select({ id: showcases.id })
    .from(showcases)
    .where(sql`lower(${showcases.domain}) = ${host.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** Showcases anyone may open, for the instance's home page, with the count each shows (as findShowcase). */
export async function listPublicShowcases(
  db: Db,
): Promise<Omit<ShowcaseWithOwner, 'hasRestrictedVideos'>[]> {
  const rows = await db
    .select({ showcase: showcases, owner: users, totalVideos: showcases.videoCount })
    .from(showcases)
    .innerJoin(users, eq(users.id, showcases.ownerId))
    .where(and(eq(showcases.privacyView, 'anybody'), notInArray(showcases.layout, ['embed-only'])))
    .orderBy(asc(showcases.id));
  return rows;
}

/**
 * The order of a showcase sort (SPEC §3), or of an order an API call names (vimeoSort.ts).
 * `id` is the video id the last tie is broken on: the membership's copy when only
 * showcase_videos is read.
 */
export function orderFor(sort: Sort | SortSpec, id: SQLWrapper = videos.id): SQL[] {
  const { by, direction } = sortSpecOf(sort);
  const dir = direction === 'asc' ? asc : desc;
  const column = {
    name: sql`lower(${videos.name})`,
    date: videos.createdAt,
    likes: videos.likes,
    plays: videos.plays,
    comments: videos.comments,
    duration: videos.duration,
    position: showcaseVideos.position,
    added: showcaseVideos.addedAt,
  }[by];
  // Ties keep the owner's arrangement, then the id, so paging is stable.
  return [dir(column), asc(showcaseVideos.position), asc(id)];
}

function sortSpecOf(sort: Sort | SortSpec): SortSpec {
  return typeof sort === 'string' ? SORT_MAP[sort] : sort;
}

export interface ListOptions {
  showcaseId: number;
  sort: Sort | SortSpec;
  page: number;
  perPage: number;
  filter?: 'playable' | undefined;
}

/** Pictures, files and the live event of a video, as JSON in the same row: one round trip. */
export const media = {
  pictures: sql<PictureRef[]>`(
    select coalesce(json_agg(json_build_object(
      'width', p.width, 'height', p.height, 'storageKey', p.storage_key
    ) order by p.width), '[]'::json)
    from ${videoPictures} p
    where p.video_id = ${videos.id}
  )`,
  files: sql<FileRef[]>`(
    select coalesce(json_agg(json_build_object(
      'quality', f.quality, 'mime', f.mime, 'width', f.width, 'height', f.height,
      'size', f.size, 'storageKey', f.storage_key, 'tier', f.tier
    )), '[]'::json)
    from ${videoFiles} f
    where f.video_id = ${videos.id}
  )`,
  live: sql<LiveRef | null>`(
    select json_build_object(
      'status', l.status, 'startTime', l.start_time, 'rrule', l.rrule,
      'timeZone', l.time_zone, 'archivedTime', l.archived_time, 'saveReplay', l.save_replay,
      'chatRoomId', l.chat_room_id,
      'broadcastId', case when l.status = 'streaming' then b.id end,
      'broadcastStartedAt', b.started_at, 'broadcastEndedAt', b.ended_at
    )
    from ${liveEvents} l
    left join lateral (
      select lb.id, lb.started_at, lb.ended_at from ${liveBroadcasts} lb
      where lb.event_video_id = l.video_id
        and ((l.status = 'streaming' and lb.status = 'live')
          or (l.status = 'done' and lb.ended_at is not null))
      order by lb.started_at desc, lb.id desc
      limit 1
    ) b on true
    where l.video_id = ${videos.id}
  )`,
};

/** json columns arrive parsed from postgres.js and as text from some drivers. */
export function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

type MediaRow = {
  video: VideoRow;
  owner: UserRow;
  position: number;
  pictures: PictureRef[];
  files: FileRef[];
  live: LiveRef | null;
};

function toItem(row: MediaRow): VideoWithMedia {
  return {
    video: row.video,
    owner: row.owner,
    position: row.position,
    pictures: parsed(row.pictures),
    files: parsed(row.files),
    live: parsed(row.live),
  };
}

/**
 * The videos of `ids` with their owners and media, in the order of `ids`. Only the rows of a
 * page come here, so the picture, file and live subqueries never run for skipped rows.
 */
async function withMedia(db: Db, page: readonly PagedId[]): Promise<VideoWithMedia[]> {
  if (page.length === 0) return [];
  const rows = await db
    .select({ video: videos, owner: users, ...media })
    .from(videos)
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(
      inArray(
        videos.id,
        page.map((p) => p.id),
      ),
    );
  return inPageOrder(page, rows, (row) => row.video.id).map(([{ position }, row]) =>
    toItem({ ...row, position }),
  );
}

/**
 * One page of a showcase's videos matching `where`, in `order` (a deferred join: the page's
 * ids first, over indexes and bare rows, then the media of those ids alone). The total is
 * `total`'s (a showcase's kept count) when given, else a count of the matches.
 */
export async function pageOfShowcaseVideos(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  page: number,
  perPage: number,
  total?: () => Promise<number>,
): Promise<{ total: number; items: VideoWithMedia[] }> {
  const { limit, offset } = pageWindow(page, perPage);
  const counted = () =>
    db
      .select({ n: count() })
      .from(showcaseVideos)
      .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
      .where(where)
      .then(([row]) => row?.n ?? 0);
  const [ids, n] = await Promise.all([
    db
      .select({ id: videos.id, position: showcaseVideos.position })
      .from(showcaseVideos)
      .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    (total ?? counted)(),
  ]);
  return { total: n, items: await withMedia(db, ids) };
}

/**
 * Visible videos of a showcase, read from its kept count; with filter=playable less the live
 * events not yet on the air, found through the index of live videos.
 */
async function showcaseTotal(
  db: Db,
  showcaseId: number,
  filter: ListOptions['filter'],
): Promise<number> {
  const waiting =
    filter === 'playable'
      ? sql`(
          select count(*)::int from ${videos}
          join ${showcaseVideos}
            on ${showcaseVideos.videoId} = ${videos.id}
            and ${showcaseVideos.showcaseId} = ${showcases.id}
          where ${videos.type} = 'live' and ${visibleInShowcase()} and not ${playable()}
        )`
      : sql`0`;
  const [row] = await db
    .select({ n: sql<number>`${showcases.videoCount} - ${waiting}` })
    .from(showcases)
    .where(eq(showcases.id, showcaseId));
  return Number(row?.n ?? 0);
}

/** The arranged and added orders of the showcases read lately, for their late pages. */
const directories = createDirectoryCache(32);

export async function listShowcaseVideos(
  db: Db,
  options: ListOptions,
): Promise<{ total: number; items: VideoWithMedia[] }> {
  const total = () => showcaseTotal(db, options.showcaseId, options.filter);
  const spec = sortSpecOf(options.sort);
  if (pagesOverMemberships(spec, options.filter)) {
    // The arranged and added orders: an index of showcase_videos alone holds the page; a late
    // page is cut from the whole order, read once per order version.
    const { limit, offset } = pageWindow(options.page, options.perPage);
    const memberships = db
      .select({ id: showcaseVideos.videoId, position: showcaseVideos.position })
      .from(showcaseVideos)
      .where(and(eq(showcaseVideos.showcaseId, options.showcaseId), eq(showcaseVideos.shown, true)))
      .orderBy(...orderFor(spec, showcaseVideos.videoId));
    if (usesDirectory(offset)) {
      const [head] = await db
        .select({ total: showcases.videoCount, version: showcases.orderVersion })
        .from(showcases)
        .where(eq(showcases.id, options.showcaseId));
      if (!head) return { total: 0, items: [] };
      const key = `${options.showcaseId}:${spec.by}.${spec.direction}`;
      const directory = await directories.get(key, head.version, async () =>
        toDirectory(head.version, await memberships),
      );
      return {
        total: head.total,
        items: await withMedia(db, sliceDirectory(directory, offset, limit)),
      };
    }
    const [ids, n] = await Promise.all([memberships.limit(limit).offset(offset), total()]);
    return { total: n, items: await withMedia(db, ids) };
  }
  const where = and(
    eq(showcaseVideos.showcaseId, options.showcaseId),
    visibleInShowcase(),
    options.filter === 'playable' ? playable() : undefined,
  );
  return pageOfShowcaseVideos(
    db,
    where,
    orderFor(options.sort),
    options.page,
    options.perPage,
    total,
  );
}

export async function findShowcaseVideo(
  db: Db,
  showcaseId: number,
  videoId: number,
): Promise<VideoWithMedia | null> {
  const [row] = await db
    .select({ video: videos, owner: users, position: showcaseVideos.position, ...media })
    .from(showcaseVideos)
    .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(
      and(eq(showcaseVideos.showcaseId, showcaseId), eq(videos.id, videoId), visibleInShowcase()),
    )
    .limit(1);
  return row ? toItem(row) : null;
}
