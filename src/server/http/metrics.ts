/**
 * GET /metrics in Prometheus' text format (prom-client): request latency and rate by route,
 * the job queue by status (counted when scraped), job durations, rate-limit refusals and
 * Node's process metrics. With METRICS_TOKEN set it asks for `Authorization: Bearer <token>`.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { count } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { JOB_STATUSES } from '../../lib/domain.ts';
import { routeLabel } from '../../lib/routeLabel.ts';
import { config } from '../config.ts';
import { getDb } from '../db/client.ts';
import { jobs } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { metrics } from '../metrics.ts';
import type { Step } from './requestPipeline.ts';

const { registry, httpRequestDuration } = metrics();

new Gauge({
  name: 'vitrine_jobs',
  help: 'Jobs in the queue by status, counted when scraped.',
  labelNames: ['status'],
  registers: [registry],
  async collect() {
    try {
      const db = await getDb();
      const counted = await db
        .select({ status: jobs.status, jobs: count() })
        .from(jobs)
        .groupBy(jobs.status);
      for (const status of JOB_STATUSES)
        this.set({ status }, counted.find((row) => row.status === status)?.jobs ?? 0);
    } catch (err) {
      // Before the first migration there is no queue to count; the other metrics still answer.
      logger.debug({ err }, 'metrics: the job queue could not be counted');
    }
  },
});

/**
 * Every 404 shares one route label: addresses nobody serves (scanners probing for
 * /wp-admin…) would otherwise each add a time series.
 */
function metricRoute(url: string, status: number): string {
  return status === 404 ? '(not found)' : routeLabel(url);
}

/** Times every request into the latency histogram. */
export const requestMetrics: Step = (req, res, next) => {
  const stop = httpRequestDuration.startTimer();
  res.once('close', () =>
    stop({
      method: req.method ?? 'GET',
      route: metricRoute(req.url ?? '/', res.statusCode),
      status: String(res.statusCode),
    }),
  );
  next();
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/** Answers GET /metrics. */
export const metricsEndpoint: Step = (req, res, next) => {
  if ((req.url ?? '').split('?', 1)[0] !== '/metrics') return next();
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  if (!authorized(req, config().METRICS_TOKEN)) {
    res
      .writeHead(401, { 'WWW-Authenticate': 'Bearer realm="metrics"', 'Cache-Control': 'no-store' })
      .end();
    return;
  }
  registry.metrics().then(
    (body) =>
      res
        .writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
        .end(req.method === 'HEAD' ? undefined : body),
    (err: unknown) => {
      logger.error({ err }, 'metrics: could not collect');
      res.writeHead(500, { 'Cache-Control': 'no-store' }).end();
    },
  );
};
