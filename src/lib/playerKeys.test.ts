import { describe, expect, it } from 'vitest';
import { playerActionFor, seekTarget, volumeAfter } from './playerKeys.ts';

describe('playerActionFor', () => {
  it.each([
    ['k', { kind: 'toggle-play' }],
    ['K', { kind: 'toggle-play' }],
    [' ', { kind: 'toggle-play' }],
    ['ArrowLeft', { kind: 'seek-by', seconds: -5 }],
    ['ArrowRight', { kind: 'seek-by', seconds: 5 }],
    ['j', { kind: 'seek-by', seconds: -10 }],
    ['l', { kind: 'seek-by', seconds: 10 }],
    ['ArrowUp', { kind: 'volume-by', delta: 0.1 }],
    ['ArrowDown', { kind: 'volume-by', delta: -0.1 }],
    ['m', { kind: 'toggle-mute' }],
    ['f', { kind: 'toggle-fullscreen' }],
    ['c', { kind: 'toggle-captions' }],
    ['0', { kind: 'seek-to-fraction', fraction: 0 }],
    ['7', { kind: 'seek-to-fraction', fraction: 0.7 }],
  ])('maps %j', (key, action) => {
    expect(playerActionFor({ key })).toEqual(action);
  });

  it('leaves other keys and shortcuts with modifiers to the browser', () => {
    expect(playerActionFor({ key: 'Tab' })).toBeNull();
    expect(playerActionFor({ key: 'Enter' })).toBeNull();
    expect(playerActionFor({ key: 'f', ctrlKey: true })).toBeNull();
    expect(playerActionFor({ key: 'l', metaKey: true })).toBeNull();
    expect(playerActionFor({ key: 'ArrowLeft', altKey: true })).toBeNull();
  });
});

describe('seekTarget', () => {
  it('moves by seconds within the video', () => {
    expect(seekTarget(10, 60, { kind: 'seek-by', seconds: 5 })).toBe(15);
    expect(seekTarget(3, 60, { kind: 'seek-by', seconds: -5 })).toBe(0);
    expect(seekTarget(58, 60, { kind: 'seek-by', seconds: 5 })).toBe(60);
  });

  it('jumps to a tenth of the duration', () => {
    expect(seekTarget(10, 60, { kind: 'seek-to-fraction', fraction: 0.5 })).toBe(30);
  });

  it('stays put while the duration is unknown', () => {
    expect(seekTarget(4, Number.NaN, { kind: 'seek-to-fraction', fraction: 0.5 })).toBe(4);
  });
});

describe('volumeAfter', () => {
  it('steps by a tenth between silence and full', () => {
    expect(volumeAfter(0.5, 0.1)).toBe(0.6);
    expect(volumeAfter(0.95, 0.1)).toBe(1);
    expect(volumeAfter(0.05, -0.1)).toBe(0);
  });
});
