/**
 * What keeps a live panel current: the room's event stream (Server-Sent Events) and the
 * status poll (SPEC §7, §9: every 4 s). EventSource reconnects by itself and resumes with
 * Last-Event-ID; when the server answers with an error instead of a stream the browser gives
 * up, so the panel starts a new stream itself, later each time, resuming after the newest
 * message it holds. A failed poll is reported and otherwise ignored (SPEC §8): the panel keeps
 * the state it had and polls on.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { CHAT_STATUS_POLL_MS } from '../../lib/chatComposer.ts';
import type { ChatStatusJson } from '../../lib/chatWire.ts';
import { appAddress, currentPage } from '../../lib/appAddress.ts';
import { eventsUrl, type ChatRoomAddress } from '../../lib/chatAddress.ts';
import type { JsonFailure } from '../../lib/jsonAnswer.ts';
import { ChatStatusError, fetchChatStatus } from './chatApi.ts';

const RESTART_FIRST_MS = 3_000;
const RESTART_MAX_MS = 60_000;

export interface RoomListeners {
  /** The data of one frame of each kind, as sent. */
  message(data: string): void;
  deleted(data: string): void;
  state(data: string): void;
  muted(data: string): void;
  /** Whether the stream is connected. */
  connection(open: boolean): void;
  /** The room's state as the status poll read it. */
  polled(status: ChatStatusJson): void;
  /** A status poll that brought no state: why, when known (null: JSON but no room state). */
  pollFailed(failure: JsonFailure | null): void;
}

export function useLiveRoom(
  room: ChatRoomAddress,
  live: boolean,
  lastIdRef: RefObject<number | null>,
  listeners: RoomListeners,
): void {
  const latest = useRef(listeners);
  useLayoutEffect(() => {
    latest.current = listeners;
  });
  const roomRef = useRef(room);

  useEffect(() => {
    if (!live) return;
    let source: EventSource | null = null;
    let restart: ReturnType<typeof setTimeout> | undefined;
    let delay = RESTART_FIRST_MS;

    const connect = () => {
      const stream = new EventSource(
        appAddress(eventsUrl(roomRef.current, lastIdRef.current), currentPage()),
      );
      source = stream;
      stream.addEventListener('open', () => {
        delay = RESTART_FIRST_MS;
        latest.current.connection(true);
      });
      for (const kind of ['message', 'deleted', 'state', 'muted'] as const) {
        stream.addEventListener(kind, (event) =>
          latest.current[kind]((event as MessageEvent<string>).data),
        );
      }
      stream.addEventListener('error', () => {
        latest.current.connection(false);
        if (stream.readyState !== EventSource.CLOSED) return;
        stream.close();
        restart = setTimeout(connect, delay);
        delay = Math.min(delay * 2, RESTART_MAX_MS);
      });
    };
    connect();
    return () => {
      source?.close();
      clearTimeout(restart);
    };
  }, [live, lastIdRef]);

  useEffect(() => {
    if (!live) return;
    const abort = new AbortController();
    const poll = () => {
      fetchChatStatus(roomRef.current, abort.signal).then(
        (status) => latest.current.polled(status),
        (cause: unknown) => {
          if (abort.signal.aborted) return;
          console.error(cause);
          latest.current.pollFailed(cause instanceof ChatStatusError ? cause.failure : null);
        },
      );
    };
    // The room may have changed since the page was rendered: its reader leaves the state to us.
    poll();
    const timer = setInterval(poll, CHAT_STATUS_POLL_MS);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, [live]);
}
