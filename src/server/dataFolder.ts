/**
 * The data folder at start: it must take a write (a read-only mount or a full disk is one
 * clear line, not a crash deep inside PGlite), is taken by this process (db/dataDirLock.ts),
 * and loses the scratch folders of processes that were killed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { config } from './config.ts';
import { getDb } from './db/client.ts';
import { DataDirBusyError } from './db/dataDirLock.ts';
import { logger } from './logger.ts';
import { removeOrphanScratch } from './media/scratch.ts';

/** Why an operator would have to step in, in a few words. */
const REMEDY: Record<string, string> = {
  ENOSPC: 'the disk is full: free some space',
  EDQUOT: 'the disk quota is used up: free some space',
  EROFS: 'it is mounted read-only: mount it read-write',
  EACCES: `this user (uid ${process.getuid?.() ?? '?'}) may not write there: change its owner or permissions`,
  EPERM: `this user (uid ${process.getuid?.() ?? '?'}) may not write there: change its owner or permissions`,
};

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export class DataFolderUnwritableError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const code = codeOf(cause) ?? 'error';
    const remedy = REMEDY[code] ?? (cause instanceof Error ? cause.message : String(cause));
    super(`The data folder ${dataDir} cannot be written (${code}): ${remedy}, then start again.`, {
      cause,
    });
    this.name = 'DataFolderUnwritableError';
  }
}

/** Creates, writes, flushes and removes a small file in the data folder; throws DataFolderUnwritableError if any step fails. */
async function checkDataFolderWritable(dataDir: string): Promise<void> {
  const probe = path.join(dataDir, `.write-check-${process.pid}-${randomBytes(3).toString('hex')}`);
  try {
    await mkdir(dataDir, { recursive: true });
    const file = await open(probe, 'wx');
    try {
      // A few kilobytes, flushed: a disk with no blocks left refuses them even when a bare create would pass.
      await file.write(Buffer.alloc(64 * 1024));
      await file.sync();
    } finally {
      await file.close();
    }
  } catch (error) {
    throw new DataFolderUnwritableError(dataDir, error);
  } finally {
    await rm(probe, { force: true });
  }
}

/**
 * First thing at start, for the server and every script: the data folder takes writes, and
 * scratch folders of processes that were killed are removed.
 */
export async function prepareDataFolder(): Promise<void> {
  await checkDataFolderWritable(path.resolve(config().DATA_DIR));
  const removed = await removeOrphanScratch();
  if (removed > 0) logger.info({ removed }, 'removed scratch folders left by a stopped process');
}

/** A refusal to start that deserves one clear line: the folder is another process's, or takes no writes. */
export function isStartRefusal(
  error: unknown,
): error is DataDirBusyError | DataFolderUnwritableError {
  return error instanceof DataDirBusyError || error instanceof DataFolderUnwritableError;
}

/** For scripts: the data folder prepared and the database opened, or one line on stderr and exit code 1. */
export async function openDataFolderForScript(name: string): Promise<void> {
  try {
    await prepareDataFolder();
    await getDb();
  } catch (error) {
    if (!isStartRefusal(error)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    process.exit(1);
  }
}
