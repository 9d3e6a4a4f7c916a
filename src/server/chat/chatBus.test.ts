/**
 * The chat bus against the real servers: Redis (REDIS_URL, else 127.0.0.1:6379) and
 * PostgreSQL (a database of this file's own beside DATABASE_URL; skipped on PGlite runs).
 * Two buses on one backend are two app nodes. A TCP relay between a bus and its server stands
 * in for an outage: it is cut and restored while the bus runs.
 */
import { reachable } from '../reachable.ts';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, Socket, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../lib/chatWire.ts';
import { useTestDatabase } from '../db/testDatabase.ts';
import {
  backendFromConfig,
  createChatBus,
  NOTIFY_PAYLOAD_LIMIT,
  type ChatBus,
  type ChatBusBackend,
} from './chatBus.ts';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
if (process.env.DATABASE_URL) await useTestDatabase('chatbus');
const DATABASE_URL = process.env.DATABASE_URL;
const run = `${process.pid}_${randomBytes(4).toString('hex')}`;

let seq = 0;
const stateEvent = (roomId: number): ChatEvent => ({
  type: 'state',
  roomId,
  status: { chatEnabled: ++seq % 2 === 0, audience: 'everyone' },
});

/** Everything a subscriber received, and a way to wait for one event. */
function recorder(bus: ChatBus) {
  const received: ChatEvent[] = [];
  const waiting: { match: (e: ChatEvent) => boolean; resolve: () => void }[] = [];
  const unsubscribe = bus.subscribe((event) => {
    received.push(event);
    for (const w of waiting.filter((w) => w.match(event))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  });
  const same = (a: ChatEvent) => (b: ChatEvent) => JSON.stringify(a) === JSON.stringify(b);
  return {
    received,
    unsubscribe,
    got: (event: ChatEvent) =>
      received.some(same(event))
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiting.push({ match: same(event), resolve })),
  };
}

/** A TCP relay to `target` on a port of its own that can be cut (connections refused) and restored. */
async function relay(target: string, defaultPort: number) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (at: number) =>
    new Promise<number>((resolve) => {
      server = createServer((client) => {
        const upstream = new Socket();
        upstream.connect(Number(port) || defaultPort, hostname.replace(/^\[|\]$/g, ''));
        for (const [a, b] of [
          [client, upstream],
          [upstream, client],
        ] as const) {
          sockets.add(a);
          a.pipe(b);
          a.on('error', () => b.destroy());
          a.on('close', () => {
            sockets.delete(a);
            b.destroy();
          });
        }
      });
      server.listen(at, '127.0.0.1', () => resolve((server!.address() as { port: number }).port));
    });
  const relayPort = await listen(0);
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(relayPort);
  return {
    url: url.toString(),
    async cut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: () => listen(relayPort),
  };
}

const opened: ChatBus[] = [];
const open = (backend: ChatBusBackend, channel: string) => {
  const bus = createChatBus(backend, { channel });
  opened.push(bus);
  return bus;
};
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
});

