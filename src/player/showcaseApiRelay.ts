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

const notFound = (method: string): ApiReply => ({ event: 'error', data: { method, name: 'NotFoundError', message: 'The video is not in this showcase.' } });

export function relayPlayerApi(win: FrameWindow, player: ShowcasePlayer): void {
  const origin = parentOrigin(win);
  if (origin === null || win.parent === (win as unknown)) return;
  const inner = new URL(player.frame.src, window.location.href).origin;
  const listening = new Set<string>();
  const toPage = (message: unknown) => win.parent.postMessage(message, origin);
  const toPlayer = (message: unknown) => player.frame.contentWindow?.postMessage(message, inner);
  let ready = false;
  // Replies to the relay's own subscriptions of a new video's player, which the page never asked for.
  let ownReplies = 0;

  const playerReady = () => {
    if (!ready) {
      ready = true;
      toPage({ event: 'ready' } satisfies ApiEvent);
      return;
    }
    // Another video's player: it hears about the events the page asked for.
    ownReplies = listening.size;
    for (const name of listening) toPlayer({ method: 'addEventListener', value: name });
  };

  const fromPage = (data: unknown) => {
    const call = readApiCall(data);
    if (!call) return;
    if (call.method === 'ping') {
      if (ready) toPage({ method: 'ping' });
      return;
    }
    if (call.method === 'getVideoId') return toPage({ method: call.method, value: player.currentVideoId() });
    if (call.method === 'loadVideo') {
      const id = Number(call.value);
      return toPage(Number.isInteger(id) && player.load(id) ? { method: call.method, value: id } : notFound(call.method));
    }
    if (typeof call.value === 'string' && call.method === 'addEventListener') listening.add(call.value);
    if (typeof call.value === 'string' && call.method === 'removeEventListener') listening.delete(call.value);
    toPlayer(call);
  };

  const fromPlayer = (data: Partial<ApiEvent> & { method?: unknown; data?: unknown }) => {
    if (data.event === 'ready' || data.method === 'ping') return playerReady();
    if (typeof data.event === 'string') {
      // The showcase's own continuous play follows the player too (attach-events); only
      // events of the API, with their timing, are the page's.
      const apiTiming = data.event !== 'timeupdate' || (typeof data.data === 'object' && data.data !== null && 'percent' in data.data);
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
    else if (event.source === player.frame.contentWindow && event.origin === inner && typeof event.data === 'object' && event.data !== null) fromPlayer(event.data as Partial<ApiEvent>);
  });
  // The player may have said it is ready before this script ran: it answers a ping as well.
  toPlayer({ method: 'ping' });
}
