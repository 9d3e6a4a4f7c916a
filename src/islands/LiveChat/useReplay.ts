/**
 * A replay's chat: the broadcast's messages, fetched once, and the video's position as the
 * page beside the player relays it (src/lib/playerMessages.ts). The position is null until
 * the first one arrives.
 */
import { useEffect, useRef, useState } from 'react';
import type { ChatMessageJson } from '../../lib/chatWire.ts';
import { listenForRelayedTime } from '../../lib/playerMessages.ts';
import type { ChatRoomAddress } from '../../lib/chatAddress.ts';
import { fetchReplay } from './chatApi.ts';

export function useReplay(
  room: ChatRoomAddress,
  replay: boolean,
  initial: readonly ChatMessageJson[],
): { messages: readonly ChatMessageJson[]; seconds: number | null } {
  const [messages, setMessages] = useState(initial);
  const [seconds, setSeconds] = useState<number | null>(null);
  const roomRef = useRef(room);

  useEffect(() => {
    if (!replay) return;
    const abort = new AbortController();
    // The page's messages stay when the fetch fails: a replay that shows less, not nothing.
    fetchReplay(roomRef.current, abort.signal).then(setMessages, () => {});
    const stop = listenForRelayedTime(window, setSeconds);
    return () => {
      abort.abort();
      stop();
    };
  }, [replay]);

  return { messages, seconds };
}
