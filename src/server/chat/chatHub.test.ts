import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatEvent, ChatMessageJson } from '../../lib/chatWire.ts';
import { metrics } from '../metrics.ts';
import { createChatBus, type ChatBus } from './chatBus.ts';
import {
  createChatHub,
  MAX_PENDING_BYTES,
  PING_INTERVAL_MS,
  type ChatHub,
  type ChatSink,
} from './chatHub.ts';

/** A stream that records what it is sent; a stalled one's client never takes any of it. */
function fakeSink({ stalled = false } = {}) {
  const sink = {
    chunks: [] as string[],
    closed: false,
    write(chunk: string) {
      if (sink.closed) throw new Error('closed');
      sink.chunks.push(chunk);
    },
    pendingBytes: () => (stalled ? sink.chunks.join('').length : 0),
    close() {
      sink.closed = true;
    },
  };
  return sink satisfies ChatSink;
}

const message = (id: number, roomId: number, body = 'hello'): ChatEvent => ({
  type: 'message',
  roomId,
  message: {
    id,
    room_id: roomId,
    body,
    created_at: '2025-06-01T09:00:00.000Z',
    offset_ms: null,
    author: { id: 1, name: 'Ada', badge: null },
  } satisfies ChatMessageJson,
});

const gauge = async () => (await metrics().chatConnections.get()).values[0]?.value ?? 0;
const dropped = async () => (await metrics().chatDroppedStreams.get()).values[0]?.value ?? 0;

let hub: ChatHub | undefined;
let bus: ChatBus;
function open(options?: Parameters<typeof createChatHub>[1]) {
  bus = createChatBus({ kind: 'local' });
  hub = createChatHub(bus, options);
  return hub;
}
afterEach(async () => {
  hub?.close();
  await bus?.close();
  vi.useRealTimers();
});

describe('the chat hub', () => {
  it('writes each event to the streams of its room only, as the frames browsers expect', async () => {
    const hub = open();
    const [a, b, other] = [fakeSink(), fakeSink(), fakeSink()];
    hub.openStream(1, a);
    hub.openStream(1, b);
    hub.openStream(2, other);
    await bus.publish(message(7, 1));
    await bus.publish({ type: 'muted', roomId: 1, userId: 4, muted: true });
    expect(a.chunks).toEqual([
      expect.stringMatching(/^event: message\nid: 7\ndata: \{"id":7,/),
      'event: muted\ndata: {"user_id":4,"muted":true}\n\n',
    ]);
    expect(b.chunks).toEqual(a.chunks);
    expect(other.chunks).toEqual([]);
  });

  it('counts open streams and stops writing to one whose client left', async () => {
    const before = await gauge();
    const hub = open();
    const sink = fakeSink();
    const unregister = hub.openStream(3, sink);
    hub.openStream(3, sink);
    expect(await gauge()).toBe(before + 1);
    expect(hub.streamCount(3)).toBe(1);
    unregister();
    await bus.publish(message(1, 3));
    expect(sink.chunks).toEqual([]);
    expect(sink.closed).toBe(false);
    expect(await gauge()).toBe(before);
    expect(hub.streamCount()).toBe(0);
  });

  it('drops a stream whose client stopped reading, and only that one', async () => {
    const [gaugeBefore, droppedBefore] = [await gauge(), await dropped()];
    const hub = open();
    const [stalled, reading] = [fakeSink({ stalled: true }), fakeSink()];
    hub.openStream(1, stalled);
    hub.openStream(1, reading);
    const large = 'x'.repeat(64 * 1024);
    let sent = 0;
    while (!stalled.closed && sent < 100) await bus.publish(message(++sent, 1, large));
    expect(stalled.closed).toBe(true);
    // Dropped at the first frame past the bound, not later.
    expect(stalled.pendingBytes()).toBeGreaterThan(MAX_PENDING_BYTES);
    expect(stalled.pendingBytes() - stalled.chunks.at(-1)!.length).toBeLessThanOrEqual(
      MAX_PENDING_BYTES,
    );
    await bus.publish(message(++sent, 1, large));
    expect(stalled.chunks).toHaveLength(sent - 1);
    expect(reading.chunks).toHaveLength(sent);
    expect(reading.closed).toBe(false);
    expect(await dropped()).toBe(droppedBefore + 1);
    expect(await gauge()).toBe(gaugeBefore + 1);
  });

  it('forgets a stream that ended on its own', async () => {
    const hub = open();
    const [ended, alive] = [fakeSink(), fakeSink()];
    hub.openStream(1, ended);
    hub.openStream(1, alive);
    ended.closed = true;
    await bus.publish(message(1, 1));
    expect(hub.streamCount(1)).toBe(1);
    expect(alive.chunks).toHaveLength(1);
  });

  it('pings every stream every 15 s', () => {
    vi.useFakeTimers();
    const hub = open();
    const [a, b] = [fakeSink(), fakeSink()];
    hub.openStream(1, a);
    hub.openStream(2, b);
    vi.advanceTimersByTime(PING_INTERVAL_MS - 1);
    expect(a.chunks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.chunks).toEqual([': ping\n\n']);
    expect(b.chunks).toEqual([': ping\n\n']);
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(a.chunks).toHaveLength(2);
  });

  it('ends every stream when the bus comes back from an outage, so browsers catch up', async () => {
    const gaps = new Set<() => void>();
    const local = createChatBus({ kind: 'local' });
    bus = { ...local, onGap: (listener) => (gaps.add(listener), () => gaps.delete(listener)) };
    hub = createChatHub(bus);
    const [a, b] = [fakeSink(), fakeSink()];
    hub.openStream(1, a);
    hub.openStream(2, b);
    for (const gap of gaps) gap();
    expect([a.closed, b.closed]).toEqual([true, true]);
    const later = fakeSink();
    hub.openStream(1, later);
    await bus.publish(message(1, 1));
    expect(later.chunks).toHaveLength(1);
    await local.close();
  });

  it('once closed, ends every stream and each one opened after', async () => {
    const before = await gauge();
    const hub = open();
    const a = fakeSink();
    hub.openStream(1, a);
    hub.close();
    expect(a.closed).toBe(true);
    const late = fakeSink();
    hub.openStream(1, late);
    expect(late.closed).toBe(true);
    await bus.publish(message(1, 1));
    expect(late.chunks).toEqual([]);
    expect(await gauge()).toBe(before);
  });
});
