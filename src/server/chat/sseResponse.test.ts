/**
 * Chat streams end to end over real HTTP: a node:http server serves sseResponse through
 * Astro's own writer (which never waits for 'drain') inside the Node response scope, as the
 * production pipeline does, and real sockets read, or do not read, what it sends.
 */
import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Socket } from 'node:net';
import { writeResponse } from 'astro/app/node';
import { afterEach, describe, expect, it } from 'vitest';
import { chatMessageFrame } from '../../lib/chatFrame.ts';
import type { ChatEvent, ChatMessageJson } from '../../lib/chatWire.ts';
import { nodeResponseScope } from '../http/nodeResponseScope.ts';
import { pipeline } from '../http/requestPipeline.ts';
import { metrics } from '../metrics.ts';
import { createChatBus, type ChatBus } from './chatBus.ts';
import { createChatHub, type ChatHub } from './chatHub.ts';
import { sseResponse, type SseResponseOptions } from './sseResponse.ts';

const chatMessage = (id: number, body = 'hello'): ChatMessageJson => ({
  id,
  room_id: 1,
  body,
  created_at: '2025-06-01T09:00:00.000Z',
  offset_ms: null,
  author: { id: 1, name: 'Ada', badge: null },
});
const message = (id: number, body?: string): ChatEvent => ({
  type: 'message',
  roomId: 1,
  message: chatMessage(id, body),
});
const idsIn = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
const gauge = async () => (await metrics().chatConnections.get()).values[0]?.value ?? 0;
const dropped = async () => (await metrics().chatDroppedStreams.get()).values[0]?.value ?? 0;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Served {
  url: string;
  bus: ChatBus;
  hub: ChatHub;
  /** Resolves with the server side of the next `n` requests. */
  requests(n: number): Promise<ServerResponse[]>;
  close(): Promise<void>;
}

/** A server whose streams start with `first`. */
async function serve(first: SseResponseOptions['first'] = []): Promise<Served> {
  const bus = createChatBus({ kind: 'local' });
  const hub = createChatHub(bus);
  const seen: ServerResponse[] = [];
  const waiting: (() => void)[] = [];
  const server: Server = createServer(
    pipeline([nodeResponseScope], (req, res) => {
      seen.push(res);
      waiting.splice(0).forEach((wake) => wake());
      void writeResponse(
        sseResponse({
          roomId: Number(new URL(req.url!, 'http://chat').searchParams.get('room')),
          first,
          hub,
        }),
        res,
      );
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    bus,
    hub,
    async requests(n) {
      const from = seen.length;
      while (seen.length < from + n) await new Promise<void>((resolve) => waiting.push(resolve));
      return seen.slice(from, from + n);
    },
    async close() {
      hub.close();
      await bus.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A client that reads everything; `until(id)` resolves once the frame of message `id` arrived. */
function reader(url: string) {
  let text = '';
  const waits: { id: number; resolve: () => void }[] = [];
  let response: IncomingMessage | undefined;
  let closed = () => {};
  const ended = new Promise<void>((resolve) => (closed = resolve));
  const opened = new Promise<IncomingMessage>((resolve) => {
    const request = get(`${url}/?room=1`, (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const ids = new Set(idsIn(chunk));
        for (const w of waits.filter((w) => ids.has(w.id))) {
          waits.splice(waits.indexOf(w), 1);
          w.resolve();
        }
      });
      resolve(res);
    });
    request.on('error', () => {});
    request.on('close', () => closed());
  });
  return {
    opened,
    /** Resolves once the connection is over, whether or not a response came. */
    ended,
    text: () => text,
    until: (id: number) =>
      idsIn(text).includes(id)
        ? Promise.resolve()
        : new Promise<void>((resolve) => waits.push({ id, resolve })),
    leave: () => response?.destroy(),
  };
}

let served: Served | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

describe('a chat stream', () => {
  it('sends the retry delay and the first frames, then what is published, with headers that keep it unbuffered', async () => {
    served = await serve([chatMessageFrame(chatMessage(1)), chatMessageFrame(chatMessage(2))]);
    const client = reader(served.url);
    const res = await client.opened;
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache, no-transform');
    expect(res.headers['x-accel-buffering']).toBe('no');
    await client.until(2);
    await served.bus.publish(message(3, 'live'));
    await client.until(3);
    expect(client.text()).toMatch(/^retry: 3000\n\n/);
    expect(idsIn(client.text())).toEqual([1, 2, 3]);
    expect(client.text()).toContain('"body":"live"');
  });

  it('misses nothing posted while its first frames are being read', async () => {
    let readFirst: (frames: string[]) => void = () => {};
    served = await serve(() => new Promise<string[]>((resolve) => (readFirst = resolve)));
    const client = reader(served.url);
    await served.requests(1);
    await client.opened;
    // Posted after the stream joined its room, before the store answered without it.
    await served.bus.publish(message(2));
    readFirst([chatMessageFrame(chatMessage(1))]);
    await client.until(2);
    expect(idsIn(client.text())).toEqual([1, 2]);
  });

  it('ends, for the browser to retry, when its first frames cannot be read', async () => {
    served = await serve(() => Promise.reject(new Error('database unreachable')));
    const client = reader(served.url);
    await served.requests(1);
    await client.ended;
    expect(served.hub.streamCount()).toBe(0);
    expect(idsIn(client.text())).toEqual([]);
  });

  it('is forgotten when its client leaves', async () => {
    const before = await gauge();
    served = await serve();
    const client = reader(served.url);
    await client.opened;
    expect(served.hub.streamCount(1)).toBe(1);
    expect(await gauge()).toBe(before + 1);
    client.leave();
    while (served.hub.streamCount(1) > 0) await turn();
    expect(await gauge()).toBe(before);
  });

  it('drops a client that never reads while the others get every event', async () => {
    const [gaugeBefore, droppedBefore] = [await gauge(), await dropped()];
    served = await serve();
    const { host } = new URL(served.url);
    const requests = served.requests(2);
    const stalled = new Socket();
    const stalledClosed = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    stalled.connect(Number(new URL(served.url).port), '127.0.0.1', () => {
      stalled.write(`GET /?room=1 HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    });
    // Reads nothing until told to.
    stalled.pause();
    const client = reader(served.url);
    const [stalledResponse] = await requests;
    await client.opened;
    expect(served.hub.streamCount(1)).toBe(2);

    const body = 'x'.repeat(32 * 1024);
    let sent = 0;
    while (served.hub.streamCount(1) === 2 && sent < 4_000) {
      await served.bus.publish(message(++sent, body));
      await turn();
    }
    expect(served.hub.streamCount(1)).toBe(1);
    expect(stalledResponse!.destroyed).toBe(true);
    expect(await dropped()).toBe(droppedBefore + 1);
    expect(await gauge()).toBe(gaugeBefore + 1);

    await served.bus.publish(message(++sent, 'after'));
    await client.until(sent);
    expect(idsIn(client.text())).toEqual(Array.from({ length: sent }, (_, i) => i + 1));

    // What reached the stalled client before the drop is a beginning of the stream, then it ends.
    let stalledText = '';
    stalled.setEncoding('utf8');
    stalled.on('data', (chunk: string) => (stalledText += chunk));
    stalled.resume();
    await stalledClosed;
    const stalledIds = idsIn(stalledText);
    expect(stalledIds.length).toBeLessThan(sent - 1);
    expect(stalledIds).toEqual(Array.from({ length: stalledIds.length }, (_, i) => i + 1));
  });
});
