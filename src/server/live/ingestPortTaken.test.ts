/**
 * The server started as an operator starts it (`node scripts/start.mjs`, the embedded
 * database in a folder of its own, no demo) while another process holds its RTMP port: it
 * stops with one line naming the port and what to do, not a stack, rather than serving a
 * studio that hands out an address another program answers.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-rtmp-taken-'));
const holder = createServer();
await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
const takenPort = (holder.address() as AddressInfo).port;

afterAll(async () => {
  await new Promise((resolve) => holder.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the start script until it stops; resolves with its exit code and every line it printed. */
function start(): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    // Only what this start needs: no database, Redis or settings of the machine running the tests.
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      API_PORT: 'off',
      RTMP_PORT: String(takenPort),
      RTMP_HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      WORKER: 'off',
      WEB_CONCURRENCY: '1',
      VITRINE_SKIP_BUILD: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    // It went on to serve: stopped here, for the test to report.
    if (output.includes('Vitrine is serving on')) child.kill('SIGTERM');
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) =>
    child.once('close', (code) => resolve({ code, lines: output.split('\n').filter(Boolean) })),
  );
}

it('stops with one line when another process holds the RTMP port', async () => {
  const { code, lines } = await start();
  expect(code).toBe(1);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  // pino's level 60: fatal.
  const fatal = entries.filter((entry) => entry['level'] === 60);
  expect(fatal).toEqual([
    expect.objectContaining({
      msg: `The live ingest (RTMP) cannot listen on 127.0.0.1:${takenPort} (EADDRINUSE): another process listens there: stop it or set RTMP_PORT to a free port, or set RTMP_PORT=off to run without live ingest.`,
    }),
  ]);
  expect(lines.filter((line) => line.includes('"stack"'))).toEqual([]);
});
