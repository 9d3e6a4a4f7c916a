/**
 * Which web process this is. A process started by the cluster's primary (cluster/primary.ts)
 * learns its slot and name from its environment; a server started alone is the only one, and
 * does everything.
 */
import cluster from 'node:cluster';
import { runsMachineWork } from '../../lib/webProcesses.ts';

export interface ProcessRole {
  /** `web-2`, as its log lines name it; null for a server that runs alone. */
  name: string | null;
  /** Migrates and seeds, then runs the job worker, live ingest and cold storage sweep. */
  runsMachineWork: boolean;
}

export function processRole(): ProcessRole {
  if (!cluster.isWorker) return { name: null, runsMachineWork: true };
  const slot = Number(process.env['VITRINE_SLOT']);
  return {
    name: process.env['VITRINE_PROCESS'] ?? `web-${slot + 1}`,
    runsMachineWork: runsMachineWork(slot),
  };
}
