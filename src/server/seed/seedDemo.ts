/**
 * Writes the demo catalogue (demoCatalogue.ts) with real media made by the media module.
 * Media is generated first and cached, then every row goes in one transaction.
 */
import { hash } from '@node-rs/argon2';
import { getTableName, sql } from 'drizzle-orm';
import { getDb } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import {
  chatMessages,
  chatRooms,
  liveBroadcasts,
  liveEvents,
  showcases,
  showcaseVideos,
  siteIdentity,
  siteSecrets,
  ssoConnections,
  teamMemberships,
  teams,
  textTracks,
  users,
  videoFiles,
  videoPictures,
  videos,
} from '../db/schema.ts';
import { logger } from '../logger.ts';
import type { SeedProgress } from '../startupState.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { produceDemoVideo, type DemoVideo as DemoVideoAssets } from '../media/demoMedia.ts';
import { DEMO_RENDER_CONCURRENCY } from '../media/demoMedia.ts';
import { demoSsoConnectionFromEnv } from '../sso/demoConnection.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_CHAT,
  DEMO_PASSWORD,
  DEMO_SHOWCASES,
  DEMO_TEAM_NAME,
  DEMO_VIDEOS,
  FULL_HD_RENDER,
} from './demoCatalogue.ts';
import { seedDemoUploads } from '../quota/demoUploads.ts';
import { forEachConcurrently } from '../../lib/forEachConcurrently.ts';
import { produceStockClip, seedStock } from './seedStock.ts';
import { DEMO_STOCK_CLIPS } from './demoStock.ts';
import { storeDemoCaptions, type CaptionTrack } from './demoCaptions.ts';
import { demoChatRows, demoLiveEvent } from './demoLiveEvents.ts';
import { RECORDING_SEGMENT_SECONDS } from '../live/packagerArgs.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface DemoMedia {
  videos: Map<string, DemoVideoAssets & { captions: CaptionTrack }>;
  stock: Map<string, DemoVideoAssets>;
}

/**
 * Every demo clip, the showcases' and the stock catalogue's, made by one pool, so the progress
 * a first start shows counts them all (rendered after the showcases' clips, the stock clips
 * took half a minute after a full bar). Their 4K sources, the longest, go first.
 */
async function produceMedia(onProgress?: (progress: SeedProgress) => void): Promise<DemoMedia> {
  const storage = mediaStorage();
  const media: DemoMedia = { videos: new Map(), stock: new Map() };
  // Events not yet held have no media; a finished one has its replay.
  const playable = DEMO_VIDEOS.filter((v) => v.duration > 0);
  // Each clip keeps its seed (its place in its own list), whatever order the pool runs it in.
  const jobs = [
    ...DEMO_STOCK_CLIPS.map((clip, i) => async () => {
      media.stock.set(clip.key, await produceStockClip(clip, i, storage));
    }),
    ...playable.map((video, i) => async () => {
      const key = `demo/${video.key}`;
      const produced = await produceDemoVideo({
        key,
        seed: i + 1,
        durationSeconds: video.duration,
        label: video.name,
        storage,
        ...(video.fullHd ? FULL_HD_RENDER : {}),
      });
      media.videos.set(video.key, {
        ...produced,
        captions: await storeDemoCaptions(storage, key, video),
      });
    }),
  ];
  let rendered = 0;
  onProgress?.({ rendered, total: jobs.length });
  await forEachConcurrently(jobs, DEMO_RENDER_CONCURRENCY, async (job) => {
    await job();
    onProgress?.({ rendered: ++rendered, total: jobs.length });
  });
  return media;
}

/**
 * Empties every table; `npm run seed` uses it to re-create the demo from scratch. The site's id
 * and signing keys stay: running nodes name their Redis channels and keys after the one
 * (db/siteIdentity.ts) and sign with the others (secrets.ts).
 */
export async function clearDatabase(): Promise<void> {
  const db = await getDb();
  const tables = await rows<{ tablename: string }>(
    db,
    sql`select tablename from pg_tables
        where schemaname = 'public'
          and tablename not in (${getTableName(siteIdentity)}, ${getTableName(siteSecrets)})`,
  );
  const names = tables.map((t) => `"${t.tablename}"`).join(', ');
  if (names) await db.execute(sql.raw(`truncate ${names} restart identity cascade`));
}

export interface SeedDemoOptions {
  /** Called before the first demo video is rendered and after each one. */
  onProgress?: ((progress: SeedProgress) => void) | undefined;
}

