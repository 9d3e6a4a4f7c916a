/**
 * The replay job: what a broadcast recorded becomes a video like any other, through the same
 * transcode as uploads (renditions, HLS, thumbnails). A one-off event becomes its own replay,
 * playable where it was streamed; each occurrence of a recurring event gets a video of its own
 * beside the event in its showcases, so the event keeps its key and address for the next one.
 * Every step can run again: a job cut short by a restart starts over from the stored pieces.
 * Whatever happens, the broadcast's live folder goes once the job is through with it.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveBroadcasts, liveEvents, showcaseVideos, videos } from '../db/schema.ts';
import { transcodeVideo } from '../ingest/transcode.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { runBinary } from '../media/run.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { liveStorageKey, videoStorageKey, type MediaStorage } from '../media/storage.ts';
import { isRecurring, scheduleOf } from './liveEventStore.ts';
import { RECORDING_DIR } from './packagerArgs.ts';

export interface ReplayPayload {
  broadcastId: number;
}

export function isReplayPayload(
  payload: Record<string, unknown>,
): payload is ReplayPayload & Record<string, unknown> {
  return typeof payload['broadcastId'] === 'number';
}

export interface ReplayOptions {
  db: Db;
  storage: MediaStorage;
  signal?: AbortSignal | undefined;
  progress?: ((message: string) => void) | undefined;
}

export type ReplayResult =
  | { status: 'archived'; videoId: number }
  | { status: 'failed'; reason: string }
  | { status: 'skipped' };

const recordingPiece = (prefix: string, index: number) =>
  `${prefix}/${RECORDING_DIR}/${String(index).padStart(6, '0')}.ts`;

/** The name of an occurrence's replay: the event's, with the day it went on the air in the event's zone. */
function replayName(eventName: string, startedAt: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(startedAt);
  return `${eventName} (${day})`;
}

/** Whether the event went on in a later broadcast: its encoder moved to another node. */
async function carriedOnLater(
  db: Db,
  broadcast: typeof liveBroadcasts.$inferSelect,
): Promise<boolean> {
  const [later] = await db
    .select({ id: liveBroadcasts.id })
    .from(liveBroadcasts)
    .where(
      and(
        eq(liveBroadcasts.eventVideoId, broadcast.eventVideoId),
        gt(liveBroadcasts.id, broadcast.id),
      ),
    )
    .limit(1);
  return later !== undefined;
}

/**
 * The video the replay goes to: the event itself, or a video of its own, made once: for each
 * occurrence of a recurring event, and for the part of a one-off event recorded by a node that
 * died before the event went on elsewhere (the event's own replay is the part that ends it).
 */
async function replayTarget(
  db: Db,
  broadcast: typeof liveBroadcasts.$inferSelect,
): Promise<number | null> {
  if (broadcast.replayVideoId !== null) return broadcast.replayVideoId;
  const [row] = await db
    .select({ event: liveEvents, video: videos })
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(eq(liveEvents.videoId, broadcast.eventVideoId));
  if (!row) return null;
  if (!isRecurring(scheduleOf(row.event)) && !(await carriedOnLater(db, broadcast))) {
    await db
      .update(liveBroadcasts)
      .set({ replayVideoId: row.video.id })
      .where(eq(liveBroadcasts.id, broadcast.id));
    return row.video.id;
  }
  return db.transaction(async (tx) => {
    const { video } = row;
    const [replay] = await tx
      .insert(videos)
      .values({
        ownerId: video.ownerId,
        uploaderId: video.uploaderId,
        name: replayName(video.name, broadcast.startedAt, row.event.timeZone),
        description: video.description,
        type: 'live',
        privacyView: video.privacyView,
        privacyDownload: video.privacyDownload,
        passwordHash: video.passwordHash,
        contentRating: video.contentRating,
        status: 'processing',
      })
      .returning({ id: videos.id });
    await tx.insert(liveEvents).values({
      videoId: replay!.id,
      status: 'done',
      startTime: broadcast.startedAt,
      timeZone: row.event.timeZone,
    });
    await tx.execute(sql`
      insert into showcase_videos (showcase_id, video_id, position)
      select s.showcase_id, ${replay!.id}, (select coalesce(max(o.position), 0) + 1 from showcase_videos o where o.showcase_id = s.showcase_id)
      from ${showcaseVideos} s where s.video_id = ${video.id}`);
    await tx
      .update(liveBroadcasts)
      .set({ replayVideoId: replay!.id })
      .where(eq(liveBroadcasts.id, broadcast.id));
    return replay!.id;
  });
}

export async function markReplayFailed(db: Db, broadcastId: number): Promise<void> {
  await db
    .update(liveBroadcasts)
    .set({ status: 'failed' })
    .where(eq(liveBroadcasts.id, broadcastId));
}

export async function archiveReplay(
  { broadcastId }: ReplayPayload,
  { db, storage, signal, progress = () => {} }: ReplayOptions,
): Promise<ReplayResult> {
  const [broadcast] = await db
    .select()
    .from(liveBroadcasts)
    .where(eq(liveBroadcasts.id, broadcastId));
  if (!broadcast || broadcast.status === 'archived' || broadcast.status === 'live')
    return { status: 'skipped' };
  const prefix = liveStorageKey(broadcast.eventVideoId, broadcast.id);
  const [event] = await db
    .select({ saveReplay: liveEvents.saveReplay })
    .from(liveEvents)
    .where(eq(liveEvents.videoId, broadcast.eventVideoId));
  if (broadcast.status === 'failed' || !event?.saveReplay) {
    await storage.deletePrefix(prefix);
    return { status: 'skipped' };
  }
  const scratch = await makeScratchDir(`replay-${broadcastId}`);
  try {
    progress('joining the recording');
    const joined = path.join(scratch, 'recording.ts');
    let pieces = 0;
    const out = createWriteStream(joined);
    while (await storage.exists(recordingPiece(prefix, pieces))) {
      await pipeline(await storage.createReadStream(recordingPiece(prefix, pieces)), out, {
        end: false,
      });
      pieces++;
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    if (pieces === 0) {
      await storage.deletePrefix(prefix);
      await markReplayFailed(db, broadcastId);
      return { status: 'failed', reason: 'nothing was recorded' };
    }
    const target = await replayTarget(db, broadcast);
    if (target === null) return { status: 'skipped' };

    progress(`remuxing ${pieces} recorded pieces`);
    const source = path.join(scratch, 'source.mp4');
    const { ffmpeg } = await ffmpegBinaries();
    await runBinary(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-fflags',
        '+genpts',
        '-i',
        joined,
        '-map',
        '0',
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        source,
      ],
      { signal },
    );
    const sourceKey = videoStorageKey(target, 'source.mp4');
    await storage.put(sourceKey, source, { contentType: 'video/mp4', move: true });

    const result = await transcodeVideo(
      { videoId: target, sourceKey, sourceMime: 'video/mp4' },
      { db, storage, signal, progress },
    );
    if (result.status === 'error') {
      await markReplayFailed(db, broadcastId);
      return { status: 'failed', reason: result.message };
    }
    await db.transaction(async (tx) => {
      await tx
        .update(liveEvents)
        .set({ archivedTime: new Date() })
        .where(eq(liveEvents.videoId, target));
      await tx
        .update(liveBroadcasts)
        .set({ status: 'archived' })
        .where(eq(liveBroadcasts.id, broadcastId));
    });
    await storage.deletePrefix(prefix);
    return { status: 'archived', videoId: target };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
