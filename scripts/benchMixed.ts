// The mixed-traffic round of `npm run bench`: what a public site sees, all at once. Anonymous
// visitors across 50 addresses of the demo (showcases, video views, home, stock, in several
// languages), signed-in visitors across the demo accounts, visitors arriving by links that
// carry tracking parameters, and chat readers connected to the streaming event's room over
// Server-Sent Events the whole time. Per class: requests, p50/p99 and errors; the server's RSS
// before, at its peak and after the readers have left. It measures; it judges nothing.
//
// One autocannon instance a class, all running at once, with connections in the traffic's
// proportion (80/10/10): each class's latencies come from its own histogram, as one instance
// cycling through mixed requests could not report them. The proportion is of visitors
// connected, not of requests: a class answered slower makes fewer requests, as on a real site;
// each class's request count is printed beside it.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { DEMO_ACCOUNTS } from '../src/server/seed/demoCatalogue.ts';
import { joinDemoRoom } from './benchChat.ts';
import { autocannonOptions, loadFigures, type LoadFigures } from './benchLoad.ts';
import { cpuMsPerRequest, processCpuMs, processMemory, sampleRss } from './benchProcess.ts';
import { signIn } from './benchSession.ts';

const ADDRESSES = 50;
const CONNECTIONS = { anonymous: 40, signedIn: 5, tracking: 5 };
const READERS = 200;
/** After the readers leave, before the RSS is read again. */
const SETTLE_MS = 5_000;
/** Languages the addresses are visited in: English unprefixed, and four others. */
const LOCALE_PREFIXES = ['', '/fr-FR', '/de-DE', '/ja-JP', '/es'];
/** The tracking parameters links shared on social networks and ads carry. */
const TRACKING = [
  (n: number) => `utm_source=newsletter&utm_medium=email&utm_campaign=launch-${n % 7}`,
  (n: number) => `fbclid=IwAR${(n * 2654435761).toString(36)}`,
  (n: number) => `gclid=Cj0KCQ${(n * 40503).toString(36)}`,
  (n: number) => `utm_source=social&utm_content=${n}`,
];

export interface MixedOptions {
  origin: string;
  /** The server's pid, whose memory and CPU are read. */
  pid: number;
  seconds: number;
  /** Public showcases of the demo, by id. */
  showcases: number[];
}

/** Up to 50 addresses of the demo a visitor reaches, each checked to answer 200 to an anonymous visitor. */
export async function demoAddresses(origin: string, showcases: number[]): Promise<string[]> {
  const base = ['/', '/stock'];
  for (const id of showcases) {
    base.push(`/showcase/${id}`);
    const listed = await fetch(`${origin}/api/albums/${id}/videos?per_page=3&fields=uri`);
    if (!listed.ok) continue;
    const { data } = (await listed.json()) as { data: { uri: string }[] };
    for (const video of data) base.push(`/showcase/${id}/video/${video.uri.split('/').pop()}`);
  }
  const addresses: string[] = [];
  for (const prefix of LOCALE_PREFIXES) {
    for (const path of base) {
      if (addresses.length === ADDRESSES) return addresses;
      const address = prefix + (prefix && path === '/' ? '' : path);
      const answer = await fetch(origin + address, { redirect: 'manual' });
      await answer.arrayBuffer();
      if (answer.status === 200) addresses.push(address);
    }
  }
  return addresses;
}

export interface MixedFigures {
  seconds: number;
  addresses: number;
  accounts: number;
  readers: number;
  connections: typeof CONNECTIONS;
  classes: { anonymous: LoadFigures; signedIn: LoadFigures; tracking: LoadFigures };
  /** CPU milliseconds of the server a request, all classes together. */
  cpuMs: number | null;
  rssMb: { before: number | null; peak: number | null; after: number | null };
}

