import { describe, expect, it } from 'vitest';
import {
  API_METHODS,
  answerCall,
  embedCode,
  timeRanges,
  timing,
  type FrameControls,
  type FramePlayer,
  type PlayerSurface,
  type TimeRangesLike,
} from './playerApiAnswers.ts';
import { CuePoints } from './playerCuePoints.ts';
import type { QualityLadder } from './playerQualities.ts';
import type { TextTrackLike } from './playerTracks.ts';

const ranges = (...pairs: [number, number][]): TimeRangesLike => ({
  length: pairs.length,
  start: (index) => pairs[index]![0],
  end: (index) => pairs[index]![1],
});

const track = (kind: string, language: string, label: string): TextTrackLike => ({
  kind,
  language,
  label,
  mode: 'disabled',
  cues: null,
});

function media(overrides: Partial<PlayerSurface> = {}): PlayerSurface {
  return {
    currentTime: 0,
    duration: 20,
    paused: true,
    ended: false,
    seeking: false,
    volume: 1,
    muted: false,
    loop: false,
    playbackRate: 1,
    videoWidth: 0,
    videoHeight: 0,
    buffered: ranges([0, 4]),
    played: ranges(),
    seekable: ranges([0, 20]),
    textTracks: [track('captions', 'en', 'English'), track('subtitles', 'fr', 'Français')],
    play: () => Promise.resolve(),
    pause: () => undefined,
    ...overrides,
  };
}

const facts = {
  videoId: 7,
  title: 'Dawn',
  url: 'https://films.example.com/showcase/1/video/7',
  embedUrl: 'https://films.example.com/showcase/1/video/7/embed',
  duration: 20,
  width: 1920,
  height: 1080,
};

const mode = () => {
  let on = false;
  return {
    active: () => on,
    enter: () => Promise.resolve(void (on = true)),
    exit: () => Promise.resolve(void (on = false)),
  };
};

function controls(overrides: Partial<FrameControls> = {}): FrameControls {
  return {
    fullscreen: { ...mode(), heardFromPage: () => undefined },
    pictureInPicture: mode(),
    remotePlayback: {
      state: () => 'disconnected',
      available: () => Promise.resolve(false),
      prompt: () => Promise.resolve(),
    },
    autopause: { on: true },
    ladder: () => null,
    cuePoints: new CuePoints(() => 'cue-1'),
    ...overrides,
  };
}

const player = (
  surface: Partial<PlayerSurface> = {},
  frame: Partial<FrameControls> = {},
): FramePlayer => ({ media: media(surface), facts, controls: controls(frame) });

const call = (on: FramePlayer, method: string, value?: unknown, listening = new Set<string>()) =>
  answerCall(on, { method, value }, listening);

describe('player API values', () => {
  it('gives timing as seconds, percent and duration', () => {
    expect(timing({ currentTime: 5, duration: 20 })).toEqual({
      seconds: 5,
      percent: 0.25,
      duration: 20,
    });
    expect(timing({ currentTime: 0, duration: Number.NaN })).toEqual({
      seconds: 0,
      percent: 0,
      duration: 0,
    });
  });

  it('gives time ranges as [start, end] pairs', () => {
    expect(timeRanges(ranges([0, 4.5], [8, 12]))).toEqual([
      [0, 4.5],
      [8, 12],
    ]);
    expect(timeRanges(ranges())).toEqual([]);
  });

  it('writes an embed code in the video’s proportions, its attributes escaped', () => {
    const code = embedCode({ ...facts, title: 'Dawn & "Dusk"', width: 1280, height: 536 });
    expect(code).toContain(`src="${facts.embedUrl}"`);
    expect(code).toContain('width="640" height="268"');
    expect(code).toContain('title="Dawn &amp; &quot;Dusk&quot;"');
    expect(embedCode({ ...facts, width: 0, height: 0 })).toContain('height="360"');
  });
});

