/**
 * A live chat stream as a web Response (Server-Sent Events): the reconnection delay, the
 * frames the route reads from the store (`first`), then the events of the room as the hub
 * delivers them, until the client leaves or the hub ends the stream.
 *
 * The stream joins its room before it calls `first`, so nothing posted while the store is
 * read is missed (a message in both is sent twice; the browser keeps one per id). Live events
 * that arrive meanwhile are held and follow the first frames.
 */
import { sseRetry } from '../../lib/sseFrame.ts';
import { currentNodeResponse } from '../http/nodeResponseScope.ts';
import { logger } from '../logger.ts';
import { chatHub, type ChatHub, type ChatSink } from './chatHub.ts';
import { READ_FROM_ANY_ORIGIN } from './chatResponses.ts';

/** How long a browser waits before it reconnects a stream that ended or broke. */
const RETRY_MS = 3_000;

export interface SseResponseOptions {
  roomId: number;
  /** Frames sent before the live ones, e.g. the latest messages, or the read that makes them. */
  first: readonly string[] | (() => Promise<readonly string[]>);
  /** Default: this process's hub. */
  hub?: ChatHub;
}

export function sseResponse({ roomId, first, hub = chatHub() }: SseResponseOptions): Response {
  // Astro writes each chunk to the Node response as soon as it is queued, without waiting for
  // 'drain': what a client has not taken piles up there, not in the stream's own queue.
  const nodeResponse = currentNodeResponse();
  const encoder = new TextEncoder();
  let ended = false;
  let unregister = () => {};

  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Live frames that arrive before `first` is written wait here, to follow it in order.
        let held: string[] | null = [];
        let heldBytes = 0;
        const enqueue = (chunk: string) => controller.enqueue(encoder.encode(chunk));
        const sink: ChatSink = {
          write(chunk) {
            if (ended) throw new Error('The chat stream has ended');
            if (!held) return enqueue(chunk);
            held.push(chunk);
            heldBytes += Buffer.byteLength(chunk);
          },
          pendingBytes: () =>
            heldBytes +
            Math.max(0, -(controller.desiredSize ?? 0)) +
            (nodeResponse?.writableLength ?? 0),
          close() {
            if (ended) return;
            ended = true;
            controller.close();
            // Bytes still waiting for a client that does not read would hold the connection.
            nodeResponse?.destroy();
          },
        };
        unregister = hub.openStream(roomId, sink);
        if (ended) return;
        enqueue(sseRetry(RETRY_MS));
        new Promise<readonly string[]>((resolve) =>
          resolve(typeof first === 'function' ? first() : first),
        ).then(
          (frames) => {
            if (ended || !held) return;
            for (const frame of [...frames, ...held]) enqueue(frame);
            held = null;
            heldBytes = 0;
          },
          (err: unknown) => {
            logger.error({ err, roomId }, 'chat: could not read the first frames of a stream');
            unregister();
            sink.close();
          },
        );
      },
      cancel() {
        ended = true;
        unregister();
      },
    },
    // Nothing is buffered ahead of the reader: every queued byte counts as pending.
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform also keeps the compression step away: it would buffer the frames.
      'Cache-Control': 'no-cache, no-transform',
      // nginx would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
      ...READ_FROM_ANY_ORIGIN,
    },
  });
}
