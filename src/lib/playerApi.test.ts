import { describe, expect, it } from 'vitest';
import { answerCall, readApiCall, timing, type PlayerSurface } from './playerApi.ts';

function media(overrides: Partial<PlayerSurface> = {}): PlayerSurface {
  return {
    currentTime: 0,
    duration: 20,
    paused: true,
    ended: false,
    volume: 1,
    muted: false,
    play: () => Promise.resolve(),
    pause: () => undefined,
    ...overrides,
  };
}
const facts = {
  videoId: 7,
  title: 'Dawn',
  url: 'https://films.example.com/showcase/1/video/7',
  duration: 20,
};

describe('player API wire', () => {
  it("reads Vimeo's calls, as objects or JSON strings", () => {
    expect(readApiCall({ method: 'play', value: {} })).toEqual({ method: 'play', value: {} });
    expect(readApiCall('{"method":"setCurrentTime","value":3}')).toEqual({
      method: 'setCurrentTime',
      value: 3,
    });
    expect(readApiCall('not json')).toBeNull();
    expect(readApiCall({ event: 'ready' })).toBeNull();
    expect(readApiCall(null)).toBeNull();
  });

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
});

describe('player API calls', () => {
  it('answers getters and setters with their values', async () => {
    const surface = media({ currentTime: 2 });
    const listening = new Set<string>();
    expect(await answerCall(surface, facts, { method: 'getCurrentTime' }, listening)).toEqual({
      method: 'getCurrentTime',
      value: 2,
    });
    expect(
      await answerCall(surface, facts, { method: 'setCurrentTime', value: 12.5 }, listening),
    ).toEqual({ method: 'setCurrentTime', value: 12.5 });
    expect(surface.currentTime).toBe(12.5);
    expect(
      await answerCall(surface, facts, { method: 'setVolume', value: 0.5 }, listening),
    ).toEqual({ method: 'setVolume', value: 0.5 });
    expect(await answerCall(surface, facts, { method: 'getDuration' }, listening)).toEqual({
      method: 'getDuration',
      value: 20,
    });
    expect(await answerCall(surface, facts, { method: 'getVideoId' }, listening)).toEqual({
      method: 'getVideoId',
      value: 7,
    });
    expect(await answerCall(surface, facts, { method: 'getPaused' }, listening)).toEqual({
      method: 'getPaused',
      value: true,
    });
  });

  it('knows the duration and its range before the media has loaded anything', async () => {
    const idle = media({ duration: Number.NaN });
    const listening = new Set<string>();
    expect(await answerCall(idle, facts, { method: 'getDuration' }, listening)).toEqual({
      method: 'getDuration',
      value: 20,
    });
    expect(
      await answerCall(idle, facts, { method: 'setCurrentTime', value: 30 }, listening),
    ).toMatchObject({ event: 'error', data: { name: 'RangeError' } });
    expect(
      await answerCall(idle, facts, { method: 'setCurrentTime', value: 5 }, listening),
    ).toEqual({ method: 'setCurrentTime', value: 5 });
  });

  it('refuses values out of range with the error Vimeo sends', async () => {
    const listening = new Set<string>();
    expect(
      await answerCall(media(), facts, { method: 'setCurrentTime', value: 99 }, listening),
    ).toMatchObject({ event: 'error', data: { method: 'setCurrentTime', name: 'RangeError' } });
    expect(
      await answerCall(media(), facts, { method: 'setVolume', value: 2 }, listening),
    ).toMatchObject({ event: 'error', data: { name: 'RangeError' } });
    expect(
      await answerCall(media(), facts, { method: 'setMuted', value: 'yes' }, listening),
    ).toMatchObject({ event: 'error', data: { name: 'TypeError' } });
    expect(
      await answerCall(media(), facts, { method: 'enableTextTrack' }, listening),
    ).toMatchObject({ event: 'error', data: { name: 'NotSupportedError' } });
  });

  it('reports a play the browser refused', async () => {
    const refused = media({
      play: () =>
        Promise.reject(Object.assign(new Error('play() failed'), { name: 'NotAllowedError' })),
    });
    expect(await answerCall(refused, facts, { method: 'play' }, new Set())).toEqual({
      event: 'error',
      data: { method: 'play', name: 'NotAllowedError', message: 'play() failed' },
    });
  });

  it('turns events on and off', async () => {
    const listening = new Set<string>();
    expect(
      await answerCall(
        media(),
        facts,
        { method: 'addEventListener', value: 'timeupdate' },
        listening,
      ),
    ).toEqual({ method: 'addEventListener' });
    expect(listening.has('timeupdate')).toBe(true);
    await answerCall(
      media(),
      facts,
      { method: 'removeEventListener', value: 'timeupdate' },
      listening,
    );
    expect(listening.size).toBe(0);
  });
});
