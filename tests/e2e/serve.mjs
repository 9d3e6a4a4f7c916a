// The server of the e2e run, on a freshly seeded demo: a new embedded database under
// .data/e2e, or the DATABASE_URL that .ci/run created, emptied and seeded again, which must
// name a test database. The media cache (MEDIA_CACHE_DIR) is kept between runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { testDatabaseNameOf } from '../../src/lib/testDatabaseName.ts';

process.env.DATA_DIR ??= '.data/e2e';
// One process on PostgreSQL too (by default one a core): the suite's tests of several are tests/e2e/webProcesses.spec.ts.
process.env.WEB_CONCURRENCY ??= '1';
// The start script loads .env later: a DATABASE_URL there is the one the server would use.
const databaseUrl =
  process.env.DATABASE_URL ??
  (existsSync('.env') ? parseEnv(readFileSync('.env', 'utf8')).DATABASE_URL : undefined);
if (databaseUrl) {
  try {
    testDatabaseNameOf(databaseUrl);
  } catch (refusal) {
    console.error(refusal instanceof Error ? refusal.message : refusal);
    process.exit(1);
  }
  process.env.DATABASE_URL = databaseUrl;
  const { status } = spawnSync(process.execPath, ['scripts/seed.ts'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
} else {
  rmSync(`${process.env.DATA_DIR}/pglite`, { recursive: true, force: true });
}
await import('../../scripts/start.mjs');
