/**
 * Live in a process: the schedule's clock (statuses follow each event's next occurrence), the
 * sweep that ends broadcasts of nodes that died, and, where RTMP_PORT is set, the ingest with
 * the demo feed and its host's lines in the event's chat. The server runs it; `npm run worker`
 * runs it too, so ingest can sit on nodes of its own (RTMP_PORT=off on the web nodes).
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { config } from '../config.ts';
import { getDb, type Db } from '../db/client.ts';
import { liveBroadcasts, liveEvents } from '../db/schema.ts';
import { isGoneWorker } from '../jobs/backgroundWorker.ts';
import { newWorkerId } from '../jobs/runner.ts';
import { logger } from '../logger.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { startDemoChat } from './demoChat.ts';
import { startDemoFeed } from './demoFeed.ts';
import { endLivePlaylists } from './endedPlaylists.ts';
import { endBroadcast, endStaleBroadcasts } from './liveEventStore.ts';
import { IngestListenError, startLiveIngest, type LiveIngest } from './liveIngest.ts';
import { liveSignals } from './liveSignals.ts';
import { refreshScheduledEvents } from './scheduleTick.ts';

const TICK_MS = 5_000;

export interface LiveService {
  ingest: LiveIngest | null;
  /** Whether the RTMP listener takes encoders; null where this process runs no ingest. */
  ingestListening(): boolean | null;
  stop(): Promise<void>;
}

/** Broadcasts held by a process of this machine that is gone (a crash, a kill): their recording goes to the replay at once. */
async function endBroadcastsOfGoneProcesses(db: Db): Promise<number> {
  const held = await db
    .select({
      videoId: liveEvents.videoId,
      status: liveEvents.status,
      node: liveEvents.ingestNode,
      broadcastId: liveBroadcasts.id,
      recordedSegments: liveBroadcasts.recordedSegments,
    })
    .from(liveEvents)
    .innerJoin(
      liveBroadcasts,
      and(eq(liveBroadcasts.eventVideoId, liveEvents.videoId), eq(liveBroadcasts.status, 'live')),
    )
    .where(isNotNull(liveEvents.ingestNode));
  const gone = held.filter((row) => row.node !== null && isGoneWorker(row.node));
  for (const row of gone)
    await endBroadcast(db, { ...row, onAir: row.status === 'streaming', error: 'stalled' });
  return gone.length;
}

export async function startLiveService({
  ingest: runIngest,
}: {
  ingest: boolean;
}): Promise<LiveService> {
  const settings = config();
  const db = await getDb();
  const ended = await endBroadcastsOfGoneProcesses(db);
  if (ended > 0)
    logger.info({ ended }, 'broadcasts of a stopped process ended; their replays are queued');

  let running: Promise<void> | null = null;
  const tick = () => {
    running ??= (async () => {
      const now = new Date();
      await refreshScheduledEvents(db, now);
      const stale = await endStaleBroadcasts(db, {
        now,
        graceMs: settings.LIVE_GRACE_SECONDS * 1000,
      });
      if (stale.length > 0) {
        logger.warn({ stale: stale.length }, 'live broadcasts of an unresponsive node ended');
        await endLivePlaylists(mediaStorage(), stale);
      }
    })()
      .catch((error: unknown) => logger.warn({ err: error }, 'live schedule tick failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, TICK_MS);
  timer.unref();

  let ingest: LiveIngest | null = null;
  let stopFeed: () => Promise<void> = async () => {};
  let stopDemoChat: () => Promise<void> = async () => {};
  const rtmpPort = runIngest ? settings.RTMP_PORT : 'off';
  if (rtmpPort !== 'off') {
    try {
      ingest = await startLiveIngest({
        db,
        storage: mediaStorage(),
        ffmpeg: (await ffmpegBinaries()).ffmpeg,
        node: newWorkerId(),
        graceMs: settings.LIVE_GRACE_SECONDS * 1000,
        maxHeight: settings.LIVE_MAX_HEIGHT,
        health: (await liveSignals()).health,
        port: rtmpPort,
        host: settings.RTMP_HOST ?? settings.HOST,
      });
      if (settings.DEMO_LIVE) {
        stopFeed = await startDemoFeed(db, ingest.port);
        stopDemoChat = await startDemoChat(db);
      }
    } catch (error) {
      // Encoders would be told an address this process does not serve: one line, no start.
      if (error instanceof IngestListenError) {
        logger.fatal(error.message);
        process.exit(1);
      }
      // Otherwise the site serves without live ingest rather than not at all (/healthz says
      // so); the log says why.
      logger.error(
        { err: error, port: settings.RTMP_PORT },
        'live ingest (RTMP) could not start; encoders cannot go live on this node',
      );
    }
  }

  return {
    ingest,
    ingestListening: () => (rtmpPort === 'off' ? null : (ingest?.listening() ?? false)),
    async stop() {
      clearInterval(timer);
      await stopDemoChat();
      await stopFeed();
      await ingest?.stop();
      await running;
    },
  };
}
