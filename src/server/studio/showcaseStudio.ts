/**
 * The studio's showcases: the list of an account's showcases, creating, duplicating and
 * deleting them (their videos stay in the library), saving their settings in one transaction
 * with a version check, and the videos in them: adding from the library, removing, moving
 * and reordering ("arranged" order). Every write drops this node's cached reads, so the
 * public page shows the change on the next request.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Layout, ShowcasePrivacy, VideoPrivacy } from '../../lib/domain.ts';
import { checkReorder, moveInOrder, type Move } from '../../lib/showcaseOrder.ts';
import type { ShowcaseSettings } from '../../lib/showcaseSettings.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { showcases, showcaseVideos, videoPictures, videos } from '../db/schema.ts';
import { forgetShowcaseReads } from '../showcases/cachedReads.ts';
import { appendToShowcase } from '../showcases/joinShowcase.ts';
import { sign } from '../showcases/represent.ts';

export type ShowcaseRow = typeof showcases.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StudioShowcaseCard {
  id: number;
  name: string;
  privacy: ShowcasePrivacy;
  layout: Layout;
  videoCount: number;
  /** A signed 640x350 picture of its chosen or first video, if any. */
  thumbnail: string | null;
}

export interface StudioShowcaseVideo {
  id: number;
  name: string;
  privacy: VideoPrivacy;
  status: string;
  uploaderId: number | null;
  thumbnail: string | null;
}

/** The version a form carries: the showcase's last settings write, to the millisecond. */
export function settingsVersion(showcase: Pick<ShowcaseRow, 'updatedAt'>): string {
  return String(showcase.updatedAt.getTime());
}

const smallestPicture = (videoId: ReturnType<typeof sql>) =>
  sql<
    string | null
  >`(select ${videoPictures.storageKey} from ${videoPictures} where ${videoPictures.videoId} = ${videoId} order by ${videoPictures.width} asc limit 1)`;

const firstVideo = sql`(
  select ${showcaseVideos.videoId} from ${showcaseVideos}
  where ${showcaseVideos.showcaseId} = ${showcases.id}
  order by ${showcaseVideos.position} asc
  limit 1
)`;

export async function listStudioShowcases(db: Db, ownerId: number): Promise<StudioShowcaseCard[]> {
  const rows = await db
    .select({
      id: showcases.id,
      name: showcases.name,
      privacy: showcases.privacyView,
      layout: showcases.layout,
      videoCount: sql<number>`(select count(*)::int from ${showcaseVideos} where ${showcaseVideos.showcaseId} = ${showcases.id})`,
      pictureKey: smallestPicture(sql`coalesce(${showcases.thumbnailVideoId}, ${firstVideo})`),
    })
    .from(showcases)
    .where(eq(showcases.ownerId, ownerId))
    .orderBy(asc(showcases.name), asc(showcases.id));
  return rows.map(({ pictureKey, ...row }) => ({
    ...row,
    privacy: row.privacy as ShowcasePrivacy,
    layout: row.layout as Layout,
    videoCount: Number(row.videoCount),
    thumbnail: pictureKey ? sign(pictureKey) : null,
  }));
}

