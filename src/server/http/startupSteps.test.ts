/**
 * What a browser, a load balancer and Prometheus see from the steps in front of the pages:
 * the "Preparing the demo…" page and /healthz while the server starts, /healthz once it is
 * ready (on a database of its own), and /metrics with and without METRICS_TOKEN.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

// Before the database: opening it reads the configuration once for the whole file.
process.env['METRICS_TOKEN'] = 'scrape-token-0123456789';
await useTestDatabase('startup');

const { createStartupState } = await import('../startupState.ts');
const { pipeline } = await import('./requestPipeline.ts');
const { healthz } = await import('./healthz.ts');
const { preparingPage } = await import('./preparingPage.ts');
const { metricsEndpoint, requestMetrics } = await import('./metrics.ts');
const { createRateLimiters, LIMITS } = await import('../rateLimit/rateLimiter.ts');

const startup = createStartupState();
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer(
    pipeline(
      [metricsEndpoint, healthz(startup.isReady), requestMetrics, preparingPage(startup)],
      (_req, res) => res.end('the site'),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('while the server starts', () => {
  it('answers every page with 503, Retry-After and a page that reloads itself', async () => {
    const response = await fetch(`${origin}/showcase/1`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    const html = await response.text();
    expect(html).toContain('setTimeout(() => location.reload(), 5000)');
    expect(html).toContain('<a href="">Reload now</a>');
    expect(html).toContain('<h1>Starting up…</h1>');
  });

  it('shows the seed progress in the language the browser asks for', async () => {
    startup.seeding({ rendered: 12, total: 41 });
    const response = await fetch(`${origin}/`, {
      headers: { 'Accept-Language': 'de-AT, en;q=0.5' },
    });
    expect(response.headers.get('content-language')).toBe('de-DE');
    const html = await response.text();
    expect(html).toContain('<h1>Die Demo wird vorbereitet…</h1>');
    expect(html).toContain('12 von 41 Videos fertig');
  });

  it('takes the language from the path before the header', async () => {
    const html = await (
      await fetch(`${origin}/ja-JP/showcase/1`, { headers: { 'Accept-Language': 'de' } })
    ).text();
    expect(html).toContain('<html lang="ja-JP">');
  });

  it('answers an API call with a JSON error in the API’s shape, never the page', async () => {
    const response = await fetch(`${origin}/api/videos/1`, {
      headers: { 'Accept-Language': 'fr' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(response.headers.get('content-type')).toBe('application/json');
    const body = (await response.json()) as {
      error: string;
      error_code: number;
      developer_message: string;
      link: null;
    };
    expect(body).toMatchObject({ error_code: 1001, link: null });
    // The demo is being seeded (the test before set the progress).
    expect(body.error).toBe('Préparation de la démo…');
    expect(body.developer_message).toContain('Retry-After');
  });

  it('answers /healthz with 503', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'starting' });
  });
});

describe('once ready', () => {
  beforeAll(() => {
    startup.ready();
  });

  it('serves the site', async () => {
    expect(await (await fetch(`${origin}/showcase/1`)).text()).toBe('the site');
  });

  it('answers /healthz with 200 when the database and the media store answer', async () => {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', media: 'ok' },
    });
  });
});

describe('/metrics', () => {
  const authorization = 'Bearer scrape-token-0123456789';

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    expect((await fetch(`${origin}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${origin}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
  });

  it('counts requests by route with ids replaced, the job queue, and rate-limit refusals', async () => {
    await fetch(`${origin}/showcase/7/video/9?sh=secret`);
    const limiters = createRateLimiters(
      { kind: 'memory' },
      {
        keyPrefix: 'metrics-test',
        limits: { ...LIMITS, passwordPerClient: { points: 1, duration: 60, blockDuration: 0 } },
      },
    );
    await limiters.consume('passwordPerClient', 'client');
    await limiters.consume('passwordPerClient', 'client');
    await limiters.close();

    const response = await fetch(`${origin}/metrics`, { headers: { authorization } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toMatch(
      /vitrine_http_request_duration_seconds_count\{method="GET",route="\/showcase\/:id\/video\/:id",status="200"\} 1/,
    );
    expect(body).not.toContain('secret');
    expect(body).toContain('vitrine_jobs{status="queued"} 0');
    expect(body).toContain('vitrine_rate_limit_rejections_total{limit="passwordPerClient"} 1');
    expect(body).toContain('process_cpu_seconds_total');
  });
});
