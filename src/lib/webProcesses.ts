/**
 * How many web processes one machine runs (WEB_CONCURRENCY), which of them does the work that
 * must happen once per machine, and what the primary does when one of them ends.
 *
 * On PostgreSQL every process opens its own connections, so the default is a process a core:
 * a render then holds one core's event loop while the others answer cached pages, built files
 * and /healthz. The embedded database (PGlite) is a WebAssembly PostgreSQL inside one process
 * that opens its folder alone; the others could only reach it through that process (over the
 * wire protocol, e.g. @electric-sql/pglite-socket), which would still run every query on that
 * one process's event loop and add a round trip to each, so the embedded database stays at
 * one process (docs/deploying.md, "Several processes on one machine", says why).
 */

export interface WebProcessSettings {
  /** WEB_CONCURRENCY, unset when not configured. */
  requested: number | undefined;
  /** Whether DATABASE_URL names a PostgreSQL server. */
  postgres: boolean;
  /** Cores this process may use (os.availableParallelism()). */
  cores: number;
}

export interface WebProcessPlan {
  count: number;
  /** Set when more processes were asked for than the database allows. */
  limitedBy?: 'embedded-database';
}

export function webProcessPlan({ requested, postgres, cores }: WebProcessSettings): WebProcessPlan {
  if (!postgres)
    return requested !== undefined && requested > 1
      ? { count: 1, limitedBy: 'embedded-database' }
      : { count: 1 };
  return { count: requested ?? Math.max(1, cores) };
}

/**
 * The web process that migrates and seeds before any serves, and then runs the job worker,
 * the live ingest with the demo feed and the cold storage sweep. A replacement started in its
 * slot takes them over.
 */
export const LEAD_SLOT = 0;

export function runsMachineWork(slot: number): boolean {
  return slot === LEAD_SLOT;
}

/** A process that ran at least this long before it ended starts its backoff afresh. */
export const STEADY_MS = 60_000;
const FIRST_RESTART_MS = 1_000;
const LONGEST_RESTART_MS = 30_000;

export type AfterExit =
  | { action: 'none' }
  | { action: 'stop-all'; exitCode: number }
  | { action: 'restart'; delayMs: number };

export interface ExitFacts {
  /** The primary is stopping: every process is expected to end. */
  stopping: boolean;
  /** A process of this slot (this one or one before it) had served. */
  everReady: boolean;
  exitCode: number | null;
  /** Earlier ends in a row of this slot, each within STEADY_MS of its start. */
  quickEndsBefore: number;
}

/**
 * A first start that fails has a reason a restart does not cure (a setting, a database that
 * refuses it): the machine stops with its exit code, as a single process would. A slot whose
 * process has served is started again, later the more often it ends soon after starting.
 */
export function afterExit({
  stopping,
  everReady,
  exitCode,
  quickEndsBefore,
}: ExitFacts): AfterExit {
  if (stopping) return { action: 'none' };
  if (!everReady) return { action: 'stop-all', exitCode: exitCode || 1 };
  return {
    action: 'restart',
    delayMs: Math.min(LONGEST_RESTART_MS, FIRST_RESTART_MS * 2 ** quickEndsBefore),
  };
}