export async function benchMixed({
  origin,
  pid,
  seconds,
  showcases,
}: MixedOptions): Promise<MixedFigures> {
  const addresses = await demoAddresses(origin, showcases);
  const sessions = await Promise.all(DEMO_ACCOUNTS.map((account) => signIn(origin, account.email)));
  const common = { seconds, uncached: false };
  const at = (n: number) => addresses[n % addresses.length]!;
  const classes = {
    anonymous: autocannonOptions(origin, {
      ...common,
      connections: CONNECTIONS.anonymous,
      requestOf: (n) => ({ path: at(n) }),
    }),
    // Account n % 8 visits address n / 8: every account meets every address.
    signedIn: autocannonOptions(origin, {
      ...common,
      connections: CONNECTIONS.signedIn,
      requestOf: (n) => ({
        path: at(Math.floor(n / sessions.length)),
        headers: { Cookie: sessions[n % sessions.length]!.cookie },
      }),
    }),
    tracking: autocannonOptions(origin, {
      ...common,
      connections: CONNECTIONS.tracking,
      requestOf: (n) => {
        const path = at(n);
        return {
          path: `${path}${path.includes('?') ? '&' : '?'}${TRACKING[n % TRACKING.length]!(n)}`,
        };
      },
    }),
  };

  const before = processMemory(pid).rssMb;
  const rss = sampleRss(pid);
  try {
    const room = await joinDemoRoom(origin, READERS);
    const cpuBefore = processCpuMs(pid);
    const results = await Promise.all([
      autocannon(classes.anonymous),
      autocannon(classes.signedIn),
      autocannon(classes.tracking),
    ]).finally(() => room.leave());
    const cpuSpent = processCpuMs(pid) - cpuBefore;
    await sleep(SETTLE_MS);
    const peak = rss.stop();
    // A class's own CPU cannot be told apart while they run together: only the round's.
    const [anonymous, signedIn, tracking] = results.map((result) => ({
      ...loadFigures(result, 0),
      cpuMs: null,
    })) as [LoadFigures, LoadFigures, LoadFigures];
    const requests = anonymous.requests + signedIn.requests + tracking.requests;
    return {
      seconds,
      addresses: addresses.length,
      accounts: sessions.length,
      readers: READERS,
      connections: CONNECTIONS,
      classes: { anonymous, signedIn, tracking },
      cpuMs: cpuMsPerRequest(cpuSpent, requests),
      rssMb: { before, peak, after: processMemory(pid).rssMb },
    };
  } finally {
    rss.stop();
  }
}

/** The round's lines of the printed summary. */
export function mixedSummary(m: MixedFigures | { error: string }): string {
  if ('error' in m) return `\nmixed traffic: ${m.error}`;
  const row = (name: string, connections: number, f: LoadFigures) =>
    [
      `  ${name.padEnd(22)}`,
      String(connections).padStart(6),
      String(f.requests).padStart(9),
      String(f.rps).padStart(8),
      String(f.p50ms).padStart(6),
      String(f.p99ms).padStart(6),
      String(f.errors).padStart(8),
    ].join('');
  const who =
    `${m.addresses} addresses, ${m.accounts} accounts signed in once each, ` +
    `${m.readers} chat readers of the streaming event's room`;
  const rss =
    `${m.rssMb.before ?? '–'} MB before, ${m.rssMb.peak ?? '–'} MB at its peak (sampled every 250 ms), ` +
    `${m.rssMb.after ?? '–'} MB ${SETTLE_MS / 1000} s after the readers left`;
  return `
mixed traffic, all at once for ${m.seconds} s: ${who}
  class                  conns requests   req/s   p50   p99  errors
${row('anonymous', m.connections.anonymous, m.classes.anonymous)}
${row('signed in', m.connections.signedIn, m.classes.signedIn)}
${row('tracking parameters', m.connections.tracking, m.classes.tracking)}
  server CPU, all classes: ${m.cpuMs ?? '–'} ms a request
  server RSS: ${rss}`;
}
