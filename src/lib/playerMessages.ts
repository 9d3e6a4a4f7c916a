/**
 * The player frame's postMessage contract (SPEC §7: "Player frame: attach-events message
 * in; PLAYER_ENDED out for continuous play"), and the playing position it reports in Vimeo
 * player.js's shape, which a chat replay follows. Both sides live here so they cannot drift:
 * the frame (/showcase/{albumId}/video/{videoId}/embed) calls attachPlayerEvents, a page
 * that frames it calls listenForPlayerEnded or listenForPlayerTime, and a chat panel framed
 * beside it takes the position its page relays with listenForRelayedTime.
 */

export const ATTACH_EVENTS = 'attach-events';
export const PLAYER_ENDED = 'PLAYER_ENDED';
export const TIME_UPDATE = 'timeupdate';

/** At most this many position reports a second: enough for a chat to keep pace. */
const TIME_UPDATES_PER_SECOND = 4;

export interface AttachEventsMessage {
  method: typeof ATTACH_EVENTS;
}

export interface PlayerEndedMessage {
  event: typeof PLAYER_ENDED;
}

export interface PlayerTime {
  seconds: number;
  /** 0 while the length is not known yet. */
  duration: number;
}

export interface TimeUpdateMessage {
  event: typeof TIME_UPDATE;
  data: PlayerTime;
}

export function isAttachEvents(data: unknown): data is AttachEventsMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { method?: unknown }).method === ATTACH_EVENTS
  );
}

export function isPlayerEnded(data: unknown): data is PlayerEndedMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { event?: unknown }).event === PLAYER_ENDED
  );
}

export function isTimeUpdate(data: unknown): data is TimeUpdateMessage {
  if (
    typeof data !== 'object' ||
    data === null ||
    (data as { event?: unknown }).event !== TIME_UPDATE
  )
    return false;
  const time = (data as { data?: unknown }).data;
  if (typeof time !== 'object' || time === null) return false;
  const { seconds } = time as { seconds?: unknown };
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0;
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
  if (ancestors && ancestors.length > 0 && ancestors[0] && ancestors[0] !== 'null')
    return ancestors[0];
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/** The parts of a media element the frame side reads. */
export interface PlayerMedia extends EventTarget {
  currentTime: number;
  duration: number;
  ended?: boolean;
}

/**
 * Frame side. Once its parent sends attach-events, tells that parent — at its origin only —
 * each time the media ends, and where it is playing: on `timeupdate` at most
 * TIME_UPDATES_PER_SECOND times a second, and at once after every seek. Messages from any
 * other window or origin are ignored, and nothing is ever sent before the parent asked. A
 * media that ended before the parent first asked (the frame's code arrives when it is played)
 * is reported at once. `now` is a clock in milliseconds. Returns a function that detaches.
 */
export function attachPlayerEvents(
  win: FrameWindow,
  media: PlayerMedia,
  now: () => number = () => performance.now(),
): () => void {
  const expected = parentOrigin(win);
  const interval = 1000 / TIME_UPDATES_PER_SECOND;
  let target: string | null = null;
  let lastReport = Number.NEGATIVE_INFINITY;

  const onMessage = (event: MessageEvent) => {
    if (event.source !== (win.parent as unknown) || win.parent === (win as MessageWindow)) return;
    if (expected !== null && event.origin !== expected) return;
    if (!isAttachEvents(event.data)) return;
    const first = target === null;
    target = event.origin;
    if (first && media.ended) onEnded();
  };
  const onEnded = () => {
    if (target !== null)
      win.parent.postMessage({ event: PLAYER_ENDED } satisfies PlayerEndedMessage, target);
  };
  const report = () => {
    if (target === null) return;
    lastReport = now();
    const duration = Number.isFinite(media.duration) ? media.duration : 0;
    win.parent.postMessage(
      {
        event: TIME_UPDATE,
        data: { seconds: media.currentTime, duration },
      } satisfies TimeUpdateMessage,
      target,
    );
  };
  const onTimeUpdate = () => {
    if (now() - lastReport >= interval) report();
  };

  win.addEventListener('message', onMessage);
  media.addEventListener('ended', onEnded);
  media.addEventListener('timeupdate', onTimeUpdate);
  media.addEventListener('seeked', report);
  return () => {
    win.removeEventListener('message', onMessage);
    media.removeEventListener('ended', onEnded);
    media.removeEventListener('timeupdate', onTimeUpdate);
    media.removeEventListener('seeked', report);
  };
}

/** The parts of an iframe element the parent side uses. */
export interface PlayerFrameElement extends EventTarget {
  src: string;
  contentWindow: MessageWindow | null;
}

type ParentWindow = MessageWindow & { location: { href: string } };

/**
 * Parent side. Sends attach-events to the frame (now, and on every load, since a message
 * sent while the frame is still loading is lost) and hands `onData` each message that comes
 * from that frame's window and origin. Returns a function that stops listening.
 */
function listenToPlayer(
  win: ParentWindow,
  frame: PlayerFrameElement,
  onData: (data: unknown) => void,
): () => void {
  const frameOrigin = new URL(frame.src, win.location.href).origin;
  const attach = () =>
    frame.contentWindow?.postMessage(
      { method: ATTACH_EVENTS } satisfies AttachEventsMessage,
      frameOrigin,
    );
  const onMessage = (event: MessageEvent) => {
    if (event.source !== (frame.contentWindow as unknown) || event.origin !== frameOrigin) return;
    onData(event.data);
  };
  win.addEventListener('message', onMessage);
  frame.addEventListener('load', attach);
  attach();
  return () => {
    win.removeEventListener('message', onMessage);
    frame.removeEventListener('load', attach);
  };
}

/** Parent side: calls onEnded for each PLAYER_ENDED of the frame. */
export function listenForPlayerEnded(
  win: ParentWindow,
  frame: PlayerFrameElement,
  onEnded: () => void,
): () => void {
  return listenToPlayer(win, frame, (data) => {
    if (isPlayerEnded(data)) onEnded();
  });
}

/** Parent side: calls onTime with each playing position the frame reports. */
export function listenForPlayerTime(
  win: ParentWindow,
  frame: PlayerFrameElement,
  onTime: (time: PlayerTime) => void,
): () => void {
  return listenToPlayer(win, frame, (data) => {
    if (isTimeUpdate(data))
      onTime({
        seconds: data.data.seconds,
        duration: Number.isFinite(data.data.duration) ? data.data.duration : 0,
      });
  });
}

/**
 * Chat side: a panel framed beside the player takes the positions its page relays (the
 * page's own origin only, from the page itself) and calls onTime with the seconds.
 */
export function listenForRelayedTime(
  win: MessageWindow & { parent: MessageWindow; location: { origin: string } },
  onTime: (seconds: number) => void,
): () => void {
  const onMessage = (event: MessageEvent) => {
    if (
      win.parent === (win as MessageWindow) ||
      event.source !== (win.parent as unknown) ||
      event.origin !== win.location.origin
    )
      return;
    if (isTimeUpdate(event.data)) onTime(event.data.data.seconds);
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
