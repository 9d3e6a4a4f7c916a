import { describe, expect, it } from 'vitest';
import { liveFrameState } from './liveFrame.ts';

describe('liveFrameState', () => {
  it('plays the live stream of an event on the air', () => {
    expect(liveFrameState({ status: 'streaming', hasHls: true, hasFile: false })).toBe('stream');
  });

  it('says the event is starting while its first playlist is not published yet', () => {
    expect(liveFrameState({ status: 'streaming', hasHls: false, hasFile: false })).toBe('starting');
  });

  it.each(['unavailable', 'pending', 'ready'])('says when a %s event starts', (status) => {
    expect(liveFrameState({ status, hasHls: false, hasFile: false })).toBe('upcoming');
  });

  it('plays the replay of an ended event', () => {
    expect(liveFrameState({ status: 'done', hasHls: true, hasFile: true })).toBe('video');
  });

  it('says the replay is being prepared until it has a file', () => {
    expect(liveFrameState({ status: 'done', hasHls: false, hasFile: false })).toBe('preparing');
  });

  it('leaves a video that is not a live event to the frame', () => {
    expect(liveFrameState({ status: null, hasHls: true, hasFile: true })).toBeNull();
    expect(liveFrameState({ status: null, hasHls: false, hasFile: false })).toBeNull();
  });
});
