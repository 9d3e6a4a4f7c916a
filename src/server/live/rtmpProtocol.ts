/**
 * The RTMP protocol layer of the live ingest, and the one file that reaches into
 * node-media-server: its handshake, chunk stream and AMF command parser (`src/protocol/rtmp.js`),
 * its FLV tag writer and its AMF0 decoder are internals of that package, not its public API,
 * so a release may change them without notice. The rest of src/server/live sees only this
 * file's contract; rtmpProtocol.contract.test.ts pushes a real ffmpeg against it, and that is
 * where an upgrade of node-media-server fails.
 *
 * The contract:
 * - `serveEncoder(socket, decide)` serves one encoder on an accepted socket.
 * - When the encoder asks to publish, `decide({ app, streamKey }, connection)` is awaited
 *   before it hears anything: a refusal is told NetStream.Publish.BadName and disconnected
 *   before any media is accepted; an acceptance is told NetStream.Publish.Start and its
 *   handler gets the media. Unlike the library's own server, the answer waits for our decision.
 * - `handler.tag(tag)` receives every FLV tag of the accepted publish in the order sent
 *   (`MediaTag`: metadata, then decoder configurations before the frames they configure).
 * - `handler.closed()` is called once when the encoder goes away, errs, or is let go
 *   (`connection.end()`); also when it left while its publish was being decided.
 * - Playing a stream back is refused (viewers watch the signed HLS); a connection silent for
 *   30 s is let go.
 * - `flvHeader` and `flvTag` write tags back as an FLV stream, what the packager reads;
 *   `streamMetadata` reads the encoder's onMetaData.
 *
 * Why a library in this process rather than MediaMTX (a maintained media server whose HTTP
 * auth hook could ask us about each publish): Vitrine installs with `npm install` and runs as
 * one Node process. MediaMTX is a separate Go binary, on neither npm nor Debian's archive, so
 * every operator would download, run, upgrade and watch a second program, and each push
 * would cross a process boundary twice (the auth call, then the media relayed back to our
 * packager). What we use of node-media-server is small (parse the chunk stream, answer
 * publish), pinned exactly, and held by the contract test; replacing it stays a change to
 * this file alone.
 */
import type { Socket } from 'node:net';
import nmsLogger from 'node-media-server/src/core/logger.js';
import { decodeAmf0Data } from 'node-media-server/src/protocol/amf.js';
import Flv from 'node-media-server/src/protocol/flv.js';
import Rtmp, { type RtmpPacket } from 'node-media-server/src/protocol/rtmp.js';
import { logger } from '../logger.ts';

const IDLE_TIMEOUT_MS = 30_000;

// The library logs to the console on its own; our logger reports what matters.
nmsLogger.level = 'error';

/** FLV tag types (the FLV specification's numbers). */
export const AUDIO_TAG = 8;
export const VIDEO_TAG = 9;
export const SCRIPT_TAG = 18;

/** One FLV tag of a publish. */
export interface MediaTag {
  /** FLV tag type as the encoder sent it: AUDIO_TAG, VIDEO_TAG or SCRIPT_TAG. */
  type: number;
  /** FLV codec id of an audio or video tag (7 H.264, 10 AAC; an enhanced-RTMP FourCC as a number). */
  codec: number;
  /** A decoder configuration (AVC or AAC sequence header), a key frame, another frame, or script data. */
  role: 'config' | 'keyframe' | 'frame' | 'metadata';
  /** Milliseconds on the encoder's clock. */
  dts: number;
  pts: number;
  /** The tag's body, a copy of its own. */
  data: Buffer;
}

/** The library's packet flags, by what they mean; any other (enhanced-RTMP video metadata) goes as a frame. */
const ROLES: Record<number, MediaTag['role']> = {
  0: 'config',
  1: 'frame',
  2: 'config',
  3: 'keyframe',
  4: 'frame',
  5: 'metadata',
};

