/**
 * The Prometheus metrics of this process (served at /metrics by http/metrics.ts). One set per
 * process on globalThis: the start script and the Astro bundle load this module separately,
 * and a rate limit refused inside a page must count on the same counter /metrics reads.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface Metrics {
  registry: Registry;
  /** Its `_count` is the request rate: rate(vitrine_http_request_duration_seconds_count[5m]). */
  httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  jobDuration: Histogram<'kind' | 'outcome'>;
  rateLimitRejections: Counter<'limit'>;
  /** Broadcasts this process is packaging now. */
  liveStreams: Gauge;
  /** From ffmpeg finishing a live segment to the segment and its playlist being in media storage. */
  liveSegmentDelay: Histogram;
  /** Encoder pushes refused or ended early, by reason (src/lib/liveIngestError.ts, wrong_key). */
  liveRefusals: Counter<'reason'>;
  /** Live chat streams (Server-Sent Events) open on this process. */
  chatConnections: Gauge;
  /** Chat streams ended because their client stopped reading. */
  chatDroppedStreams: Counter;
  /** Chat messages stored by this process. */
  chatMessages: Counter;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route (ids replaced) and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'vitrine_job_duration_seconds',
      help: 'Time a job attempt ran, by kind and outcome (done, queued for a retry, failed, released).',
      labelNames: ['kind', 'outcome'],
      buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
      registers: [registry],
    }),
    rateLimitRejections: new Counter({
      name: 'vitrine_rate_limit_rejections_total',
      help: 'Requests refused by a rate limit (HTTP 429), by limit.',
      labelNames: ['limit'],
      registers: [registry],
    }),
    liveStreams: new Gauge({
      name: 'vitrine_live_streams',
      help: 'Live broadcasts this process is packaging.',
      registers: [registry],
    }),
    liveSegmentDelay: new Histogram({
      name: 'vitrine_live_segment_delay_seconds',
      help: 'Time from ffmpeg finishing a live segment to it being published in media storage with its playlist.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers: [registry],
    }),
    liveRefusals: new Counter({
      name: 'vitrine_live_refusals_total',
      help: 'Encoder pushes refused or ended early, by reason.',
      labelNames: ['reason'],
      registers: [registry],
    }),
    chatConnections: new Gauge({
      name: 'vitrine_chat_connections',
      help: 'Live chat streams open on this process.',
      registers: [registry],
    }),
    chatDroppedStreams: new Counter({
      name: 'vitrine_chat_dropped_streams_total',
      help: 'Live chat streams ended because their client stopped reading while events piled up.',
      registers: [registry],
    }),
    chatMessages: new Counter({
      name: 'vitrine_chat_messages_total',
      help: 'Live chat messages stored by this process.',
      registers: [registry],
    }),
  };
}

const KEY = Symbol.for('vitrine.metrics');
const holder = globalThis as { [KEY]?: Metrics };

export function metrics(): Metrics {
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}
