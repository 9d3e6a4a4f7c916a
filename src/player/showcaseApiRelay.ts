/**
 * The showcase embed's side of the player API (src/lib/playerApi.ts): the page that frames
 * the showcase talks to it as to a single player. Calls go on to the player frame inside
 * and its answers come back; the events the page asked for come back too, from whichever
 * video plays. Two calls are the showcase's own: getVideoId (the video playing) and
 * loadVideo (another video of the showcase, by id; any other is refused).
 */
import { readApiCall, type ApiEvent, type ApiReply } from '../lib/playerApi.ts';
import { parentOrigin, type FrameWindow } from '../lib/playerMessages.ts';

export interface ShowcasePlayer {
  frame: HTMLIFrameElement;
  currentVideoId(): number | null;
  /** Plays that video of the showcase; false when it is not one the embed can play. */
  load(videoId: number): boolean;
}

const notFound = (method: string): ApiReply => ({
  event: 'error',
  data: { method, name: 'NotFoundError', message: 'The video is not in this showcase.' },
});

export function relayPlayerApi(win: FrameWindow, player: ShowcasePlayer): void {
  const origin = parentOrigin(win);
  if (origin === null || win.parent === (win as unknown)) return;
  const inner = new URL(player.frame.src, window.location.href).origin;
  const listening = new Set<string>();
  const toPage = (message: unknown) => win.parent.postMessage(message, origin);
  const post = (message: unknown) => player.frame.contentWindow?.postMessage(message, inner);
  // The embed told the page it was ready when it loaded (frameReady.ts); calls for a player
  // that has not answered yet (still loading, or another video's on its way) wait for it.
  let playerReady = false;
  const held: unknown[] = [];
  const toPlayer = (message: unknown) => (playerReady ? post(message) : held.push(message));
  // Replies to the relay's own subscriptions of a new player, which the page never asked for.
  let ownReplies = 0;

  const onPlayerReady = () => {
    if (playerReady) return;
    playerReady = true;
    // A new video's player hears about the events the page asked for, then what waited.
    ownReplies += listening.size;
    for (const name of listening) post({ method: 'addEventListener', value: name });
    for (const message of held.splice(0)) post(message);
  };

  const fromPage = (data: unknown) => {
    const call = readApiCall(data);
    if (!call) return;
    if (call.method === 'ping') return toPage({ method: 'ping' });
    if (call.method === 'getVideoId')
      return toPage({ method: call.method, value: player.currentVideoId() });
    if (call.method === 'loadVideo') {
      const id = Number(call.value);
      if (!Number.isInteger(id) || !player.load(id)) return toPage(notFound(call.method));
      playerReady = false;
      return toPage({ method: call.method, value: id });
    }
    if (typeof call.value === 'string' && call.method === 'addEventListener')
      listening.add(call.value);
    if (typeof call.value === 'string' && call.method === 'removeEventListener')
      listening.delete(call.value);
    toPlayer(call);
  };

  const fromPlayer = (data: Partial<ApiEvent> & { method?: unknown; data?: unknown }) => {
    if (data.event === 'ready' || data.method === 'ping') return onPlayerReady();
    if (typeof data.event === 'string') {
      // The showcase's own continuous play follows the player too (attach-events); only
      // events of the API, with their timing, are the page's.
      const apiTiming =
        data.event !== 'timeupdate' ||
        (typeof data.data === 'object' && data.data !== null && 'percent' in data.data);
      if (data.event === 'error' || (listening.has(data.event) && apiTiming)) toPage(data);
      return;
    }
    if (typeof data.method !== 'string') return;
    if (data.method === 'addEventListener' && ownReplies > 0) {
      ownReplies -= 1;
      return;
    }
    toPage(data);
  };

  win.addEventListener('message', (event) => {
    if (event.source === (win.parent as unknown) && event.origin === origin) fromPage(event.data);
    else if (
      event.source === player.frame.contentWindow &&
      event.origin === inner &&
      typeof event.data === 'object' &&
      event.data !== null
    )
      fromPlayer(event.data as Partial<ApiEvent>);
  });
  // The player answers a ping once its document is in: ask now, and again whenever a document loads in its frame.
  post({ method: 'ping' });
  player.frame.addEventListener('load', () => post({ method: 'ping' }));
}