/** What every shared backend must do; `backend(url)` points a bus at the server at `url`. */
function sharedBusBehaviour(
  url: string,
  defaultPort: number,
  backend: (url: string) => ChatBusBackend,
  channelPrefix: string,
) {
  it('hands an event published on one node to the subscribers of both, once each', async () => {
    const channel = `${channelPrefix}_fanout`;
    const a = open(backend(url), channel);
    const b = open(backend(url), channel);
    await Promise.all([a.ready(), b.ready()]);
    const onA = [recorder(a), recorder(a)];
    const onB = recorder(b);
    const all = [...onA, onB];

    const first = stateEvent(1);
    await a.publish(first);
    await Promise.all(all.map((r) => r.got(first)));
    const second: ChatEvent = { type: 'deleted', roomId: 2, ids: [5, 6] };
    await b.publish(second);
    await Promise.all(all.map((r) => r.got(second)));
    // An event after them: anything delivered twice would have arrived by then.
    const last = stateEvent(1);
    await a.publish(last);
    await Promise.all(all.map((r) => r.got(last)));
    for (const r of all) expect(r.received).toEqual([first, second, last]);

    onA[0]!.unsubscribe();
    const unheard = stateEvent(3);
    await b.publish(unheard);
    await Promise.all([onA[1]!.got(unheard), onB.got(unheard)]);
    expect(onA[0]!.received).toEqual([first, second, last]);
  });

  it('keeps a message of the longest body, in any script, intact', async () => {
    const channel = `${channelPrefix}_long`;
    const a = open(backend(url), channel);
    const b = open(backend(url), channel);
    await Promise.all([a.ready(), b.ready()]);
    const onB = recorder(b);
    const event: ChatEvent = {
      type: 'message',
      roomId: 4,
      message: {
        id: 1,
        room_id: 4,
        body: '配信ありがとう🎉"\\\n'.repeat(50),
        created_at: '2025-06-01T09:00:00.000Z',
        offset_ms: null,
        author: { id: 2, name: 'Zoë', badge: null },
      },
    };
    await a.publish(event);
    await onB.got(event);
    expect(onB.received).toEqual([event]);
  });

  it('rides out its server being out of reach, at start and later', async () => {
    const channel = `${channelPrefix}_outage`;
    const link = await relay(url, defaultPort);
    await link.cut();
    const direct = open(backend(url), channel);
    const relayed = open(backend(link.url), channel);
    let gaps = 0;
    relayed.onGap(() => gaps++);
    const onRelayed = recorder(relayed);
    const onDirect = recorder(direct);
    await direct.ready();

    // Publishing into an unreachable server neither throws nor hangs the caller forever.
    await expect(relayed.publish(stateEvent(5))).resolves.toBeUndefined();
    await link.restore();
    await relayed.ready();
    const heard = stateEvent(5);
    await direct.publish(heard);
    await onRelayed.got(heard);
    const sent = stateEvent(5);
    await relayed.publish(sent);
    await onDirect.got(sent);

    const gapSeen = new Promise<void>((resolve) => relayed.onGap(resolve));
    await link.cut();
    await expect(relayed.publish(stateEvent(5))).resolves.toBeUndefined();
    await link.restore();
    await gapSeen;
    expect(gaps).toBe(1);
    const again = stateEvent(5);
    await direct.publish(again);
    await onRelayed.got(again);
  });
}

const redisUp = await reachable(REDIS_URL);

