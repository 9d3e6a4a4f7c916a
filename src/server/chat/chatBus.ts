/**
 * The fan-out of chat events between app nodes. Every node, the publishing one too, hands its
 * subscribers what comes back through the bus and nothing else, so each event reaches each
 * node exactly once. Local (one process), Redis pub/sub (REDIS_URL) or PostgreSQL
 * LISTEN/NOTIFY (DATABASE_URL): one node needs nothing extra, many use what they already run.
 *
 * A bus never throws into its callers and never takes the process down: a backend that is out
 * of reach is logged (once a minute) and retried, and what is published meanwhile is dropped.
 * The messages themselves are in the database; `onGap` tells when the subscription came back,
 * so that streams can be reopened and browsers catch up from their Last-Event-ID.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import postgres from 'postgres';
import type { ChatEvent } from '../../lib/chatWire.ts';
import { config, type Config } from '../config.ts';
import { logger } from '../logger.ts';
import { redisName } from '../redisNamespace.ts';

export type ChatBusBackend =
  { kind: 'local' } | { kind: 'redis'; url: string } | { kind: 'postgres'; url: string };

export type ChatEventHandler = (event: ChatEvent) => void;

export interface ChatBusOptions {
  /**
   * Redis channel or PostgreSQL notification channel; tests use a unique one. By default the
   * Redis channel is `chat` in the site's namespace (src/server/redisNamespace.ts).
   */
  channel?: string;
}

/** A channel's name, or how to learn it (the site's namespace is read from its database). */
type ChannelName = string | (() => Promise<string>);

export interface ChatBus {
  readonly kind: ChatBusBackend['kind'];
  /** Sends `event` to every node. Resolves once handed to the backend; never rejects. */
  publish(event: ChatEvent): Promise<void>;
  /** Calls `handler` with every event published on any node; returns the unsubscribe. */
  subscribe(handler: ChatEventHandler): () => void;
  /** Calls `listener` each time the subscription comes back after a loss: events may have been missed. */
  onGap(listener: () => void): () => void;
  /** Resolves once this node receives what is published (at once for local). */
  ready(): Promise<void>;
  /** Closes the backend connections; publishing afterwards does nothing. */
  close(): Promise<void>;
}

/** The channel's name under the site's Redis namespace. */
const REDIS_CHANNEL = 'chat';
/** Notifications stay in the site's own database: one name serves every site. */
const POSTGRES_CHANNEL = 'vitrine_chat';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const NOTIFY_PAYLOAD_LIMIT = 8000;
/** A post waits at most this long for the backend before its event is dropped. */
const PUBLISH_TIMEOUT_MS = 2_000;
const RETRY_MS = 2_000;
const WARN_EVERY_MS = 60_000;

/** The transport under a bus: raw payloads out and in. */
interface Transport {
  send(payload: string): Promise<void>;
  ready: Promise<void>;
  close(): Promise<void>;
}

interface TransportHooks {
  receive(payload: string): void;
  resumed(): void;
  warn(message: string, err: unknown): void;
}

export type ChatBusSettings = Pick<Config, 'REDIS_URL' | 'DATABASE_URL'>;

/** Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else in-process. */
export function backendFromConfig(settings: ChatBusSettings = config()): ChatBusBackend {
  if (settings.REDIS_URL) return { kind: 'redis', url: settings.REDIS_URL };
  if (settings.DATABASE_URL) return { kind: 'postgres', url: settings.DATABASE_URL };
  return { kind: 'local' };
}

export function createChatBus(
  backend: ChatBusBackend = { kind: 'local' },
  options: ChatBusOptions = {},
): ChatBus {
  const handlers = new Set<ChatEventHandler>();
  const gapListeners = new Set<() => void>();
  let closed = false;
  let lastWarn = 0;

  const deliver = (event: ChatEvent) => {
    for (const handler of [...handlers]) {
      try {
        handler(event);
      } catch (err) {
        logger.error(
          { err, type: event.type, roomId: event.roomId },
          'chat bus: a subscriber failed',
        );
      }
    }
  };
  const hooks: TransportHooks = {
    receive(payload) {
      if (closed) return;
      const event = parseEvent(payload);
      if (event) deliver(event);
      else
        logger.warn(
          { bytes: payload.length },
          'chat bus: dropped a payload that is not a chat event',
        );
    },
    resumed() {
      if (closed) return;
      for (const listener of [...gapListeners]) listener();
    },
    warn(message, err) {
      const now = Date.now();
      if (closed || now - lastWarn < WARN_EVERY_MS) return;
      lastWarn = now;
      logger.warn({ err }, message);
    },
  };

  const transport =
    backend.kind === 'redis'
      ? redisTransport(backend.url, options.channel ?? (() => redisName(REDIS_CHANNEL)), hooks)
      : backend.kind === 'postgres'
        ? postgresTransport(backend.url, options.channel ?? POSTGRES_CHANNEL, hooks)
        : null;

  return {
    kind: backend.kind,
    async publish(event) {
      if (closed) return;
      if (!transport) return deliver(event);
      try {
        await transport.send(JSON.stringify(event));
      } catch (err) {
        hooks.warn(`chat bus: ${backend.kind} unavailable, events are dropped`, err);
      }
    },
    subscribe(handler) {
      // Each call is a subscription of its own, even with a handler given before.
      const own = (event: ChatEvent) => handler(event);
      handlers.add(own);
      return () => void handlers.delete(own);
    },
    onGap(listener) {
      const own = () => listener();
      gapListeners.add(own);
      return () => void gapListeners.delete(own);
    },
    ready: () => transport?.ready ?? Promise.resolve(),
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      gapListeners.clear();
      await transport?.close();
    },
  };
}

