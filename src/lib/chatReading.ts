/**
 * The hand-over from a live panel's reader (src/components/chat/chatReader.ts), which keeps the
 * server-rendered log current until someone writes, to the island that then takes over
 * (src/islands/LiveChat/mountLiveChat.tsx): the reader stops and hands over the messages it
 * shows, so the island adopts that markup as its own, missing none and showing none twice.
 */
import type { ChatMessageJson } from './chatWire.ts';

interface ChatReading {
  /** Closes the reader's stream; the messages its log shows, oldest first. */
  stop(): readonly ChatMessageJson[];
}

export interface ReadingHost extends HTMLElement {
  chatReading?: ChatReading;
}