describe('every method of Vimeo’s player.js', () => {
  /** Vimeo's documented methods by the names their calls carry: what this player does. */
  const implemented = [
    ...['ping', 'addEventListener', 'removeEventListener', 'play', 'pause'],
    ...['getCurrentTime', 'setCurrentTime', 'getDuration', 'getPaused', 'getEnded', 'getSeeking'],
    ...['getVolume', 'setVolume', 'getMuted', 'setMuted', 'getLoop', 'setLoop'],
    ...['getPlaybackRate', 'setPlaybackRate', 'getBuffered', 'getPlayed', 'getSeekable'],
    ...['getVideoWidth', 'getVideoHeight', 'getVideoId', 'getVideoTitle', 'getVideoUrl'],
    ...['getVideoEmbedCode', 'getTextTracks', 'enableTextTrack', 'disableTextTrack'],
    ...['getChapters', 'getCurrentChapter', 'getCuePoints', 'addCuePoint', 'removeCuePoint'],
    ...['getQualities', 'getQuality', 'setQuality', 'getAutopause', 'setAutopause'],
    ...['requestFullscreen', 'exitFullscreen', 'getFullscreen', 'fullscreenchange'],
    ...['requestPictureInPicture', 'exitPictureInPicture', 'getPictureInPicture'],
    ...['remotePlaybackPrompt', 'getRemotePlaybackAvailability', 'getRemotePlaybackState'],
  ];
  const unsupported = [
    ...['getAudioTracks', 'getEnabledAudioTrack', 'getDefaultAudioTrack'],
    ...['selectAudioTrack', 'selectDefaultAudioTrack'],
    ...['getColor', 'setColor', 'getColorOne', 'setColorOne', 'getColorTwo', 'setColorTwo'],
    ...['getColorThree', 'setColorThree', 'getColorFour', 'setColorFour'],
    ...['getCameraProps', 'setCameraProps', 'loadVideo', 'unload'],
  ];

  it('knows each of them, and no other', () => {
    expect(API_METHODS.toSorted()).toEqual([...implemented, ...unsupported].toSorted());
  });

  it.each(implemented)('answers %s with a value or an error of its own', async (method) => {
    const reply = await call(player(), method);
    if ('event' in reply) expect(reply.data.name).not.toBe('UnsupportedError');
  });

  it.each(unsupported)('refuses %s with UnsupportedError', async (method) => {
    expect(await call(player(), method, 'x')).toMatchObject({
      event: 'error',
      data: { method, name: 'UnsupportedError', message: expect.stringMatching(/not supported/) },
    });
  });

  it('refuses a method it does not know with UnsupportedError too', async () => {
    expect(await call(player(), 'getSomethingElse')).toMatchObject({
      event: 'error',
      data: { name: 'UnsupportedError' },
    });
  });

  it('refuses what the browser lacks with UnsupportedError', async () => {
    const bare = player({}, { pictureInPicture: null, remotePlayback: null, autopause: null });
    for (const method of [
      'requestPictureInPicture',
      'getPictureInPicture',
      'getRemotePlaybackState',
      'remotePlaybackPrompt',
      'getAutopause',
      'setAutopause',
    ])
      expect(await call(bare, method, true)).toMatchObject({
        data: { method, name: 'UnsupportedError' },
      });
  });
});