/**
 * The Redis channel's name once it is known: a lookup that fails (the database out of reach)
 * is tried again until it succeeds or the bus closes (then null).
 */
async function nameChannel(
  channel: ChannelName,
  hooks: TransportHooks,
  closing: AbortSignal,
): Promise<string | null> {
  if (typeof channel === 'string') return channel;
  while (!closing.aborted) {
    try {
      return await channel();
    } catch (err) {
      hooks.warn('chat bus: the Redis channel cannot be named yet, retrying', err);
    }
    await sleep(RETRY_MS, undefined, { signal: closing }).catch(() => {});
  }
  return null;
}

function redisTransport(url: string, channel: ChannelName, hooks: TransportHooks): Transport {
  const publisher = new Redis(url, {
    connectTimeout: 2_000,
    commandTimeout: PUBLISH_TIMEOUT_MS,
    // A short outage is ridden out in the offline queue; a long one fails the post's publish quickly.
    maxRetriesPerRequest: 1,
  });
  // The subscription waits as long as it takes; ioredis subscribes again after each reconnect.
  const subscriber = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: null });
  const closing = new AbortController();
  let name: string | null = null;
  const named = nameChannel(channel, hooks, closing.signal).then((found) => (name = found));
  publisher.on('error', (err) => hooks.warn('chat bus: Redis unavailable, retrying', err));
  subscriber.on('error', (err) => hooks.warn('chat bus: Redis unavailable, retrying', err));
  subscriber.on('message', (from: string, payload: string) => {
    if (from === name) hooks.receive(payload);
  });
  let subscribed = false;
  subscriber.on('ready', () => {
    // ioredis has sent SUBSCRIBE again; the answer to a PING after it means it is in place.
    if (subscribed) subscriber.ping().then(hooks.resumed, () => {});
  });
  const ready = named.then((found) => {
    if (found === null) return;
    return subscriber.subscribe(found).then(
      () => void (subscribed = true),
      (err: unknown) => hooks.warn('chat bus: Redis refused the subscription', err),
    );
  });
  const quit = async (redis: Redis) => {
    if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
    else redis.disconnect();
  };
  return {
    async send(payload) {
      // A post waits for the name as it would for Redis, and no longer.
      const found =
        name ?? (await Promise.race([named, sleep(PUBLISH_TIMEOUT_MS, null, { ref: false })]));
      if (found === null) throw new Error('the Redis channel is not named yet');
      await publisher.publish(found, payload);
    },
    ready,
    async close() {
      closing.abort();
      await Promise.all([quit(publisher), quit(subscriber)]);
    },
  };
}

function postgresTransport(url: string, channel: string, hooks: TransportHooks): Transport {
  const connection = {
    connect_timeout: PUBLISH_TIMEOUT_MS / 1000,
    onnotice: () => {},
    // Reconnect within seconds once the database is back (the default waits up to 20 s).
    backoff: (retries: number) => Math.min(0.5 * retries, 5),
  };
  const sql = postgres(url, { ...connection, max: 1, idle_timeout: 60 });
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let listener: postgres.Sql | undefined;
  let listened = false;
  let resolveReady = () => {};
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  // postgres.js listens again after a dropped connection, but not after a failed first
  // LISTEN; a fresh client per attempt leaves no half-registered listener behind.
  const listen = () => {
    if (closed) return;
    const attempt = postgres(url, connection);
    listener = attempt;
    attempt
      .listen(channel, hooks.receive, () => {
        if (listened) hooks.resumed();
        listened = true;
        resolveReady();
      })
      .catch((err: unknown) => {
        hooks.warn('chat bus: PostgreSQL unavailable, retrying', err);
        attempt.end({ timeout: 0 }).catch(() => {});
        if (closed) return;
        retry = setTimeout(listen, RETRY_MS);
        retry.unref();
      });
  };
  listen();

  return {
    async send(payload) {
      const bytes = Buffer.byteLength(payload);
      if (bytes >= NOTIFY_PAYLOAD_LIMIT) {
        logger.error(
          { bytes, limit: NOTIFY_PAYLOAD_LIMIT },
          'chat bus: event too large for a PostgreSQL notification, dropped',
        );
        return;
      }
      await sql.notify(channel, payload);
    },
    ready,
    async close() {
      closed = true;
      clearTimeout(retry);
      await Promise.all([sql.end({ timeout: 5 }), listener?.end({ timeout: 0 })]);
    },
  };
}

/** A payload from the bus as an event; null when it is not one (another program on the channel). */
function parseEvent(payload: string): ChatEvent | null {
  try {
    const value = JSON.parse(payload) as Partial<ChatEvent> | null;
    if (
      value &&
      typeof value === 'object' &&
      typeof value.type === 'string' &&
      typeof value.roomId === 'number'
    )
      return value as ChatEvent;
  } catch {
    // Not JSON: dropped below.
  }
  return null;
}

// One bus per process, on globalThis: the start script and the Astro bundle load this module
// separately, and two buses would each deliver every event.
const KEY = Symbol.for('vitrine.chatBus');
const holder = globalThis as { [KEY]?: ChatBus };

/** This process's bus, on the backend the configuration chooses. */
export function chatBus(): ChatBus {
  holder[KEY] ??= createChatBus(backendFromConfig());
  return holder[KEY];
}

/** Closes this process's bus, if one was opened (shutdown). */
export async function closeChatBus(): Promise<void> {
  const current = holder[KEY];
  delete holder[KEY];
  await current?.close();
}
