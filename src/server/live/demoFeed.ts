/**
 * The demo's live event is really live: while the server runs, ffmpeg pushes the test picture
 * (testFeed.ts) to its own ingest with the event's key, as an encoder would, and pushes again
 * if it stops. DEMO_LIVE=off turns it off. Small on purpose (360p at 25 fps) for two cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { liveEvents, videos } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { ffmpegCapabilities } from '../media/capabilities.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { boundToParent } from '../media/run.ts';
import { DEMO_VIDEOS } from '../seed/demoCatalogue.ts';
import { RTMP_APP } from './liveIngest.ts';
import { testFeedArgs } from './testFeed.ts';

/** The demo video (key of DEMO_VIDEOS) whose event the feed streams. */
export const DEMO_FEED_VIDEO = 'live-now';
const RESTART_MS = 5_000;

async function demoFeedKey(db: Db): Promise<string | null> {
  const name = DEMO_VIDEOS.find((video) => video.key === DEMO_FEED_VIDEO)?.name;
  if (!name) return null;
  const [row] = await db
    .select({ key: liveEvents.streamKey })
    .from(liveEvents)
    .innerJoin(videos, eq(videos.id, liveEvents.videoId))
    .where(and(eq(videos.name, name), eq(videos.type, 'live')))
    .limit(1);
  return row?.key ?? null;
}

/** Starts the feed when the demo's event is there; the answer stops it. */
export async function startDemoFeed(db: Db, port: number): Promise<() => Promise<void>> {
  const key = await demoFeedKey(db);
  if (!key) return async () => {};
  const { ffmpeg } = await ffmpegBinaries();
  const { drawtext } = await ffmpegCapabilities(ffmpeg);
  const args = testFeedArgs({
    url: `rtmp://127.0.0.1:${port}/${RTMP_APP}/${key}`,
    width: 640,
    height: 360,
    fps: 25,
    clockText: drawtext,
  });
  let child: ChildProcess | null = null;
  let stopped = false;
  let restart: NodeJS.Timeout | null = null;
  const push = () => {
    child = spawn(...boundToParent(ffmpeg, args), { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    child.once('close', (code) => {
      child = null;
      if (stopped) return;
      logger.warn(
        { code, stderr: stderr.trim().split('\n').slice(-3).join('\n') },
        'demo live feed stopped; pushing again',
      );
      restart = setTimeout(push, RESTART_MS);
      restart.unref();
    });
  };
  push();
  logger.info('demo live feed pushing to the demo event');
  return async () => {
    stopped = true;
    if (restart) clearTimeout(restart);
    const running = child as ChildProcess | null;
    if (!running) return;
    const closed = new Promise((resolve) => running.once('close', resolve));
    running.kill('SIGTERM');
    await closed;
  };
}
