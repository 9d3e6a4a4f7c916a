// `npm run ingest -- <file> [--album <id>] [--owner <email>]`: adds a video file to the
// library (and to a showcase), transcodes it here, and prints what was made. Beside a running
// server, which holds the embedded database, the file goes up through the server instead.
import { hostname } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatSize } from '../src/lib/formatSize.ts';
import { config } from '../src/server/config.ts';
import { isStartRefusal, prepareDataFolder } from '../src/server/dataFolder.ts';
import { closeDb, getDb } from '../src/server/db/client.ts';
import { DataDirBusyError, dataDirHolder } from '../src/server/db/dataDirLock.ts';
import { migrate } from '../src/server/db/migrate.ts';
import { DEFAULT_INGEST_OWNER, IngestError, ingestFile } from '../src/server/ingest/ingestFile.ts';
import { ingestThroughServer } from '../src/server/ingest/ingestThroughServer.ts';

const usage = 'Usage: npm run ingest -- <file> [--album <showcase id>] [--owner <email>]';

function fail(message: string): never {
  process.stderr.write(`ingest: ${message}\n`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { album: { type: 'string' }, owner: { type: 'string' } },
  });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) fail(usage);
const album = parsed.values.album === undefined ? undefined : Number(parsed.values.album);
if (album !== undefined && (!Number.isInteger(album) || album <= 0))
  fail(`--album must be a showcase id, got "${parsed.values.album}"`);

const started = Date.now();
const line = (message: string) =>
  process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${message}\n`);
const ownerEmail = parsed.values.owner ?? DEFAULT_INGEST_OWNER;

/** The server on this machine that holds the data folder, as a URL to reach it; null if none. */
function runningServer(error: unknown): string | null {
  if (
    !(error instanceof DataDirBusyError) ||
    error.holder.port === null ||
    error.holder.hostname !== hostname()
  )
    return null;
  const { HOST } = config();
  const host =
    HOST === '0.0.0.0' || HOST === '::' ? '127.0.0.1' : HOST.includes(':') ? `[${HOST}]` : HOST;
  return `http://${host}:${error.holder.port}`;
}

try {
  // A running server is used even when the folder takes no writes from here.
  const dataDir = path.resolve(config().DATA_DIR);
  const holder = dataDirHolder(dataDir);
  if (holder) throw new DataDirBusyError(dataDir, holder);
  await prepareDataFolder();
  await getDb();
} catch (error) {
  const origin = runningServer(error);
  if (origin) {
    line(
      `the server at ${origin} (process ${(error as DataDirBusyError).holder.pid}) has the database: uploading through it`,
    );
    try {
      const { videoId } = await ingestThroughServer({
        origin,
        file,
        ownerEmail,
        showcaseId: album,
        progress: line,
      });
      line(`video ${videoId} uploaded; the server transcodes it and shows it once ready`);
      process.exit(0);
    } catch (failure) {
      if (!(failure instanceof IngestError)) throw failure;
      fail(failure.message);
    }
  }
  if (isStartRefusal(error)) fail(error.message);
  throw error;
}

let exitCode = 0;
try {
  await migrate();
  const result = await ingestFile({
    db: await getDb(),
    file,
    ownerEmail,
    showcaseId: album,
    progress: line,
  });
  if (result.status === 'ready') {
    line(`video ${result.videoId} is ready (${result.durationSeconds} s)`);
    for (const f of result.files)
      line(
        `  ${f.quality.padEnd(6)} ${f.width ?? '?'}x${f.height ?? '?'}  ${formatSize(f.size, 'en').padStart(8)}  ${f.storageKey}`,
      );
  } else {
    line(`video ${result.videoId} failed: ${result.errorMessage ?? 'processing did not finish'}`);
    exitCode = 1;
  }
} catch (error) {
  // A refusal is one clear line; anything else is the server's fault, and its stack helps.
  process.stderr.write(
    `ingest: ${error instanceof IngestError ? error.message : ((error as Error).stack ?? String(error))}\n`,
  );
  exitCode = 1;
} finally {
  await closeDb();
}
process.exit(exitCode);
