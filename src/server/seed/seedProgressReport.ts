/**
 * Shows the demo seed's progress where the server was started: a bar redrawn in place on a
 * terminal, one log line per video otherwise (a container's log collector, a CI run).
 */
import type { Writable } from 'node:stream';
import { logger } from '../logger.ts';
import type { SeedProgress } from '../startupState.ts';

const BAR_WIDTH = 30;

/** '[##########--------------------]  12/36 demo videos rendered' */
function progressBar({ rendered, total }: SeedProgress): string {
  const filled = total > 0 ? Math.round((rendered / total) * BAR_WIDTH) : BAR_WIDTH;
  const count = `${String(rendered).padStart(String(total).length)}/${total}`;
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${count} demo videos rendered`;
}

export function reportSeedProgress(
  progress: SeedProgress,
  out: Writable & { isTTY?: boolean } = process.stdout,
): void {
  if (out.isTTY) {
    // The bar starts with the first video: the ffmpeg lookup before it may log a warning,
    // which would land in the middle of an empty bar.
    if (progress.rendered === 0) return;
    out.write(`\r${progressBar(progress)}${progress.rendered === progress.total ? '\n' : ''}`);
    return;
  }
  logger.info(
    { rendered: progress.rendered, total: progress.total },
    'seeding the demo: videos rendered',
  );
}
