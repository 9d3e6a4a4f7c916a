// The chat section of `npm run bench`, against the server bench.ts started. VIEWERS readers
// join the room of the demo's streaming event over Server-Sent Events, each on a connection of
// its own as a browser's EventSource is (plain HTTP clients: nothing of a browser is
// measured), and signed-in demo accounts post a message a second for SECONDS. Per reader, the
// time from a post sent to its frame received; messages lost or received twice; the server's
// memory and its open-streams gauge from /metrics. It measures; it judges nothing.
import { request, type ClientRequest, type IncomingMessage } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_ACCOUNTS, DEMO_SHOWCASES, DEMO_VIDEOS } from '../src/server/seed/demoCatalogue.ts';
import { deliveryFigures, metricSample, sseReader } from './chatBenchFigures.ts';
import { signIn, type Session } from './benchSession.ts';

const VIEWERS = 500;
const SECONDS = 30;
/** Readers that connect at once: a crowd arriving, not a single burst of 500. */
const CONNECT_BATCH = 25;
/** Each account may post 5 messages in 10 s (src/server/rateLimit/limits.ts): three take turns, one a second. */
const POSTERS = ['member', 'guest', 'viewer'];
/** A reader without the room's first frames by then did not join. */
const CONNECT_TIMEOUT_MS = 30_000;
/** After the last post, how long the readers have to receive it. */
const SETTLE_MS = 5_000;

export interface ChatBenchOptions {
  origin: string;
}

interface Memory {
  rssMb: number | null;
  heapUsedMb: number | null;
  /** vitrine_chat_connections */
  connections: number | null;
}

const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / 1024 / 1024));

async function metrics(origin: string): Promise<{ memory: Memory; dropped: number | null }> {
  const headers: Record<string, string> = process.env['METRICS_TOKEN']
    ? { Authorization: `Bearer ${process.env['METRICS_TOKEN']}` }
    : {};
  const response = await fetch(`${origin}/metrics`, { headers });
  if (!response.ok) throw new Error(`/metrics: HTTP ${response.status}`);
  const text = await response.text();
  return {
    memory: {
      rssMb: mb(metricSample(text, 'process_resident_memory_bytes')),
      heapUsedMb: mb(metricSample(text, 'nodejs_heap_size_used_bytes')),
      connections: metricSample(text, 'vitrine_chat_connections'),
    },
    dropped: metricSample(text, 'vitrine_chat_dropped_streams_total'),
  };
}

/** The demo's streaming event: its showcase, its video and its chat room. */
export async function demoRoom(
  origin: string,
): Promise<{ album: number; video: number; roomId: number }> {
  const album = DEMO_SHOWCASES.findIndex((showcase) => showcase.key === 'live') + 1;
  const name = DEMO_VIDEOS.find((video) => video.key === 'live-now')!.name;
  const response = await fetch(
    `${origin}/api/albums/${album}/videos?per_page=100&fields=uri,name,live.chat`,
  );
  if (!response.ok) throw new Error(`the live showcase: HTTP ${response.status}`);
  const { data } = (await response.json()) as {
    data: { uri: string; name: string; live: { chat: { room_id: number | null } } | null }[];
  };
  const event = data.find((item) => item.name === name);
  const roomId = event?.live?.chat.room_id;
  if (!event || !roomId) throw new Error(`"${name}" has no chat room in showcase ${album}`);
  return { album, video: Number(event.uri.split('/').pop()), roomId };
}

/** A reader of the room: when each bench message reached it, by its number. */
interface Reader {
  receipts: Map<number, number[]>;
  /** The stream ended before the reader left it. */
  ended: boolean;
  close(): void;
}