describe.skipIf(!redisUp)(
  `Redis bus${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
  () => {
    sharedBusBehaviour(
      REDIS_URL,
      6379,
      (url) => ({ kind: 'redis', url }),
      `vitrine-test:chat:${run}`,
    );
  },
);

describe.skipIf(!redisUp)(
  `Sites sharing one Redis${redisUp ? '' : ` (skipped: no Redis at ${REDIS_URL})`}`,
  () => {
    it("hears the chat of its own site's nodes only, whatever database number each names", async () => {
      // Two sites, each under its own prefix, and on Redis databases 0 and 3: pub/sub ignores the number.
      const onDatabase = (n: number) => {
        const url = new URL(REDIS_URL);
        url.pathname = `/${n}`;
        return { kind: 'redis', url: url.toString() } as const;
      };
      const siteA = `vitrine-test:${run}:site-a:chat`;
      const siteB = `vitrine-test:${run}:site-b:chat`;
      const a1 = open(onDatabase(0), siteA);
      const a2 = open(onDatabase(0), siteA);
      const b = open(onDatabase(3), siteB);
      await Promise.all([a1.ready(), a2.ready(), b.ready()]);
      const onA2 = recorder(a2);
      const onB = recorder(b);

      const inRoom2 = stateEvent(2);
      await a1.publish(inRoom2);
      await onA2.got(inRoom2);
      // Published after it: had site B heard site A, it would have heard that first.
      const ownEvent = stateEvent(2);
      await b.publish(ownEvent);
      await onB.got(ownEvent);
      expect(onB.received).toEqual([ownEvent]);
      expect(onA2.received).toEqual([inRoom2]);
    });
  },
);

describe.skipIf(!DATABASE_URL)(
  `PostgreSQL bus${DATABASE_URL ? '' : ' (skipped: DATABASE_URL is not set, this run is on PGlite)'}`,
  () => {
    sharedBusBehaviour(
      DATABASE_URL ?? '',
      5432,
      (url) => ({ kind: 'postgres', url }),
      `vitrine_test_chat_${run}`,
    );

    it('drops an event too large for a notification instead of failing the post', async () => {
      const channel = `vitrine_test_chat_${run}_large`;
      const a = open({ kind: 'postgres', url: DATABASE_URL! }, channel);
      await a.ready();
      const onA = recorder(a);
      const large: ChatEvent = {
        type: 'deleted',
        roomId: 1,
        ids: Array.from({ length: NOTIFY_PAYLOAD_LIMIT }, (_, i) => i),
      };
      await expect(a.publish(large)).resolves.toBeUndefined();
      const after = stateEvent(1);
      await a.publish(after);
      await onA.got(after);
      expect(onA.received).toEqual([after]);
    });
  },
);

describe('a local bus', () => {
  it('hands events to the subscribers of this process only', async () => {
    const a = open({ kind: 'local' }, 'unused');
    const b = open({ kind: 'local' }, 'unused');
    const onA = recorder(a);
    const onB = recorder(b);
    const event = stateEvent(1);
    await a.publish(event);
    expect(onA.received).toEqual([event]);
    expect(onB.received).toEqual([]);
  });

  it('keeps delivering to the others when one subscriber throws', async () => {
    const a = open({ kind: 'local' }, 'unused');
    a.subscribe(() => {
      throw new Error('broken subscriber');
    });
    const onA = recorder(a);
    const event = stateEvent(1);
    await expect(a.publish(event)).resolves.toBeUndefined();
    expect(onA.received).toEqual([event]);
  });
});

describe('backendFromConfig', () => {
  it('prefers Redis, then PostgreSQL, then one process', () => {
    const redis = 'redis://cache:6379';
    const pg = 'postgres://db/vitrine';
    expect(backendFromConfig({ REDIS_URL: redis, DATABASE_URL: pg })).toEqual({
      kind: 'redis',
      url: redis,
    });
    expect(backendFromConfig({ REDIS_URL: undefined, DATABASE_URL: pg })).toEqual({
      kind: 'postgres',
      url: pg,
    });
    expect(backendFromConfig({ REDIS_URL: undefined, DATABASE_URL: undefined })).toEqual({
      kind: 'local',
    });
  });
});

describe('close', () => {
  let child: ReturnType<typeof spawn> | undefined;
  afterEach(() => child?.kill());

  const backends: [string, ChatBusBackend | null][] = [
    ['Redis', redisUp ? { kind: 'redis', url: REDIS_URL } : null],
    ['PostgreSQL', DATABASE_URL ? { kind: 'postgres', url: DATABASE_URL } : null],
  ];
  for (const [name, backend] of backends) {
    it.skipIf(!backend)(
      `releases every ${name} connection: a process that closed its bus exits by itself`,
      async () => {
        const module = fileURLToPath(new URL('./chatBus.ts', import.meta.url));
        const script = `
        import { createChatBus } from ${JSON.stringify(module)};
        const bus = createChatBus(${JSON.stringify(backend)}, { channel: ${JSON.stringify(`vitrine_test_chat_${run}_close`)} });
        await bus.ready();
        const got = new Promise((resolve) => bus.subscribe(resolve));
        await bus.publish({ type: 'deleted', roomId: 1, ids: [1] });
        console.log(JSON.stringify(await got));
        await bus.close();
      `;
        child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          stdio: ['ignore', 'pipe', 'inherit'],
          env: { ...process.env, LOG_LEVEL: 'silent' },
        });
        let out = '';
        child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => child!.once('exit', resolve));
        expect(out.trim()).toBe(JSON.stringify({ type: 'deleted', roomId: 1, ids: [1] }));
        expect(code).toBe(0);
      },
    );
  }
});
