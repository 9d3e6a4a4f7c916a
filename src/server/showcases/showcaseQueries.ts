/**
 * Reads of showcases and their videos. The page and the API both call these, so what a
 * browser renders and what an island fetches can never disagree.
 */
import { and, asc, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Sort } from '../../lib/domain.ts';
import { SORT_MAP, type SortSpec } from '../../lib/sortMap.ts';
import { RESTRICTED_RATINGS } from '../../lib/contentGates.ts';
import type { Db } from '../db/client.ts';
import { liveBroadcasts, liveEvents, showcases, showcaseVideos, users, videoFiles, videoPictures, videos } from '../db/schema.ts';

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
  chatRoomId: number | null;
  /** The broadcast on the air (its live HLS), for a streaming event. */
  broadcastId: number | null;
  /** When that broadcast began: what "Started …" says, whatever the schedule said. */
  broadcastStartedAt: string | null;
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
  return and(eq(videos.status, 'ready'), inArray(videos.privacyView, ['anybody', 'unlisted', 'stock']))!;
}

/** filter=playable (SPEC §7, when upcoming events are hidden): live events not yet live drop out. */
export function playable(): SQL {
  return or(
    sql`${videos.type} <> 'live'`,
    sql`exists (select 1 from ${liveEvents} where ${liveEvents.videoId} = ${videos.id} and ${liveEvents.status} in ('streaming', 'done'))`,
  )!;
}

export async function findShowcase(db: Db, id: number): Promise<ShowcaseWithOwner | null> {
  const [row] = await db
    .select({
      showcase: showcases,
      owner: users,
      totalVideos: sql<number>`(select count(*)::int from ${showcaseVideos} join ${videos} on ${videos.id} = ${showcaseVideos.videoId} where ${showcaseVideos.showcaseId} = ${showcases.id} and ${visibleInShowcase()})`,
      hasRestrictedVideos: sql<boolean>`exists (select 1 from ${showcaseVideos} join ${videos} on ${videos.id} = ${showcaseVideos.videoId} where ${showcaseVideos.showcaseId} = ${showcases.id} and ${visibleInShowcase()} and ${inArray(videos.contentRating, [...RESTRICTED_RATINGS])})`,
    })
    .from(showcases)
    .innerJoin(users, eq(users.id, showcases.ownerId))
    .where(eq(showcases.id, id))
    .limit(1);
  return row ? { ...row, totalVideos: Number(row.totalVideos), hasRestrictedVideos: Boolean(row.hasRestrictedVideos) } : null;
}

export async function findShowcaseByDomain(db: Db, host: string): Promise<number | null> {
  const [row] = await db
    .select({ id: showcases.id })
    .from(showcases)
    .where(sql`lower(${showcases.domain}) = ${host.toLowerCase()}`)
    .limit(1);
  return row?.id ?? null;
}

/** Showcases anyone may open, for the instance's home page. */
export async function listPublicShowcases(db: Db): Promise<Omit<ShowcaseWithOwner, 'hasRestrictedVideos'>[]> {
  const rows = await db
    .select({ showcase: showcases, owner: users, totalVideos: sql<number>`(select count(*)::int from ${showcaseVideos} where ${showcaseVideos.showcaseId} = ${showcases.id})` })
    .from(showcases)
    .innerJoin(users, eq(users.id, showcases.ownerId))
    .where(and(eq(showcases.privacyView, 'anybody'), notInArray(showcases.layout, ['embed-only'])))
    .orderBy(asc(showcases.id));
  return rows;
}

/** The order of a showcase sort (SPEC §3), or of an order an API call names (vimeoSort.ts). */
export function orderFor(sort: Sort | SortSpec): SQL[] {
  const { by, direction } = typeof sort === 'string' ? SORT_MAP[sort] : sort;
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
  return [dir(column), asc(showcaseVideos.position), asc(videos.id)];
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
  pictures: sql<PictureRef[]>`(select coalesce(json_agg(json_build_object('width', p.width, 'height', p.height, 'storageKey', p.storage_key) order by p.width), '[]'::json) from ${videoPictures} p where p.video_id = ${videos.id})`,
  files: sql<FileRef[]>`(select coalesce(json_agg(json_build_object('quality', f.quality, 'mime', f.mime, 'width', f.width, 'height', f.height, 'size', f.size, 'storageKey', f.storage_key, 'tier', f.tier)), '[]'::json) from ${videoFiles} f where f.video_id = ${videos.id})`,
  live: sql<LiveRef | null>`(select json_build_object('status', l.status, 'startTime', l.start_time, 'rrule', l.rrule, 'timeZone', l.time_zone, 'archivedTime', l.archived_time, 'chatRoomId', l.chat_room_id, 'broadcastId', b.id, 'broadcastStartedAt', b.started_at) from ${liveEvents} l left join lateral (select lb.id, lb.started_at from ${liveBroadcasts} lb where l.status = 'streaming' and lb.event_video_id = l.video_id and lb.status = 'live' order by lb.started_at desc, lb.id desc limit 1) b on true where l.video_id = ${videos.id})`,
};

/** json columns arrive parsed from postgres.js and as text from some drivers. */
export function parsed<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

type MediaRow = { video: VideoRow; owner: UserRow; position: number; pictures: PictureRef[]; files: FileRef[]; live: LiveRef | null };

function toItem(row: MediaRow): VideoWithMedia {
  return { video: row.video, owner: row.owner, position: row.position, pictures: parsed(row.pictures), files: parsed(row.files), live: parsed(row.live) };
}

/**
 * One page of a showcase's videos matching `where`, in `order`, with the total count riding
 * on every row (one round trip). The plain list and the search both read through here.
 */
export async function pageOfShowcaseVideos(db: Db, where: SQL | undefined, order: SQL[], page: number, perPage: number): Promise<{ total: number; items: VideoWithMedia[] }> {
  const rows = await db
    .select({ video: videos, owner: users, position: showcaseVideos.position, total: sql<number>`count(*) over ()`, ...media })
    .from(showcaseVideos)
    .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  let total = Number(rows[0]?.total ?? 0);
  // Past the last page there is no row to carry the count.
  if (rows.length === 0 && page > 1) {
    const [counted] = await db
      .select({ n: count() })
      .from(showcaseVideos)
      .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
      .where(where);
    total = counted?.n ?? 0;
  }
  return { total, items: rows.map(toItem) };
}

export async function listShowcaseVideos(db: Db, options: ListOptions): Promise<{ total: number; items: VideoWithMedia[] }> {
  const where = and(
    eq(showcaseVideos.showcaseId, options.showcaseId),
    visibleInShowcase(),
    options.filter === 'playable' ? playable() : undefined,
  );
  return pageOfShowcaseVideos(db, where, orderFor(options.sort), options.page, options.perPage);
}

export async function findShowcaseVideo(db: Db, showcaseId: number, videoId: number): Promise<VideoWithMedia | null> {
  const [row] = await db
    .select({ video: videos, owner: users, position: showcaseVideos.position, ...media })
    .from(showcaseVideos)
    .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
    .innerJoin(users, eq(users.id, videos.ownerId))
    .where(and(eq(showcaseVideos.showcaseId, showcaseId), eq(videos.id, videoId), visibleInShowcase()))
    .limit(1);
  return row ? toItem(row) : null;
}
