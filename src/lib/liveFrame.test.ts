import { describe, expect, it } from 'vitest';
import {
  frameShouldReload,
  liveFrameState,
  streamMovedOn,
  type PolledFrameFacts,
} from './liveFrame.ts';

describe('liveFrameState', () => {
  it('plays the live stream of an event on the air', () => {
    expect(
      liveFrameState({ status: 'streaming', hasHls: true, hasFile: false, savesReplay: true }),
    ).toBe('stream');
  });

  it('says the event is starting while its first playlist is not published yet', () => {
    expect(
      liveFrameState({ status: 'streaming', hasHls: false, hasFile: false, savesReplay: true }),
    ).toBe('starting');
  });

  it.each(['unavailable', 'pending', 'ready'])('says when a %s event starts', (status) => {
    expect(liveFrameState({ status, hasHls: false, hasFile: false, savesReplay: true })).toBe(
      'upcoming',
    );
  });

  it('plays the replay of an ended event', () => {
    expect(liveFrameState({ status: 'done', hasHls: true, hasFile: true, savesReplay: true })).toBe(
      'video',
    );
  });

  it('says the replay is being prepared until it has a file', () => {
    expect(
      liveFrameState({ status: 'done', hasHls: false, hasFile: false, savesReplay: true }),
    ).toBe('preparing');
  });

  it('says an event that records nothing is over, with no replay to wait for', () => {
    expect(
      liveFrameState({ status: 'done', hasHls: false, hasFile: false, savesReplay: false }),
    ).toBe('ended');
  });

  it('leaves a video that is not a live event to the frame', () => {
    expect(
      liveFrameState({ status: null, hasHls: true, hasFile: true, savesReplay: true }),
    ).toBeNull();
    expect(
      liveFrameState({ status: null, hasHls: false, hasFile: false, savesReplay: true }),
    ).toBeNull();
  });
});

describe('a live frame waiting for something to play', () => {
  const polled = (over: Partial<PolledFrameFacts>): PolledFrameFacts => ({
    status: 'ready',
    hasHls: false,
    archived: false,
    gone: false,
    ...over,
  });

  it('reloads when its upcoming event goes on the air or ends, not when it only comes nearer', () => {
    const shown = { state: 'upcoming' as const, status: 'pending' };
    expect(frameShouldReload(shown, polled({ status: 'ready' }))).toBe(false);
    expect(frameShouldReload(shown, polled({ status: 'streaming', hasHls: true }))).toBe(true);
    expect(frameShouldReload(shown, polled({ status: 'done' }))).toBe(true);
  });

  it('reloads a starting stream once its playlist is out, and a prepared replay once archived', () => {
    expect(
      frameShouldReload(
        { state: 'starting', status: 'streaming' },
        polled({ status: 'streaming' }),
      ),
    ).toBe(false);
    expect(
      frameShouldReload(
        { state: 'starting', status: 'streaming' },
        polled({ status: 'streaming', hasHls: true }),
      ),
    ).toBe(true);
    expect(
      frameShouldReload({ state: 'preparing', status: 'done' }, polled({ status: 'done' })),
    ).toBe(false);
    expect(
      frameShouldReload(
        { state: 'preparing', status: 'done' },
        polled({ status: 'done', archived: true }),
      ),
    ).toBe(true);
  });

  it('reloads a video view showing the event on the air once its broadcast is over', () => {
    const shown = { state: 'stream', status: 'streaming' } as const;
    expect(frameShouldReload(shown, polled({ status: 'streaming', hasHls: true }))).toBe(false);
    expect(frameShouldReload(shown, polled({ status: 'done' }))).toBe(true);
    // A recurring event waits for its next occurrence.
    expect(frameShouldReload(shown, polled({ status: 'pending' }))).toBe(true);
  });

  it('reloads when the event is gone, and ignores a poll that said nothing', () => {
    expect(
      frameShouldReload(
        { state: 'upcoming', status: 'ready' },
        polled({ gone: true, status: null }),
      ),
    ).toBe(true);
    expect(
      frameShouldReload({ state: 'upcoming', status: 'ready' }, polled({ status: null })),
    ).toBe(false);
  });
});

describe('a frame whose live stream ended', () => {
  const playing = '/media/p/1796590000/abc123/live/42/7/master.m3u8';
  const polled = (status: string | null, hls: string | null, gone = false) => ({
    status,
    hls,
    gone,
  });

  it('moves to the broadcast its event went on in', () => {
    expect(
      streamMovedOn(
        playing,
        polled('streaming', '/media/p/1796590600/def456/live/42/8/master.m3u8'),
      ),
    ).toBe(true);
  });

  it('waits while its event streams the broadcast it played, newly signed', () => {
    expect(
      streamMovedOn(
        playing,
        polled('streaming', '/media/p/1796590600/def456/live/42/7/master.m3u8'),
      ),
    ).toBe(false);
    expect(streamMovedOn(playing, polled('streaming', null))).toBe(false);
    expect(streamMovedOn(playing, polled(null, null))).toBe(false);
  });

  it('reloads once its event is off the air or gone', () => {
    expect(streamMovedOn(playing, polled('done', null))).toBe(true);
    expect(streamMovedOn(playing, polled(null, null, true))).toBe(true);
  });
});