export interface PublishHandler {
  /** The media of an accepted publish, tag by tag. */
  tag(tag: MediaTag): void;
  /** The encoder went away (or was told to go). */
  closed(): void;
}

/** What the server decides for a publish request: a handler for its media, or why not. */
export type PublishDecision = { accept: PublishHandler } | { refuse: string };

/** Where the encoder publishes, as OBS shows it: rtmp://host/{app}/{streamKey}. */
export interface PublishRequest {
  app: string;
  streamKey: string;
}

export interface EncoderConnection {
  readonly remoteAddress: string;
  /** Hangs up on the encoder; its handler hears `closed` once. */
  end(): void;
}

export type DecidePublish = (
  request: PublishRequest,
  connection: EncoderConnection,
) => Promise<PublishDecision>;

export function serveEncoder(socket: Socket, decide: DecidePublish): EncoderConnection {
  return new RtmpConnection(socket, decide);
}

export function flvHeader(hasAudio: boolean, hasVideo: boolean): Buffer {
  return Flv.createHeader(hasAudio, hasVideo);
}

/** One tag in FLV, at its `dts` (a video tag's composition offset is inside its body). */
export function flvTag(tag: Pick<MediaTag, 'type' | 'dts' | 'data'>): Buffer {
  return Flv.createMessage({
    codec_type: tag.type,
    dts: tag.dts,
    size: tag.data.length,
    data: tag.data,
  });
}

/** The encoder's onMetaData (width, height, framerate, audiocodecid…), or null if the tag is not it. */
export function streamMetadata(tag: MediaTag): Record<string, unknown> | null {
  if (tag.role !== 'metadata') return null;
  try {
    const { cmd, dataObj } = decodeAmf0Data(tag.data);
    if (cmd === '@setDataFrame' || cmd === 'onMetaData') return dataObj ?? null;
  } catch {
    // Metadata is a hint; the stream is judged by its tags.
  }
  return null;
}

function mediaTag(packet: RtmpPacket): MediaTag {
  return {
    type: packet.codec_type,
    codec: packet.codec_id,
    role: ROLES[packet.flags] ?? 'frame',
    dts: packet.dts,
    pts: packet.pts,
    // The parser reuses its buffer for the next message.
    data: Buffer.from(packet.data.subarray(0, packet.size)),
  };
}

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

class RtmpConnection implements EncoderConnection {
  readonly remoteAddress: string;
  private readonly rtmp: GatedRtmp;
  private handler: PublishHandler | null = null;
  private deciding = false;
  private closed = false;

  private readonly socket: Socket;
  private readonly decide: DecidePublish;

  constructor(socket: Socket, decide: DecidePublish) {
    this.socket = socket;
    this.decide = decide;
    this.remoteAddress = socket.remoteAddress ?? '';
    this.rtmp = new GatedRtmp((name) => void this.publishRequested(name));
    this.rtmp.onOutputCallback = (buffer) => {
      if (!socket.destroyed) socket.write(buffer);
    };
    this.rtmp.onPacketCallback = (packet) => this.handler?.tag(mediaTag(packet));
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

  private async publishRequested(streamKey: string): Promise<void> {
    if (this.deciding || this.handler) return this.end();
    this.deciding = true;
    let decision: PublishDecision;
    try {
      decision = await this.decide({ app: this.rtmp.streamApp, streamKey }, this);
    } catch (error) {
      logger.error(
        { err: error, from: this.remoteAddress },
        'live push could not be decided; refused',
      );
      decision = { refuse: 'error' };
    }
    this.deciding = false;
    if (this.closed) {
      if ('accept' in decision) decision.accept.closed();
      return;
    }
    if ('refuse' in decision) {
      this.rtmp.sendStatusMessage(
        this.rtmp.streamId,
        'error',
        'NetStream.Publish.BadName',
        decision.refuse,
      );
      return this.end();
    }
    this.handler = decision.accept;
    this.rtmp.respondPublish();
  }

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
