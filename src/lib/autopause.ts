/**
 * SPEC §2 autopause: a player pauses when another player of this site starts playing,
 * unless it was framed with autopause=0 (continuous play). Players tell each other over a
 * same-origin channel (BroadcastChannel in the frame). The setting stays open to change: the
 * player API's setAutopause turns it on or off.
 */
export const AUTOPAUSE_CHANNEL = 'vitrine-players';

export interface PlayerChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function linkPlayers(
  media: HTMLMediaElement,
  channel: PlayerChannel,
  playerId: string,
  autopause: boolean,
): { on: boolean } {
  const setting = { on: autopause };
  media.addEventListener('play', () => channel.postMessage({ type: 'playing', playerId }));
  channel.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; playerId?: unknown } | null;
    if (setting.on && data?.type === 'playing' && data.playerId !== playerId && !media.paused)
      media.pause();
  });
  return setting;
}