export async function seedDemo({ onProgress }: SeedDemoOptions = {}): Promise<void> {
  const started = Date.now();
  const { videos: media, stock } = await produceMedia(onProgress);
  const passwordHash = await hash(DEMO_PASSWORD);
  const db = await getDb();
  const now = Date.now();
  const demoSso = demoSsoConnectionFromEnv(process.env);

  await db.transaction(async (tx) => {
    const accountIds = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await tx
        .insert(users)
        .values({
          email: account.email,
          name: account.name,
          passwordHash,
          membershipType: account.plan,
          canReceiveFreeStock: account.canReceiveFreeStock ?? false,
          quotaUnit:
            account.plan === 'basic' || account.plan === 'free' ? 'video_count' : 'video_size',
          quotaPeriod: account.plan === 'basic' || account.plan === 'free' ? 'lifetime' : 'week',
          quotaPeriodicMax:
            account.plan === 'basic' || account.plan === 'free' ? 10 : 20 * 1024 ** 3,
          quotaLifetimeMax: account.plan === 'basic' || account.plan === 'free' ? 10 : null,
        })
        .returning({ id: users.id });
      accountIds.set(account.key, row!.id);
    }
    const ownerId = accountIds.get('owner')!;

    const [team] = await tx
      .insert(teams)
      .values({ ownerId, name: DEMO_TEAM_NAME })
      .returning({ id: teams.id });
    for (const account of DEMO_ACCOUNTS) {
      if (account.role)
        await tx
          .insert(teamMemberships)
          .values({ teamId: team!.id, userId: accountIds.get(account.key)!, role: account.role });
    }
    await seedDemoUploads(tx, accountIds, now);

    const videoIds = new Map<string, number>();
    for (const demo of DEMO_VIDEOS) {
      const assets = media.get(demo.key);
      const [row] = await tx
        .insert(videos)
        .values({
          ownerId,
          uploaderId: ownerId,
          name: demo.name,
          description: demo.description,
          duration: demo.duration,
          width: assets?.width ?? null,
          height: assets?.height ?? null,
          type: demo.live ? 'live' : 'video',
          contentRating: demo.contentRating ?? 'safe',
          privacyDownload: true,
          plays: demo.plays,
          likes: demo.likes,
          createdAt: new Date(now - demo.daysAgo * DAY),
        })
        .returning({ id: videos.id });
      const videoId = row!.id;
      videoIds.set(demo.key, videoId);
      if (assets) {
        await tx.insert(videoFiles).values(
          assets.files.map(({ quality, mime, width, height, size, storageKey }) => ({
            videoId,
            quality,
            mime,
            width,
            height,
            size,
            storageKey,
          })),
        );
        await tx.insert(videoPictures).values(assets.pictures.map((p) => ({ videoId, ...p })));
        await tx.insert(textTracks).values({ videoId, ...assets.captions });
      }
      // An idle source: the cold-storage sweep at start archives it.
      if (demo.sourceIdleDays)
        await tx
          .update(videoFiles)
          .set({ lastAccessedAt: new Date(now - demo.sourceIdleDays * DAY) })
          .where(sql`${videoFiles.videoId} = ${videoId} and ${videoFiles.quality} = 'source'`);
      if (demo.live) {
        const [room] = await tx
          .insert(chatRooms)
          .values({ chatEnabled: true })
          .returning({ id: chatRooms.id });
        const event = demoLiveEvent(demo.live, demo.duration, new Date(now));
        await tx.insert(liveEvents).values({ videoId, ...event, chatRoomId: room!.id });
        // A finished event went on the air once, and that broadcast is its replay.
        let broadcastId: number | null = null;
        if (event.status === 'done') {
          const [broadcast] = await tx
            .insert(liveBroadcasts)
            .values({
              eventVideoId: videoId,
              occurrenceStart: event.startTime,
              startedAt: event.startTime!,
              endedAt: event.archivedTime,
              status: 'archived',
              recordedSegments: Math.ceil(demo.duration / RECORDING_SEGMENT_SECONDS),
              replayVideoId: videoId,
            })
            .returning({ id: liveBroadcasts.id });
          broadcastId = broadcast!.id;
        }
        // Its chat: said before the seed, or during that broadcast, where the replay plays it back.
        const chat = demoChatRows(DEMO_CHAT[demo.key] ?? [], event, demo.duration, new Date(now));
        if (chat.length > 0) {
          await tx.insert(chatMessages).values(
            chat.map((message) => ({
              roomId: room!.id,
              userId: accountIds.get(message.author)!,
              body: message.body,
              createdAt: message.createdAt,
              broadcastId: message.offsetMs === null ? null : broadcastId,
              offsetMs: message.offsetMs,
            })),
          );
        }
      }
    }

    for (const demo of DEMO_SHOWCASES) {
      const [row] = await tx
        .insert(showcases)
        .values({
          ownerId,
          name: demo.name,
          description: demo.description,
          layout: demo.layout,
          privacyView: demo.privacy,
          theme: demo.theme ?? 'standard',
          brandColor: demo.brandColor ?? '#00adef',
          customLogo: demo.customLogo
            ? {
                active: true,
                baseLink: '/demo/night-shift-logo.svg',
                sizes: [{ width: 240, height: 64, link: '/demo/night-shift-logo.svg' }],
              }
            : null,
          passwordHash: demo.password ? await hash(demo.password) : null,
          unlistedHash: demo.privacy === 'unlisted' ? 'd1r3ct0rs' : null,
          sort: demo.sort ?? 'arranged',
          allowDownloads: demo.allowDownloads ?? false,
          allowContinuousPlay: demo.allowContinuousPlay ?? false,
        })
        .returning({ id: showcases.id });
      const showcaseId = row!.id;
      if (demo.videos.length > 0) {
        await tx.insert(showcaseVideos).values(
          demo.videos.map((key, position) => ({
            showcaseId,
            videoId: videoIds.get(key)!,
            position: position + 1,
            addedAt: new Date(now - (demo.videos.length - position) * HOUR),
          })),
        );
      }
      if (demo.teamShowcase)
        await tx
          .update(teams)
          .set({ teamShowcaseId: showcaseId })
          .where(sql`${teams.id} = ${team!.id}`);
    }

    // Demo SSO: a connection for the demo team, only when DEMO_SSO_* name a provider.
    if (demoSso) await tx.insert(ssoConnections).values({ teamId: team!.id, ...demoSso });
  });
  await seedStock(stock);
  logger.info(
    {
      ms: Date.now() - started,
      videos: DEMO_VIDEOS.length,
      showcases: DEMO_SHOWCASES.length,
      sso: Boolean(demoSso),
    },
    'demo catalogue seeded',
  );
}
