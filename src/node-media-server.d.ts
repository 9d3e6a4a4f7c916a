// The RTMP protocol layer of node-media-server (handshake, chunk stream, AMF commands, FLV tags),
// which src/server/live/rtmpConnection.ts drives; the package ships no declarations.
declare module 'node-media-server/src/protocol/rtmp.js' {
  import type { AvPacket } from 'node-media-server/src/core/avpacket.js';
  export default class Rtmp {
    streamApp: string;
    streamName: string;
    streamQuery: Record<string, unknown>;
    streamId: number;
    parserPacket: { header: { stream_id: number } };
    onConnectCallback: (request: { app: string; name: string; host: string; query: Record<string, unknown> }) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: AvPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    parserData(buffer: Buffer): string | null;
    onPublish(message: { streamName: string }): void;
    onPlay(message: { streamName: string }): void;
    respondPublish(): void;
    sendStatusMessage(streamId: number, level: string, code: string, description: string): void;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type { AvPacket } from 'node-media-server/src/core/avpacket.js';
  export default class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    static createMessage(packet: AvPacket): Buffer;
  }
}

declare module 'node-media-server/src/core/avpacket.js' {
  /** One FLV tag: codec_type 8 audio, 9 video, 18 script; flags 0 audio config, 1 audio, 2 video config, 3 key frame, 4 frame, 5 metadata. */
  export interface AvPacket {
    codec_id: number;
    codec_type: number;
    flags: number;
    pts: number;
    dts: number;
    size: number;
    data: Buffer;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}

declare module 'node-media-server/src/protocol/amf.js' {
  export function decodeAmf0Data(data: Buffer): { cmd: string; dataObj: Record<string, unknown> | null };
}
