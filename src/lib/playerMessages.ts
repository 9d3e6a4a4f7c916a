/**
 * The player frame's postMessage contract (SPEC §7: "Player frame: attach-events message
 * in; PLAYER_ENDED out for continuous play"). Both sides live here so they cannot drift:
 * the frame (/showcase/{albumId}/video/{videoId}/embed) calls attachPlayerEvents, a page
 * that frames it calls listenForPlayerEnded.
 */

export const ATTACH_EVENTS = 'attach-events';
export const PLAYER_ENDED = 'PLAYER_ENDED';

export interface AttachEventsMessage {
  method: typeof ATTACH_EVENTS;
}

export interface PlayerEndedMessage {
  event: typeof PLAYER_ENDED;
}

export function isAttachEvents(data: unknown): data is AttachEventsMessage {
  return typeof data === 'object' && data !== null && (data as { method?: unknown }).method === ATTACH_EVENTS;
}

export function isPlayerEnded(data: unknown): data is PlayerEndedMessage {
  return typeof data === 'object' && data !== null && (data as { event?: unknown }).event === PLAYER_ENDED;
}

/** The parts of a window each side uses; a fake stands in for it in tests. */
export interface MessageWindow {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface FrameWindow extends MessageWindow {
  parent: MessageWindow;
  document: { referrer: string };
  location: { ancestorOrigins?: { length: number; [index: number]: string } | undefined };
}

/**
 * The origin of the page framing this one: what the browser says (ancestorOrigins), else
 * the referrer's origin; null when neither is known.
 */
export function parentOrigin(win: FrameWindow): string | null {
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] && ancestors[0] !== 'null') return ancestors[0];
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Frame side. Once its parent sends attach-events, tells that parent — at its origin only —
 * each time the media ends. Messages from any other window or origin are ignored, and
 * nothing is ever sent before the parent asked. Returns a function that detaches.
 */
export function attachPlayerEvents(win: FrameWindow, media: EventTarget): () => void {
  const expected = parentOrigin(win);
  let target: string | null = null;

  const onMessage = (event: MessageEvent) => {
    if (event.source !== (win.parent as unknown) || win.parent === (win as MessageWindow)) return;
    if (expected !== null && event.origin !== expected) return;
    if (!isAttachEvents(event.data)) return;
    target = event.origin;
  };
  const onEnded = () => {
    if (target !== null) win.parent.postMessage({ event: PLAYER_ENDED } satisfies PlayerEndedMessage, target);
  };

  win.addEventListener('message', onMessage);
  media.addEventListener('ended', onEnded);
  return () => {
    win.removeEventListener('message', onMessage);
    media.removeEventListener('ended', onEnded);
  };
}

/** The parts of an iframe element the parent side uses. */
export interface PlayerFrameElement extends EventTarget {
  src: string;
  contentWindow: MessageWindow | null;
}

/**
 * Parent side. Sends attach-events to the frame (now, and on every load, since a message
 * sent while the frame is still loading is lost) and calls onEnded for each PLAYER_ENDED
 * that comes from that frame's window and origin. Returns a function that stops listening.
 */
export function listenForPlayerEnded(win: MessageWindow & { location: { href: string } }, frame: PlayerFrameElement, onEnded: () => void): () => void {
  const frameOrigin = new URL(frame.src, win.location.href).origin;
  const attach = () => frame.contentWindow?.postMessage({ method: ATTACH_EVENTS } satisfies AttachEventsMessage, frameOrigin);
  const onMessage = (event: MessageEvent) => {
    if (event.source !== (frame.contentWindow as unknown) || event.origin !== frameOrigin) return;
    if (isPlayerEnded(event.data)) onEnded();
  };
  win.addEventListener('message', onMessage);
  frame.addEventListener('load', attach);
  attach();
  return () => {
    win.removeEventListener('message', onMessage);
    frame.removeEventListener('load', attach);
  };
}