export async function findStudioShowcase(
  db: Db,
  ownerId: number,
  albumId: number,
): Promise<ShowcaseRow | null> {
  const [row] = await db
    .select()
    .from(showcases)
    .where(and(eq(showcases.id, albumId), eq(showcases.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

const videoCardColumns = {
  id: videos.id,
  name: videos.name,
  privacy: videos.privacyView,
  status: videos.status,
  uploaderId: videos.uploaderId,
  pictureKey: smallestPicture(sql`${videos.id}`),
};

function asStudioVideo({
  pictureKey,
  ...row
}: Omit<StudioShowcaseVideo, 'thumbnail' | 'privacy'> & {
  privacy: string;
  pictureKey: string | null;
}): StudioShowcaseVideo {
  return {
    ...row,
    privacy: row.privacy as VideoPrivacy,
    thumbnail: pictureKey ? sign(pictureKey) : null,
  };
}

/** Titles containing `text` (any case, taken literally); no condition for an empty text. */
export function titleContains(text: string): SQL | undefined {
  if (text === '') return undefined;
  return ilike(videos.name, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** The showcase's videos in their manual order, with what the editor shows of each. */
export async function listStudioShowcaseVideos(
  db: Db,
  albumId: number,
): Promise<StudioShowcaseVideo[]> {
  const rows = await db
    .select(videoCardColumns)
    .from(showcaseVideos)
    .innerJoin(videos, eq(videos.id, showcaseVideos.videoId))
    .where(eq(showcaseVideos.showcaseId, albumId))
    .orderBy(asc(showcaseVideos.position), asc(videos.id));
  return rows.map(asStudioVideo);
}

/** Videos of the account's library not yet in the showcase, matching `query` in their title. */
export async function findVideosToAdd(
  db: Db,
  ownerId: number,
  albumId: number,
  query: string,
  uploaderId: number | null,
  limit = 20,
): Promise<StudioShowcaseVideo[]> {
  const inShowcase = db
    .select({ id: showcaseVideos.videoId })
    .from(showcaseVideos)
    .where(eq(showcaseVideos.showcaseId, albumId));
  const rows = await db
    .select(videoCardColumns)
    .from(videos)
    .where(
      and(
        eq(videos.ownerId, ownerId),
        notInArray(videos.id, inShowcase),
        titleContains(query),
        uploaderId === null ? undefined : eq(videos.uploaderId, uploaderId),
      ),
    )
    .orderBy(sql`${videos.createdAt} desc`, sql`${videos.id} desc`)
    .limit(limit);
  return rows.map(asStudioVideo);
}

export async function createShowcase(db: Db, ownerId: number, name: string): Promise<number> {
  const [row] = await db
    .insert(showcases)
    .values({ ownerId, name })
    .returning({ id: showcases.id });
  forgetShowcaseReads();
  return row!.id;
}

/**
 * A copy with the same settings and videos, named by `name`. The copy has no own domain (a
 * domain names one showcase) and a share link of its own when unlisted.
 */
export async function duplicateShowcase(
  db: Db,
  source: ShowcaseRow,
  name: string,
): Promise<number> {
  const id = await db.transaction(async (tx) => {
    const {
      id: _id,
      createdAt: _created,
      updatedAt: _updated,
      domain: _domain,
      ...settings
    } = source;
    const [row] = await tx
      .insert(showcases)
      .values({ ...settings, name, unlistedHash: source.unlistedHash ? newShareHash() : null })
      .returning({ id: showcases.id });
    const copyId = row!.id;
    await tx.execute(
      sql`insert into ${showcaseVideos} (showcase_id, video_id, position, added_at)
        select ${copyId}, video_id, position, added_at from ${showcaseVideos}
        where showcase_id = ${source.id}`,
    );
    return copyId;
  });
  forgetShowcaseReads();
  return id;
}

/** Deletes the showcase; its videos stay in the account's library. */
export async function deleteShowcase(db: Db, albumId: number): Promise<void> {
  await db.delete(showcases).where(eq(showcases.id, albumId));
  forgetShowcaseReads();
}

/** A share hash for an unlisted showcase's link (?sh=…): unguessable, short enough to paste. */
function newShareHash(): string {
  return randomBytes(9).toString('base64url');
}

export type SaveOutcome = 'saved' | 'conflict' | 'domainTaken';

/**
 * Saves every setting at once, if the showcase is still at `version` (the one the form was
 * made from); otherwise nothing is written and the editor says the showcase changed elsewhere.
 * A new password bumps the password version, so proofs of the old one stop working.
 */
export async function saveShowcaseSettings(
  db: Db,
  showcase: ShowcaseRow,
  settings: ShowcaseSettings,
  version: string,
): Promise<SaveOutcome> {
  const passwordHash = settings.newPassword ? await hashPassword(settings.newPassword) : undefined;
  try {
    const outcome = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ updatedAt: showcases.updatedAt })
        .from(showcases)
        .where(eq(showcases.id, showcase.id))
        .for('update');
      if (!current || settingsVersion(current) !== version) return 'conflict' as const;
      const unlistedHash =
        settings.privacy === 'unlisted'
          ? (showcase.unlistedHash ?? newShareHash())
          : showcase.unlistedHash;
      await tx
        .update(showcases)
        .set({
          name: settings.name,
          description: settings.description,
          layout: settings.layout,
          theme: settings.theme,
          brandColor: settings.brandColor,
          privacyView: settings.privacy,
          hideNav: settings.hideNav,
          hideUpcoming: settings.hideUpcoming,
          sort: settings.sort,
          allowDownloads: settings.allowDownloads,
          allowShare: settings.allowShare,
          allowContinuousPlay: settings.allowContinuousPlay,
          autoplay: settings.autoplay,
          domain: settings.domain,
          embedDomains: settings.embedDomains,
          thumbnailVideoId: settings.thumbnailVideoId,
          hasChosenThumbnail: settings.thumbnailVideoId !== null,
          featuredVideoId: settings.featuredVideoId,
          unlistedHash,
          ...(passwordHash
            ? { passwordHash, passwordVersion: sql`${showcases.passwordVersion} + 1` }
            : {}),
          updatedAt: new Date(Math.max(Date.now(), current.updatedAt.getTime() + 1)),
        })
        .where(eq(showcases.id, showcase.id));
      return 'saved' as const;
    });
    forgetShowcaseReads();
    return outcome;
  } catch (error) {
    // 23505: another showcase has this domain (showcases_domain_key).
    if (
      (error as { code?: string }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    )
      return 'domainTaken';
    throw error;
  }
}

/** Writes a new share hash: the old unlisted link stops working. */
export async function renewShareHash(db: Db, albumId: number): Promise<void> {
  await db.update(showcases).set({ unlistedHash: newShareHash() }).where(eq(showcases.id, albumId));
  forgetShowcaseReads();
}

/** Adds library videos of the account at the end, in the order given; ids already in it are skipped. */
export async function addShowcaseVideos(
  db: Db,
  ownerId: number,
  albumId: number,
  videoIds: readonly number[],
): Promise<number> {
  if (videoIds.length === 0) return 0;
  const added = await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.ownerId, ownerId), inArray(videos.id, [...videoIds])));
    const ownedIds = new Set(owned.map((row) => row.id));
    const appended = await appendToShowcase(
      tx,
      albumId,
      videoIds.filter((id) => ownedIds.has(id)),
    );
    return appended.length;
  });
  forgetShowcaseReads();
  return added;
}