/** Connects a reader; resolves once the room's first frames are in (the `state` frame closes them). */
function connectReader(url: URL, run: string): Promise<Reader> {
  const mark = new RegExp(`^bench ${run} #(\\d+)$`);
  return new Promise((resolve, reject) => {
    const receipts = new Map<number, number[]>();
    let req: ClientRequest | null = null;
    let closing = false;
    const reader: Reader = {
      receipts,
      ended: false,
      close() {
        closing = true;
        req?.destroy();
      },
    };
    const fail = (error: Error) => {
      reader.close();
      reject(error);
    };
    const timeout = setTimeout(
      () => fail(new Error(`no first frames within ${CONNECT_TIMEOUT_MS / 1000} s`)),
      CONNECT_TIMEOUT_MS,
    );
    req = request(
      url,
      { agent: false, headers: { Accept: 'text/event-stream' } },
      (res: IncomingMessage) => {
        if (res.statusCode !== 200)
          return fail(new Error(`the events route: HTTP ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on(
          'data',
          sseReader((frame) => {
            const at = performance.now();
            if (frame.event === 'state') {
              clearTimeout(timeout);
              return resolve(reader);
            }
            if (frame.event !== 'message') return;
            const number = mark.exec((JSON.parse(frame.data) as { body: string }).body)?.[1];
            if (number !== undefined)
              receipts.set(Number(number), [...(receipts.get(Number(number)) ?? []), at]);
          }),
        );
        res.on('close', () => {
          if (!closing) reader.ended = true;
        });
      },
    );
    req.on('error', (error) => {
      if (closing) return;
      reader.ended = true;
      fail(error);
    });
    req.end();
  });
}

async function connectReaders(url: URL, run: string, count = VIEWERS): Promise<Reader[]> {
  const readers: Reader[] = [];
  for (let i = 0; i < count; i += CONNECT_BATCH) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(CONNECT_BATCH, count - i) }, () => connectReader(url, run)),
    );
    for (const result of batch) if (result.status === 'fulfilled') readers.push(result.value);
    const failed = batch.find((result) => result.status === 'rejected');
    if (failed) {
      for (const reader of readers) reader.close();
      throw new Error(
        `${readers.length} of ${count} readers joined, then: ${String(failed.reason)}`,
      );
    }
  }
  return readers;
}

/** Posts message `number` as the session; answers when it was sent, or null when the server did not take it. */
async function post(
  url: URL,
  session: Session,
  origin: string,
  run: string,
  number: number,
): Promise<number | null> {
  const sentAt = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      Origin: origin,
      Cookie: session.cookie,
      'X-XSRF-Token': session.xsrf,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ body: `bench ${run} #${number}` }),
  });
  await response.arrayBuffer();
  return response.status === 201 ? sentAt : null;
}

/** `count` readers in the demo streaming event's room, as they arrive in a crowd; `leave` closes their streams. */
export async function joinDemoRoom(
  origin: string,
  count: number,
): Promise<{ roomId: number; leave: () => void }> {
  const { album, video, roomId } = await demoRoom(origin);
  const readers = await connectReaders(
    new URL(`${origin}/live_chat/${roomId}/events?album=${album}&video=${video}`),
    Date.now().toString(36),
    count,
  );
  return {
    roomId,
    leave() {
      for (const reader of readers) reader.close();
    },
  };
}

export async function benchChat({ origin }: ChatBenchOptions) {
  const { album, video, roomId } = await demoRoom(origin);
  const context = `album=${album}&video=${video}`;
  const sessions = await Promise.all(
    POSTERS.map((key) =>
      signIn(origin, DEMO_ACCOUNTS.find((account) => account.key === key)!.email),
    ),
  );
  // Messages of an earlier run are among the latest a reader receives on arrival: not counted.
  const run = Date.now().toString(36);

  const before = await metrics(origin);
  const connectStart = performance.now();
  const readers = await connectReaders(
    new URL(`${origin}/live_chat/${roomId}/events?${context}`),
    run,
  );
  const connectSeconds = +((performance.now() - connectStart) / 1000).toFixed(1);
  const measured = await postAndListen(
    new URL(`${origin}/live_chat/${roomId}/messages?${context}`),
    sessions,
    origin,
    run,
    readers,
  ).finally(() => {
    for (const reader of readers) reader.close();
  });
  // The server hears the readers leave as their connections close.
  await sleep(1_000);
  const gone = await metrics(origin);
  return {
    room: roomId,
    viewers: VIEWERS,
    seconds: SECONDS,
    connectSeconds,
    refused: measured.refused,
    ended: measured.ended,
    delivery: measured.delivery,
    memory: {
      before: before.memory,
      connected: measured.connected.memory,
      after: measured.after.memory,
      gone: gone.memory,
    },
    droppedStreams:
      before.dropped === null || gone.dropped === null ? null : gone.dropped - before.dropped,
  };
}

/** A message a second for SECONDS, the posters taking turns; then what the readers received. */
async function postAndListen(
  postUrl: URL,
  sessions: Session[],
  origin: string,
  run: string,
  readers: Reader[],
) {
  const connected = await metrics(origin);
  const sent = new Map<number, number>();
  let refused = 0;
  const posts: Promise<void>[] = [];
  const start = performance.now();
  for (let number = 1; number <= SECONDS; number++) {
    await sleep(Math.max(0, start + (number - 1) * 1000 - performance.now()));
    posts.push(
      post(postUrl, sessions[number % sessions.length]!, origin, run, number).then((sentAt) => {
        if (sentAt === null) refused += 1;
        else sent.set(number, sentAt);
      }),
    );
  }
  await Promise.all(posts);
  await sleep(SETTLE_MS);
  const after = await metrics(origin);
  return {
    connected,
    after,
    refused,
    ended: readers.filter((reader) => reader.ended).length,
    delivery: deliveryFigures(
      sent,
      readers.map((reader) => reader.receipts),
    ),
  };
}

export type ChatBench = Awaited<ReturnType<typeof benchChat>>;

const cell = (value: number | null) => String(value ?? '–');

/** The section's lines of the printed summary. */
export function chatSummary(chat: ChatBench | { error: string }): string {
  if ('error' in chat) return `\nchat\n  ${chat.error}`;
  const { delivery: d, memory: m } = chat;
  const memory = (name: string, row: Memory) =>
    `  ${name.padEnd(28)} ${cell(row.rssMb).padStart(7)} ${cell(row.heapUsedMb).padStart(8)} ${cell(row.connections).padStart(8)}`;
  const latency = [
    `${cell(d.latencyMs.p50)} ms p50`,
    `${cell(d.latencyMs.p95)} ms p95`,
    `${cell(d.latencyMs.p99)} ms p99`,
    `${cell(d.latencyMs.max)} ms max`,
  ].join(', ');
  const deliveries =
    `${d.posted} posted (${chat.refused} refused), ${d.expected} deliveries expected: ` +
    `${d.lost} lost, ${d.doubled} doubled; ` +
    `streams ended by the server: ${chat.ended} (${cell(chat.droppedStreams)} for not reading)`;
  return `
chat, ${chat.viewers} readers of room ${chat.room} over Server-Sent Events (connected in ${chat.connectSeconds} s), a message a second for ${chat.seconds} s
  post sent to frame received: ${latency}
  ${deliveries}
  server                         RSS MB  heap MB  streams
${memory('before the readers', m.before)}
${memory('readers connected', m.connected)}
${memory(`after ${chat.seconds} s of messages`, m.after)}
${memory('readers gone', m.gone)}`;
}
