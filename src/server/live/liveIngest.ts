/**
 * The live ingest of this process: an RTMP listener (RTMP_PORT) where encoders publish to
 * rtmp://host:port/live/{stream key}. A key opens its event's broadcast unless the event is
 * over, or another encoder already holds it here or on another node; a reconnect during the
 * grace of a dropped encoder resumes its broadcast.
 */
import { createServer, type Server } from 'node:net';
import { acceptsEncoder } from '../../lib/liveStatus.ts';
import type { Db } from '../db/client.ts';
import { logger } from '../logger.ts';
import { metrics } from '../metrics.ts';
import { LiveBroadcast, type BroadcastSettings } from './liveBroadcast.ts';
import { beginBroadcast, findEventByKey, recordIngestError } from './liveEventStore.ts';
import { RtmpConnection, type PublishDecision } from './rtmpConnection.ts';

/** The path OBS shows as "Server": rtmp://host:port/live. */
export const RTMP_APP = 'live';

export interface LiveIngestOptions extends BroadcastSettings {
  port: number;
  host: string;
}

export interface LiveIngest {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  /** Broadcasts on the air here, by event video id. */
  broadcasts: ReadonlyMap<number, LiveBroadcast>;
  stop(): Promise<void>;
}

export async function startLiveIngest(options: LiveIngestOptions): Promise<LiveIngest> {
  const { db, port, host } = options;
  const broadcasts = new Map<number, LiveBroadcast>();
  const connections = new Set<RtmpConnection>();

  const decide = async (key: string, connection: RtmpConnection): Promise<PublishDecision> => {
    const refuse = (reason: string, log: Record<string, unknown>): PublishDecision => {
      metrics().liveRefusals.inc({ reason });
      logger.info({ ...log, reason, from: connection.remoteAddress }, 'live push refused');
      return { refuse: reason };
    };
    if (connection.streamApp !== RTMP_APP) return refuse('wrong_app', { app: connection.streamApp });
    const event = await findEventByKey(db, key);
    if (!event) return refuse('wrong_key', {});
    if (!acceptsEncoder(event.status)) return refuse('event_over', { videoId: event.videoId });
    const here = broadcasts.get(event.videoId);
    if (here?.awaitingEncoder) return { accept: here.attach(connection) };
    if (here) return alreadyLive(db, event.videoId, refuse);
    const broadcastId = await beginBroadcast(db, event, options.node);
    if (broadcastId === null) return alreadyLive(db, event.videoId, refuse);
    const broadcast = new LiveBroadcast(event.videoId, broadcastId, event.saveReplay, options, (ended) => {
      if (broadcasts.get(ended.videoId) === ended) broadcasts.delete(ended.videoId);
    });
    broadcasts.set(event.videoId, broadcast);
    logger.info({ videoId: event.videoId, broadcastId, from: connection.remoteAddress }, 'live push accepted');
    return { accept: broadcast.attach(connection) };
  };

  const server: Server = createServer((socket) => {
    const connection = new RtmpConnection(socket, decide);
    connections.add(connection);
    socket.once('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: listening, host }, 'live ingest (RTMP) listening');

  return {
    port: listening,
    broadcasts,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.end();
      await Promise.all([...broadcasts.values()].map((broadcast) => broadcast.finish(null)));
      await closed;
    },
  };
}

async function alreadyLive(db: Db, videoId: number, refuse: (reason: string, log: Record<string, unknown>) => PublishDecision): Promise<PublishDecision> {
  await recordIngestError(db, videoId, 'already_live');
  return refuse('already_live', { videoId });
}

