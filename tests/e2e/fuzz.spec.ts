import path from 'node:path';
import { expect, test } from './fixtures.ts';
import { runFuzz } from '../../scripts/fuzz/run.ts';

/**
 * Every route × hostile input (scripts/fuzz/): odd methods, malformed and huge numbers, NUL
 * and control bytes, broken percent-encoding, path traversal, very long values, JSON of the
 * wrong shape, wrong content types, bodies over the limit and forged cookies. A client's
 * mistake is answered with a 4xx; never a 5xx, never a stack trace or a path of the server.
 * `npm run fuzz` runs the long pass against any server.
 */
test('two thousand hostile requests get no 5xx and show nothing of the server inside', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const report = await runFuzz({
    origin: baseURL!,
    requests: 2000,
    seed: 20_260_101,
    concurrency: 4,
    bodyLimit: 1024 * 1024,
    pagesDir: path.resolve('src/pages'),
  });
  expect(report.sent).toBe(2000);
  expect(report.findings).toEqual([]);
  // The refusals are answered, not merely survived.
  expect(report.byStatus['405']).toBeGreaterThan(0);
  expect(report.byStatus['400']).toBeGreaterThan(0);
  expect(report.byStatus['413']).toBeGreaterThan(0);
});
