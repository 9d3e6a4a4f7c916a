/**
 * One encoder connection. node-media-server's protocol layer does the RTMP handshake, chunk
 * stream and AMF commands; this class decides what a publish may do. Unlike that library's own
 * server, the answer to "publish" waits for our decision, so a wrong or revoked key is told
 * NetStream.Publish.BadName and disconnected before any media is accepted, and playing
 * streams back over RTMP is refused: viewers watch the signed HLS.
 */
import type { Socket } from 'node:net';
import type { AvPacket } from 'node-media-server/src/core/avpacket.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';
import { logger } from '../logger.ts';

const IDLE_TIMEOUT_MS = 30_000;

// The library logs to the console on its own; our logger reports what matters.
nmsLogger.level = 'error';

export interface PublishHandler {
  /** The media of an accepted publish, tag by tag. */
  packet(packet: AvPacket): void;
  /** The encoder went away (or was told to go). */
  closed(): void;
}

/** What the server decides for a publish request: a handler for its media, or why not. */
export type PublishDecision = { accept: PublishHandler } | { refuse: string };

export type PublishRequest = (streamKey: string, connection: RtmpConnection) => Promise<PublishDecision>;

class GatedRtmp extends Rtmp {
  private readonly onPublishRequest: (name: string) => void;

  constructor(onPublishRequest: (name: string) => void) {
    super();
    this.onPublishRequest = onPublishRequest;
  }

  override onPublish(message: { streamName: string }): void {
    const [name = ''] = message.streamName.split('?');
    this.streamName = name;
    this.streamId = this.parserPacket.header.stream_id;
    this.onPublishRequest(name);
  }

  override onPlay(): void {
    this.onPlayCallback();
  }
}

export class RtmpConnection {
  readonly remoteAddress: string;
  private readonly rtmp: GatedRtmp;
  private handler: PublishHandler | null = null;
  private deciding = false;
  private closed = false;

  private readonly socket: Socket;
  private readonly decide: PublishRequest;

  constructor(socket: Socket, decide: PublishRequest) {
    this.socket = socket;
    this.decide = decide;
    this.remoteAddress = socket.remoteAddress ?? '';
    this.rtmp = new GatedRtmp((name) => void this.publishRequested(name));
    this.rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    this.rtmp.onPacketCallback = (packet) => this.handler?.packet(packet);
    this.rtmp.onPlayCallback = () => this.end();
    socket.setNoDelay(true);
    // A connection that sends nothing for a while (a stalled encoder, a port scanner) is let go.
    socket.setTimeout(IDLE_TIMEOUT_MS, () => this.end());
    socket.on('data', (data: Buffer) => {
      if (this.rtmp.parserData(data) !== null) this.end();
    });
    socket.on('close', () => this.onClose());
    socket.on('error', () => this.end());
  }

  /** The app and key the encoder asked for, as OBS shows them: rtmp://host/{app}/{key}. */
  get streamApp(): string {
    return this.rtmp.streamApp;
  }

  private async publishRequested(key: string): Promise<void> {
    if (this.deciding || this.handler) return this.end();
    this.deciding = true;
    let decision: PublishDecision;
    try {
      decision = await this.decide(key, this);
    } catch (error) {
      logger.error({ err: error, from: this.remoteAddress }, 'live push could not be decided; refused');
      decision = { refuse: 'error' };
    }
    this.deciding = false;
    if (this.closed) {
      if ('accept' in decision) decision.accept.closed();
      return;
    }
    if ('refuse' in decision) {
      this.rtmp.sendStatusMessage(this.rtmp.streamId, 'error', 'NetStream.Publish.BadName', decision.refuse);
      return this.end();
    }
    this.handler = decision.accept;
    this.rtmp.respondPublish();
  }

  /** Hangs up on the encoder; its handler hears `closed` once. */
  end(): void {
    if (!this.socket.destroyed) this.socket.end();
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  private onClose(): void {
    if (this.closed) return;
    this.closed = true;
    const handler = this.handler;
    this.handler = null;
    handler?.closed();
  }
}
