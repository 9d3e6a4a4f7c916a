import { beforeEach, describe, expect, it, vi } from 'vitest';

// Each test reads a store fresh from its module, as a page that has just loaded does: a
// default is then the module's own, never one a previous test put back.
let store: typeof import('./player.ts');

beforeEach(async () => {
  vi.resetModules();
  store = await import('./player.ts');
});

describe('the player store', () => {
  it('starts with nothing playing', () => {
    expect(store.currentVideo.value).toBeNull();
    expect(store.isPlaying.value).toBe(false);
  });

  it('plays the chosen video', () => {
    store.playVideo({ id: 7, name: 'Glass studio' });
    expect(store.currentVideo.value).toEqual({ id: 7, name: 'Glass studio' });
    expect(store.isPlaying.value).toBe(true);
  });

  it('returns to the title card on stop', () => {
    store.playVideo({ id: 7, name: 'Glass studio' });
    store.stopVideo();
    expect(store.currentVideo.value).toBeNull();
    expect(store.isPlaying.value).toBe(false);
  });

  it('leaves continuous play on until the viewer turns it off', () => {
    expect(store.continuousPlay.value).toBe(true);
    store.playVideo({ id: 7, name: 'Glass studio' });
    store.stopVideo();
    expect(store.continuousPlay.value).toBe(true);
  });

  it('turns continuous play off and on again', () => {
    store.setContinuousPlay(false);
    expect(store.continuousPlay.value).toBe(false);
    store.setContinuousPlay(true);
    expect(store.continuousPlay.value).toBe(true);
  });
});
