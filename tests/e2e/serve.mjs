// The server of the e2e run, on a freshly seeded demo: a new embedded database under
// .data/e2e, or the DATABASE_URL that .ci/run created, emptied and seeded again. The media
// cache (MEDIA_CACHE_DIR) is kept between runs.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

process.env.DATA_DIR ??= '.data/e2e';
if (process.env.DATABASE_URL) {
  const { status } = spawnSync(process.execPath, ['scripts/seed.ts'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
} else {
  rmSync(`${process.env.DATA_DIR}/pglite`, { recursive: true, force: true });
}
await import('../../scripts/start.mjs');
