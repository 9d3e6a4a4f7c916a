// What src/server/live/rtmpProtocol.ts uses of node-media-server's internals (the package ships
// no declarations, and these modules are not its public API): the RTMP protocol layer, its FLV
// tag writer, its AMF0 decoder and its logger's level. Nothing else may import the package.
declare module 'node-media-server/src/protocol/rtmp.js' {
  /** One parsed FLV tag; flags 0 audio config, 1 audio, 2 video config, 3 key frame, 4 frame, 5 metadata. */
  export interface RtmpPacket {
    codec_id: number;
    codec_type: number;
    flags: number;
    pts: number;
    dts: number;
    /** Bytes of `data` that belong to this tag: the parser reuses its buffer. */
    size: number;
    data: Buffer;
  }
  export default class Rtmp {
    streamApp: string;
    streamName: string;
    streamId: number;
    parserPacket: { header: { stream_id: number } };
    onPlayCallback: () => void;
    onPacketCallback: (packet: RtmpPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    parserData(buffer: Buffer): string | null;
    onPublish(message: { streamName: string }): void;
    onPlay(message: { streamName: string }): void;
    respondPublish(): void;
    sendStatusMessage(streamId: number, level: string, code: string, description: string): void;
  }
}

declare module 'node-media-server/src/protocol/flv.js' {
  export default class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    static createMessage(tag: {
      codec_type: number;
      dts: number;
      size: number;
      data: Buffer;
    }): Buffer;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}

declare module 'node-media-server/src/protocol/amf.js' {
  export function decodeAmf0Data(data: Buffer): {
    cmd: string;
    dataObj: Record<string, unknown> | null;
  };
}
