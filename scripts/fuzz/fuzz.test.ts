import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzzRequests, type FuzzTarget } from './requests.ts';
import { allRoutes } from './routes.ts';
import { findingOf } from './verdict.ts';

const routes = allRoutes(path.resolve('src/pages'), (file) => readFileSync(file, 'utf8'));
const target: FuzzTarget = {
  origin: 'http://127.0.0.1:1',
  routes,
  discovered: ['/media/p/1/sig/demo/a.m3u8'],
  csrfToken: 'token',
  bodyLimit: 1000,
};

describe('the fuzz routes', () => {
  it('cover every page and endpoint and the SPEC routes', () => {
    const templates = routes.map((r) => r.template);
    expect(templates).toEqual(
      expect.arrayContaining([
        '/',
        '/log_in',
        '/showcase/[albumId]/auth',
        '/api/uploads/[...path]',
        '/media/p/[exp]/[sig]/[...key]',
        '/api/albums/[albumId]/videos',
        '/stock/collection/[id]',
        '/live-chat/[id]',
      ]),
    );
    expect(routes.find((r) => r.template === '/api/users/[userId]')?.methods).toEqual(
      expect.arrayContaining(['GET', 'PATCH', 'DELETE']),
    );
  });
});

describe('fuzzRequests', () => {
  it('makes the same requests for the same seed, and others for another', () => {
    expect(fuzzRequests(7, 200, target)).toEqual(fuzzRequests(7, 200, target));
    expect(fuzzRequests(8, 200, target)).not.toEqual(fuzzRequests(7, 200, target));
  });

  it('mixes odd methods, hostile bodies, bodies over the limit and passing CSRF tokens', () => {
    const requests = fuzzRequests(1, 2000, target);
    const methods = new Set(requests.map((r) => r.method));
    for (const method of ['TRACE', 'PROPFIND', 'CONNECT', 'OPTIONS', 'PATCH'])
      expect(methods).toContain(method);
    expect(
      requests.some(
        (r) =>
          r.body?.kind === 'text' &&
          r.body.text === 'null' &&
          r.headers['Content-Type'] === 'application/json',
      ),
    ).toBe(true);
    expect(requests.some((r) => r.body?.kind === 'declared' && r.body.length > 1000)).toBe(true);
    expect(requests.some((r) => r.body?.kind === 'chunked' && r.body.length > 1000)).toBe(true);
    expect(requests.some((r) => r.headers['X-XSRF-Token'] === 'token')).toBe(true);
    expect(requests.some((r) => r.path.includes('%00'))).toBe(true);
    expect(requests.some((r) => r.path.startsWith('/media/p/1/sig/'))).toBe(true);
  });
});

describe('findingOf', () => {
  it('finds a 5xx, a missing answer and a body that shows the server inside', () => {
    expect(findingOf({ status: 500, body: '' })).toBe('status 500');
    expect(findingOf({ error: 'ECONNRESET' })).toBe('no answer: ECONNRESET');
    expect(
      findingOf({
        status: 400,
        body: 'TypeError: x\n    at handler (file:///srv/dist/server/entry.mjs:10:5)',
      }),
    ).toMatch(/^body shows/);
    expect(findingOf({ status: 404, body: 'see /home/me/vitrine/src/x' }, '/home/me/vitrine')).toBe(
      'body shows the checkout path',
    );
  });

  it('accepts a localized refusal', () => {
    expect(
      findingOf({ status: 405, body: '{"error":"Not allowed here","status":405}' }),
    ).toBeNull();
  });
});
