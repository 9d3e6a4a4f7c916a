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
import { endLivePlaylists } from './endedPlaylists.ts';
import { beginBroadcast, findEventByKey, recordIngestError } from './liveEventStore.ts';
import {
  serveEncoder,
  type EncoderConnection,
  type PublishDecision,
  type PublishRequest,
} from './rtmpProtocol.ts';

/** The path OBS shows as "Server": rtmp://host:port/live. */
export const RTMP_APP = 'live';

export interface LiveIngestOptions extends BroadcastSettings {
  port: number;
  host: string;
}

export interface LiveIngest {
  /** The port it listens on (the one asked for, or the one given for 0). */
  port: number;
  /** Whether its listener still takes encoders. */
  listening(): boolean;
  /** Broadcasts on the air here, by event video id. */
  broadcasts: ReadonlyMap<number, LiveBroadcast>;
  stop(): Promise<void>;
}

/** What the operator can do when the ingest cannot have its address, by the system's code. */
const LISTEN_REMEDIES: Record<string, string> = {
  EADDRINUSE: 'another process listens there: stop it or set RTMP_PORT to a free port',
  EACCES: 'this user may not take a port below 1024: set RTMP_PORT to 1024 or above',
  EADDRNOTAVAIL: 'this machine has no such address: set RTMP_HOST to one of its own',
};

/**
 * The ingest cannot have the address encoders are told (taken, privileged, not this
 * machine's): the studio would hand out an address served by another process, or by none.
 */
export class IngestListenError extends Error {
  /** The refusal explained when its code is one of LISTEN_REMEDIES', else the error as it came. */
  static from(error: Error, host: string, port: number): Error {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const remedy = LISTEN_REMEDIES[code];
    return remedy ? new IngestListenError(`${host}:${port}`, code, remedy, error) : error;
  }

  private constructor(address: string, code: string, remedy: string, cause: Error) {
    super(
      `The live ingest (RTMP) cannot listen on ${address} (${code}): ${remedy}, or set RTMP_PORT=off to run without live ingest.`,
      { cause },
    );
    this.name = 'IngestListenError';
  }
}

export async function startLiveIngest(options: LiveIngestOptions): Promise<LiveIngest> {
  const { db, port, host } = options;
  const broadcasts = new Map<number, LiveBroadcast>();
  const connections = new Set<EncoderConnection>();

  const decide = async (
    { app, streamKey }: PublishRequest,
    connection: EncoderConnection,
  ): Promise<PublishDecision> => {
    const refuse = (reason: string, log: Record<string, unknown>): PublishDecision => {
      metrics().liveRefusals.inc({ reason });
      logger.info({ ...log, reason, from: connection.remoteAddress }, 'live push refused');
      return { refuse: reason };
    };
    if (app !== RTMP_APP) return refuse('wrong_app', { app });
    const event = await findEventByKey(db, streamKey);
    if (!event) return refuse('wrong_key', {});
    if (!acceptsEncoder(event.status)) return refuse('event_over', { videoId: event.videoId });
    const here = broadcasts.get(event.videoId);
    if (here?.awaitingEncoder) return { accept: here.attach(connection) };
    if (here) return alreadyLive(db, event.videoId, refuse);
    const begun = await beginBroadcast(db, event, options.node);
    if (begun === null) return alreadyLive(db, event.videoId, refuse);
    const broadcastId = begun.id;
    if (begun.orphans.length > 0) {
      logger.warn(
        { videoId: event.videoId, broadcastId, replaced: begun.orphans.map((orphan) => orphan.id) },
        'live push taken over from a node that is gone',
      );
      void endLivePlaylists(options.storage, begun.orphans).catch((error: unknown) =>
        logger.warn({ err: error, videoId: event.videoId }, 'a gone node’s playlists stay open'),
      );
    }
    const broadcast = new LiveBroadcast(
      event.videoId,
      broadcastId,
      event.saveReplay,
      options,
      (ended) => {
        if (broadcasts.get(ended.videoId) === ended) broadcasts.delete(ended.videoId);
      },
    );
    broadcasts.set(event.videoId, broadcast);
    logger.info(
      { videoId: event.videoId, broadcastId, from: connection.remoteAddress },
      'live push accepted',
    );
    return { accept: broadcast.attach(connection) };
  };

  const server: Server = createServer((socket) => {
    const connection = serveEncoder(socket, decide);
    connections.add(connection);
    socket.once('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => {
    const refused = (error: Error) => reject(IngestListenError.from(error, host, port));
    server.once('error', refused);
    server.listen(port, host, () => {
      server.off('error', refused);
      resolve();
    });
  });
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: listening, host }, 'live ingest (RTMP) listening');

  return {
    port: listening,
    listening: () => server.listening,
    broadcasts,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const connection of connections) connection.end();
      await Promise.all([...broadcasts.values()].map((broadcast) => broadcast.finish(null)));
      await closed;
    },
  };
}

async function alreadyLive(
  db: Db,
  videoId: number,
  refuse: (reason: string, log: Record<string, unknown>) => PublishDecision,
): Promise<PublishDecision> {
  await recordIngestError(db, videoId, 'already_live');
  return refuse('already_live', { videoId });
}
