/**
 * The open chat streams of this process, by room. The hub subscribes once to the chat bus and
 * writes each event, as a Server-Sent Events frame, to the streams of its room; a comment every
 * 15 s keeps idle connections from being cut by proxies.
 *
 * A client that stops reading (a phone that lost its network without a reset, a stalled tab)
 * must not make the server buffer every later event for it: once the bytes not yet sent to it
 * pass MAX_PENDING_BYTES the hub ends its stream and forgets it. Its browser reconnects with
 * its Last-Event-ID when it can read again; the other viewers never notice.
 */
import { chatEventFrame } from '../../lib/chatFrame.ts';
import { sseComment } from '../../lib/sseFrame.ts';
import { metrics } from '../metrics.ts';
import { chatBus, type ChatBus } from './chatBus.ts';

/** Where a stream's frames go: an open Server-Sent Events response. */
export interface ChatSink {
  write(chunk: string): void;
  /** Bytes written and not yet taken by the client. */
  pendingBytes(): number;
  /** Ends the stream (and its connection). */
  close(): void;
}

/**
 * A chat message frame is at most about 3 KiB (500 characters, JSON-escaped, and its author):
 * 256 KiB is some hundred messages behind, after the kernel's socket buffers are already full.
 * A reader on a slow mobile link catches up from that; one that does not read never will.
 */
export const MAX_PENDING_BYTES = 256 * 1024;
export const PING_INTERVAL_MS = 15_000;
const PING = sseComment('ping');

export interface ChatHubOptions {
  maxPendingBytes?: number;
}

export interface ChatHub {
  /** Delivers the events of `roomId` to `sink` from now on; returns the unregister, for a client gone. */
  openStream(roomId: number, sink: ChatSink): () => void;
  /** Streams open, in one room or in all. */
  streamCount(roomId?: number): number;
  /** Ends every stream and every one opened later; stops pinging and leaves the bus (shutdown). */
  close(): void;
}

export function createChatHub(
  bus: ChatBus,
  { maxPendingBytes = MAX_PENDING_BYTES }: ChatHubOptions = {},
): ChatHub {
  const rooms = new Map<number, Set<ChatSink>>();
  const { chatConnections, chatDroppedStreams } = metrics();
  let closed = false;

  const forget = (roomId: number, sink: ChatSink): boolean => {
    const sinks = rooms.get(roomId);
    if (!sinks?.delete(sink)) return false;
    if (sinks.size === 0) rooms.delete(roomId);
    chatConnections.dec();
    return true;
  };
  const end = (roomId: number, sink: ChatSink) => {
    if (forget(roomId, sink)) sink.close();
  };
  const send = (roomId: number, sink: ChatSink, chunk: string) => {
    try {
      sink.write(chunk);
    } catch {
      // The stream ended on its own between its client leaving and its unregister.
      return end(roomId, sink);
    }
    if (sink.pendingBytes() > maxPendingBytes && forget(roomId, sink)) {
      chatDroppedStreams.inc();
      sink.close();
    }
  };
  const endAll = () => {
    for (const [roomId, sinks] of [...rooms]) for (const sink of [...sinks]) end(roomId, sink);
  };

  const unsubscribe = bus.subscribe((event) => {
    const sinks = rooms.get(event.roomId);
    if (!sinks) return;
    const frame = chatEventFrame(event);
    for (const sink of [...sinks]) send(event.roomId, sink, frame);
  });
  // Events published while the bus was away are lost to it but kept in the store: browsers
  // that reconnect with their Last-Event-ID receive them.
  const leaveGaps = bus.onGap(endAll);
  const ping = setInterval(() => {
    for (const [roomId, sinks] of [...rooms])
      for (const sink of [...sinks]) send(roomId, sink, PING);
  }, PING_INTERVAL_MS);
  ping.unref();

  return {
    openStream(roomId, sink) {
      if (closed) {
        sink.close();
        return () => {};
      }
      const sinks = rooms.get(roomId) ?? new Set<ChatSink>();
      if (!sinks.has(sink)) {
        rooms.set(roomId, sinks.add(sink));
        chatConnections.inc();
      }
      return () => void forget(roomId, sink);
    },
    streamCount(roomId) {
      if (roomId !== undefined) return rooms.get(roomId)?.size ?? 0;
      let count = 0;
      for (const sinks of rooms.values()) count += sinks.size;
      return count;
    },
    close() {
      closed = true;
      clearInterval(ping);
      unsubscribe();
      leaveGaps();
      endAll();
    },
  };
}

// One hub per process, on globalThis: the start script (shutdown) and the Astro bundle (the
// routes) load this module separately and must see the same streams.
const KEY = Symbol.for('vitrine.chatHub');
const holder = globalThis as { [KEY]?: ChatHub };

/** This process's hub, on this process's bus. */
export function chatHub(): ChatHub {
  holder[KEY] ??= createChatHub(chatBus());
  return holder[KEY];
}

/** Ends every open chat stream, and any opened after, so that none holds the shutdown. */
export function closeAllStreams(): void {
  holder[KEY]?.close();
}