describe('player API calls', () => {
  it('answers getters and setters with their values', async () => {
    const on = player({ currentTime: 2 });
    expect(await call(on, 'getCurrentTime')).toEqual({ method: 'getCurrentTime', value: 2 });
    expect(await call(on, 'setCurrentTime', 12.5)).toEqual({
      method: 'setCurrentTime',
      value: 12.5,
    });
    expect(on.media.currentTime).toBe(12.5);
    expect(await call(on, 'setVolume', 0.5)).toEqual({ method: 'setVolume', value: 0.5 });
    expect(await call(on, 'getDuration')).toEqual({ method: 'getDuration', value: 20 });
    expect(await call(on, 'getVideoId')).toEqual({ method: 'getVideoId', value: 7 });
    expect(await call(on, 'getPaused')).toEqual({ method: 'getPaused', value: true });
    expect(await call(on, 'setLoop', true)).toEqual({ method: 'setLoop', value: true });
    expect(on.media.loop).toBe(true);
    expect(await call(on, 'setPlaybackRate', 1.5)).toEqual({
      method: 'setPlaybackRate',
      value: 1.5,
    });
    expect(await call(on, 'getBuffered')).toEqual({ method: 'getBuffered', value: [[0, 4]] });
    expect(await call(on, 'setAutopause', false)).toEqual({ method: 'setAutopause', value: false });
    expect(on.controls.autopause).toEqual({ on: false });
  });

  it('gives the uploaded size until the media knows its own', async () => {
    expect(await call(player(), 'getVideoWidth')).toEqual({ method: 'getVideoWidth', value: 1920 });
    expect(await call(player({ videoHeight: 720 }), 'getVideoHeight')).toEqual({
      method: 'getVideoHeight',
      value: 720,
    });
  });

  it('knows the duration and its range before the media has loaded anything', async () => {
    const idle = player({ duration: Number.NaN });
    expect(await call(idle, 'getDuration')).toEqual({ method: 'getDuration', value: 20 });
    expect(await call(idle, 'setCurrentTime', 30)).toMatchObject({
      event: 'error',
      data: { name: 'RangeError' },
    });
    expect(await call(idle, 'setCurrentTime', 5)).toEqual({ method: 'setCurrentTime', value: 5 });
  });

  it('refuses values out of range with the error Vimeo sends', async () => {
    expect(await call(player(), 'setCurrentTime', 99)).toMatchObject({
      event: 'error',
      data: { method: 'setCurrentTime', name: 'RangeError' },
    });
    expect(await call(player(), 'setVolume', 2)).toMatchObject({ data: { name: 'RangeError' } });
    expect(await call(player(), 'setPlaybackRate', 3)).toMatchObject({
      data: { name: 'RangeError' },
    });
    expect(await call(player(), 'setPlaybackRate', 0.25)).toMatchObject({
      data: { name: 'RangeError' },
    });
    expect(await call(player(), 'setMuted', 'yes')).toMatchObject({ data: { name: 'TypeError' } });
    expect(await call(player(), 'setLoop', 1)).toMatchObject({ data: { name: 'TypeError' } });
    expect(await call(player(), 'addCuePoint', { time: 25 })).toMatchObject({
      data: { name: 'RangeError' },
    });
    expect(await call(player(), 'removeCuePoint', 'nope')).toMatchObject({
      data: { name: 'InvalidCuePoint' },
    });
    expect(await call(player(), 'setQuality', '720p')).toMatchObject({
      data: { name: 'TypeError' },
    });
  });

  it('turns captions on and off by language and kind', async () => {
    const on = player();
    expect(await call(on, 'enableTextTrack', { language: 'fr', kind: null })).toEqual({
      method: 'enableTextTrack',
      value: { label: 'Français', language: 'fr', kind: 'subtitles' },
    });
    expect(await call(on, 'getTextTracks')).toMatchObject({
      value: [
        { language: 'en', mode: 'disabled' },
        { language: 'fr', mode: 'showing' },
      ],
    });
    expect(await call(on, 'enableTextTrack', { language: 'de' })).toMatchObject({
      data: { name: 'InvalidTrackLanguageError' },
    });
    expect(await call(on, 'enableTextTrack', { language: 'en', kind: 'subtitles' })).toMatchObject({
      data: { name: 'InvalidTrackError' },
    });
    expect(await call(on, 'disableTextTrack')).toEqual({ method: 'disableTextTrack' });
    expect(Array.from(on.media.textTracks, (each) => each.mode)).toEqual(['disabled', 'disabled']);
  });

  it('keeps the cue points a page adds', async () => {
    const on = player();
    expect(await call(on, 'addCuePoint', { time: 5, data: { scene: 2 } })).toEqual({
      method: 'addCuePoint',
      value: 'cue-1',
    });
    expect(await call(on, 'getCuePoints')).toEqual({
      method: 'getCuePoints',
      value: [{ time: 5, data: { scene: 2 }, id: 'cue-1' }],
    });
    expect(await call(on, 'removeCuePoint', 'cue-1')).toEqual({
      method: 'removeCuePoint',
      value: 'cue-1',
    });
  });

  it('chooses a quality of the HLS ladder, or auto', async () => {
    let chosen: number | null = null;
    const ladder: QualityLadder = {
      heights: () => [360, 720, 1080],
      chosen: () => chosen,
      choose: (level) => void (chosen = level),
    };
    const on = player({}, { ladder: () => ladder });
    expect(await call(on, 'setQuality', '720p')).toEqual({ method: 'setQuality', value: '720p' });
    expect(chosen).toBe(1);
    expect(await call(on, 'getQuality')).toEqual({ method: 'getQuality', value: '720p' });
    expect(await call(player(), 'getQualities')).toEqual({
      method: 'getQualities',
      value: [{ label: 'Auto', id: 'auto', active: true }],
    });
  });

  it('reports a play the browser refused', async () => {
    const refused = player({
      play: () =>
        Promise.reject(Object.assign(new Error('play() failed'), { name: 'NotAllowedError' })),
    });
    expect(await call(refused, 'play')).toEqual({
      event: 'error',
      data: { method: 'play', name: 'NotAllowedError', message: 'play() failed' },
    });
  });

  it('turns events on and off', async () => {
    const listening = new Set<string>();
    expect(await call(player(), 'addEventListener', 'timeupdate', listening)).toEqual({
      method: 'addEventListener',
    });
    expect(listening.has('timeupdate')).toBe(true);
    await call(player(), 'removeEventListener', 'timeupdate', listening);
    expect(listening.size).toBe(0);
    expect(await call(player(), 'addEventListener', 3, listening)).toMatchObject({
      data: { name: 'TypeError' },
    });
  });
});
