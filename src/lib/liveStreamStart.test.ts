import { describe, expect, it } from 'vitest';
import {
  AUDIO_WAIT_MS,
  FLV_H264,
  judgeStreamStart,
  NO_VIDEO_MS,
  type StreamSeen,
} from './liveStreamStart.ts';

const AAC = 10;
const MP3 = 2;
const seen = (over: Partial<StreamSeen>): StreamSeen => ({
  videoCodec: FLV_H264,
  videoConfigured: true,
  audioCodec: AAC,
  metadataHasAudio: true,
  msSinceFirstPacket: 500,
  msSinceVideoConfigured: 100,
  ...over,
});

describe('when a live push can be packaged', () => {
  it('starts with H.264 and AAC or MP3 sound', () => {
    expect(judgeStreamStart(seen({}))).toEqual({ start: { hasAudio: true } });
    expect(judgeStreamStart(seen({ audioCodec: MP3 }))).toEqual({ start: { hasAudio: true } });
  });

  it('starts without sound when the metadata says there is none, or the sound does not come', () => {
    expect(judgeStreamStart(seen({ audioCodec: null, metadataHasAudio: false }))).toEqual({
      start: { hasAudio: false },
    });
    expect(
      judgeStreamStart(
        seen({
          audioCodec: null,
          metadataHasAudio: null,
          msSinceVideoConfigured: AUDIO_WAIT_MS - 1,
        }),
      ),
    ).toEqual({ wait: true });
    expect(
      judgeStreamStart(
        seen({ audioCodec: null, metadataHasAudio: null, msSinceVideoConfigured: AUDIO_WAIT_MS }),
      ),
    ).toEqual({ start: { hasAudio: false } });
  });

  it('waits for the video configuration, and refuses a push without video after a while', () => {
    expect(
      judgeStreamStart(
        seen({
          videoCodec: null,
          videoConfigured: false,
          msSinceVideoConfigured: null,
          msSinceFirstPacket: NO_VIDEO_MS - 1,
        }),
      ),
    ).toEqual({ wait: true });
    expect(
      judgeStreamStart(
        seen({
          videoCodec: null,
          videoConfigured: false,
          msSinceVideoConfigured: null,
          msSinceFirstPacket: NO_VIDEO_MS,
        }),
      ),
    ).toEqual({ refuse: 'no_video' });
  });

  it('refuses video that is not H.264 and sound that is neither AAC nor MP3', () => {
    expect(judgeStreamStart(seen({ videoCodec: 2 }))).toEqual({ refuse: 'unsupported_codec' });
    expect(judgeStreamStart(seen({ videoCodec: 0x68766331 }))).toEqual({
      refuse: 'unsupported_codec',
    });
    expect(judgeStreamStart(seen({ audioCodec: 11 }))).toEqual({ refuse: 'unsupported_codec' });
  });
});
