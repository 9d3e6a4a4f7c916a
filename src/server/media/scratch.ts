/**
 * Scratch folders for media work (a transcode's renditions before they are stored), under
 * DATA_DIR/tmp. A job removes its own when it ends; a process killed mid-job cannot, so every
 * start removes those whose process is gone.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { scratchName, scratchOwnerOf } from '../../lib/scratchName.ts';
import { config } from '../config.ts';
import { processIsAlive, processStartTicks } from '../db/dataDirLock.ts';

function scratchRoot(): string {
  return path.resolve(config().DATA_DIR, 'tmp');
}

/** A new empty folder of this process; the caller removes it. */
export async function makeScratchDir(label: string): Promise<string> {
  const dir = path.join(
    scratchRoot(),
    scratchName(
      { pid: process.pid, startTicks: processStartTicks(process.pid) },
      label,
      randomBytes(4).toString('hex'),
    ),
  );
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Removes the scratch folders of processes that are gone; says how many. */
export async function removeOrphanScratch(): Promise<number> {
  const entries = await readdir(scratchRoot()).catch(() => []);
  let removed = 0;
  for (const name of entries) {
    const owner = scratchOwnerOf(name);
    if (owner && processIsAlive(owner.pid, owner.startTicks)) continue;
    await rm(path.join(scratchRoot(), name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
