import { afterEach, describe, expect, it } from 'vitest';
import { continuousPlay, currentVideo, isPlaying, playVideo, setContinuousPlay, stopVideo } from './player.ts';

afterEach(() => {
  stopVideo();
  setContinuousPlay(true);
});

describe('the player store', () => {
  it('starts with nothing playing', () => {
    expect(currentVideo.value).toBeNull();
  });
  it('plays the chosen video', () => {
    playVideo({ id: 7, name: 'Glass studio' });
    expect(currentVideo.value).toEqual({ id: 7, name: 'Glass studio' });
  });
  it('is playing once a video is chosen', () => {
    playVideo({ id: 7, name: 'Glass studio' });
    expect(isPlaying.value).toBe(true);
  });
  it('returns to the title card on stop', () => {
    playVideo({ id: 7, name: 'Glass studio' });
    stopVideo();
    expect(isPlaying.value).toBe(false);
  });
  it('leaves continuous play on until the viewer turns it off', () => {
    expect(continuousPlay.value).toBe(true);
  });
  it('turns continuous play off', () => {
    setContinuousPlay(false);
    expect(continuousPlay.value).toBe(false);
  });
});
