// The server of the e2e run, on a freshly seeded demo: a new embedded database under
// .data/e2e, or the DATABASE_URL that .ci/run created, emptied and seeded again, which must
// name a test database. The media cache (MEDIA_CACHE_DIR) is kept between runs.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { testDatabaseNameOf } from '../../src/lib/testDatabaseName.ts';
import { E2E_DATABASE_URL } from './databasePass.ts';

process.env.DATA_DIR ??= '.data/e2e';

// A second server starts once the first answers: a fresh checkout's first start renders every
// demo clip into the shared media cache, which two starting together would each do again.
const after = process.env.E2E_START_AFTER;
while (
  after &&
  !(await fetch(after).then(
    (response) => response.ok,
    () => false,
  ))
) {
  await new Promise((resolve) => setTimeout(resolve, 500));
}
// One process on PostgreSQL too (by default one a core): the suite's tests of several are tests/e2e/webProcesses.spec.ts.
process.env.WEB_CONCURRENCY ??= '1';
const databaseUrl = E2E_DATABASE_URL;
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
