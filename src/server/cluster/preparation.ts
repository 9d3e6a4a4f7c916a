/**
 * Migrations and the demo seed run once a machine, before any process serves: in the process
 * that runs alone, or in the cluster's lead, whose seed progress the others show on their
 * "Preparing the demo…" page until it tells them the database is ready.
 */
import { prepareDatabase } from '../boot.ts';
import type { SeedProgress } from '../startupState.ts';
import { isClusterMessage, type ClusterMessage } from './messages.ts';
import type { ProcessRole } from './processRole.ts';

function tellPrimary(message: ClusterMessage): void {
  process.send?.(message);
}

function preparedByTheLead(onSeedProgress: (progress: SeedProgress) => void): Promise<void> {
  return new Promise((resolve) => {
    const listen = (message: unknown) => {
      if (!isClusterMessage(message)) return;
      if (message.vitrine === 'seeding') onSeedProgress(message.progress);
      if (message.vitrine !== 'prepared') return;
      process.off('message', listen);
      resolve();
    };
    process.on('message', listen);
  });
}

export async function prepareOnce(
  role: ProcessRole,
  onSeedProgress: (progress: SeedProgress) => void,
): Promise<void> {
  if (!role.runsMachineWork) return preparedByTheLead(onSeedProgress);
  await prepareDatabase({
    onSeedProgress(progress) {
      onSeedProgress(progress);
      tellPrimary({ vitrine: 'seeding', progress });
    },
  });
  tellPrimary({ vitrine: 'prepared' });
}

/** Tells the primary this process serves: from now on its end is a crash to restart. */
export function announceReady(): void {
  tellPrimary({ vitrine: 'ready' });
}
