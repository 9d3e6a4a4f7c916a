// `npm run ingest -- <file> [--album <id>] [--owner <email>]`: adds a video file to the
// library (and to a showcase), transcodes it here, and prints what was made.
import { parseArgs } from 'node:util';
import { formatSize } from '../src/lib/formatSize.ts';
import { closeDb, getDb } from '../src/server/db/client.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { DEFAULT_INGEST_OWNER, IngestError, ingestFile } from '../src/server/ingest/ingestFile.ts';

const usage = 'Usage: npm run ingest -- <file> [--album <showcase id>] [--owner <email>]';

function fail(message: string): never {
  process.stderr.write(`ingest: ${message}\n`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { album: { type: 'string' }, owner: { type: 'string' } } });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(usage);
const album = parsed.values.album === undefined ? undefined : Number(parsed.values.album);
if (album !== undefined && (!Number.isInteger(album) || album <= 0)) fail(`--album must be a showcase id, got "${parsed.values.album}"`);

const started = Date.now();
const line = (message: string) => process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${message}\n`);
let exitCode = 0;
try {
  await migrate();
  const result = await ingestFile({ db: await getDb(), file, ownerEmail: parsed.values.owner ?? DEFAULT_INGEST_OWNER, showcaseId: album, progress: line });
  if (result.status === 'ready') {
    line(`video ${result.videoId} is ready (${result.durationSeconds} s)`);
    for (const f of result.files) line(`  ${f.quality.padEnd(6)} ${f.width ?? '?'}x${f.height ?? '?'}  ${formatSize(f.size, 'en').padStart(8)}  ${f.storageKey}`);
  } else {
    line(`video ${result.videoId} failed: ${result.errorMessage ?? 'processing did not finish'}`);
    exitCode = 1;
  }
} catch (error) {
  // A refusal is one clear line; anything else is the server's fault, and its stack helps.
  process.stderr.write(`ingest: ${error instanceof IngestError ? error.message : ((error as Error).stack ?? String(error))}\n`);
  exitCode = 1;
} finally {
  await closeDb();
}
process.exit(exitCode);
