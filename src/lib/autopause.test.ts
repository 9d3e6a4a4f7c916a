import { describe, expect, it } from 'vitest';
import { linkPlayers, type PlayerChannel } from './autopause.ts';

/** Two ends of one channel, and media elements that only know play and pause. */
function channelPair(): [PlayerChannel, PlayerChannel] {
  const a = new EventTarget();
  const b = new EventTarget();
  const end = (self: EventTarget, other: EventTarget): PlayerChannel => ({
    postMessage: (message) => other.dispatchEvent(new MessageEvent('message', { data: message })),
    addEventListener: (type, listener) => self.addEventListener(type, listener as EventListener),
  });
  return [end(a, b), end(b, a)];
}

function media() {
  const target = new EventTarget() as EventTarget & {
    paused: boolean;
    play(): void;
    pause(): void;
  };
  target.paused = true;
  target.play = () => {
    target.paused = false;
    target.dispatchEvent(new Event('play'));
  };
  target.pause = () => {
    target.paused = true;
  };
  return target;
}

describe('two players of this site', () => {
  it('pause the one playing when the other starts', () => {
    const [left, right] = channelPair();
    const first = media();
    const second = media();
    linkPlayers(first as unknown as HTMLMediaElement, left, 'a', true);
    linkPlayers(second as unknown as HTMLMediaElement, right, 'b', true);
    first.play();
    second.play();
    expect(first.paused).toBe(true);
    expect(second.paused).toBe(false);
  });

  it('keep playing a player framed with autopause=0', () => {
    const [left, right] = channelPair();
    const first = media();
    const second = media();
    linkPlayers(first as unknown as HTMLMediaElement, left, 'a', false);
    linkPlayers(second as unknown as HTMLMediaElement, right, 'b', true);
    first.play();
    second.play();
    expect(first.paused).toBe(false);
  });

  it('follow their setting as it changes', () => {
    const [left, right] = channelPair();
    const first = media();
    const second = media();
    const setting = linkPlayers(first as unknown as HTMLMediaElement, left, 'a', true);
    linkPlayers(second as unknown as HTMLMediaElement, right, 'b', true);
    setting.on = false;
    first.play();
    second.play();
    expect(first.paused).toBe(false);
  });

  it('ignore other messages on the channel', () => {
    const [left, right] = channelPair();
    const first = media();
    linkPlayers(first as unknown as HTMLMediaElement, left, 'a', true);
    first.play();
    right.postMessage({ type: 'something-else', playerId: 'b' });
    right.postMessage('playing');
    expect(first.paused).toBe(false);
  });
});