export async function removeShowcaseVideo(db: Db, albumId: number, videoId: number): Promise<void> {
  await db
    .delete(showcaseVideos)
    .where(and(eq(showcaseVideos.showcaseId, albumId), eq(showcaseVideos.videoId, videoId)));
  forgetShowcaseReads();
}

async function writeOrder(tx: Tx, albumId: number, order: readonly number[]): Promise<void> {
  for (const [i, videoId] of order.entries()) {
    await tx
      .update(showcaseVideos)
      .set({ position: i + 1 })
      .where(and(eq(showcaseVideos.showcaseId, albumId), eq(showcaseVideos.videoId, videoId)));
  }
}

async function currentOrder(tx: Tx, albumId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: showcaseVideos.videoId })
    .from(showcaseVideos)
    .where(eq(showcaseVideos.showcaseId, albumId))
    .orderBy(asc(showcaseVideos.position), asc(showcaseVideos.videoId))
    .for('update');
  return rows.map((row) => row.id);
}

export async function moveShowcaseVideo(
  db: Db,
  albumId: number,
  videoId: number,
  move: Move,
): Promise<void> {
  await db.transaction(async (tx) =>
    writeOrder(tx, albumId, moveInOrder(await currentOrder(tx, albumId), videoId, move)),
  );
  forgetShowcaseReads();
}

export type ReorderOutcome =
  { ok: true } | { ok: false; reason: 'unknown' | 'missing' | 'repeated' };

/** Puts the showcase's videos in `order`, which must name each of them once; else nothing changes. */
export async function reorderShowcase(
  db: Db,
  albumId: number,
  order: readonly number[],
): Promise<ReorderOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const check = checkReorder(await currentOrder(tx, albumId), order);
    if (check.ok) await writeOrder(tx, albumId, order);
    return check;
  });
  if (outcome.ok) forgetShowcaseReads();
  return outcome;
}
