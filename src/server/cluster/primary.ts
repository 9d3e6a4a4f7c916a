/**
 * The primary of several web processes on one machine (WEB_CONCURRENCY). It serves nothing
 * itself: node:cluster has it accept connections on PORT and API_PORT and hand each to a web
 * process that has taken its previous one, so a process busy rendering is passed over. It
 * starts the processes, passes the lead's seed progress on to the others, starts a process
 * that ended again after a backoff, and on SIGTERM or SIGINT stops them all and waits.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterExit, LEAD_SLOT, STEADY_MS } from '../../lib/webProcesses.ts';
import { logger } from '../logger.ts';
import { isClusterMessage, type ClusterMessage } from './messages.ts';

/** Past the web processes' own drain (main.ts) and closing: a process that has not ended by then is killed. */
const STOP_LIMIT_MS = 30_000;

interface Slot {
  index: number;
  worker: Worker | null;
  startedAt: number;
  /** A process of this slot has served: a later end is a crash, not a start that cannot succeed. */
  everReady: boolean;
  quickEnds: number;
  restart: NodeJS.Timeout | null;
}

const startScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../scripts/start.mjs',
);

export function runPrimary(count: number): void {
  const log = logger.child({ process: 'primary', pid: process.pid });
  // The start script again, whatever started this one (the e2e server seeds first, then imports it).
  cluster.setupPrimary({ exec: startScript, args: [] });
  let stopping = false;
  let exitCode = 0;
  let prepared = false;
  let seeding: ClusterMessage | null = null;
  const slots: Slot[] = Array.from({ length: count }, (_, index) => ({
    index,
    worker: null,
    startedAt: 0,
    everReady: false,
    quickEnds: 0,
    restart: null,
  }));

  const others = (slot: Slot) =>
    slots.filter((other) => other !== slot && other.worker).map((other) => other.worker as Worker);

  function start(slot: Slot): void {
    slot.restart = null;
    slot.startedAt = Date.now();
    const name = `web-${slot.index + 1}`;
    const worker = cluster.fork({
      VITRINE_SLOT: String(slot.index),
      VITRINE_PROCESS: name,
      VITRINE_SKIP_BUILD: '1',
    });
    slot.worker = worker;
    worker.once('online', () => {
      log.info({ web: name, webPid: worker.process.pid }, 'web process started');
      // A process started after the lead prepared the database need not wait for it.
      if (slot.index === LEAD_SLOT) return;
      if (prepared) worker.send({ vitrine: 'prepared' } satisfies ClusterMessage);
      else if (seeding) worker.send(seeding);
    });
    worker.on('message', (message: unknown) => {
      if (!isClusterMessage(message)) return;
      if (message.vitrine === 'ready') {
        slot.everReady = true;
        return;
      }
      if (message.vitrine === 'prepared') prepared = true;
      else seeding = message;
      for (const other of others(slot)) other.send(message);
    });
    worker.once('exit', (code, signal) => {
      slot.worker = null;
      const ranMs = Date.now() - slot.startedAt;
      const decision = afterExit({
        stopping,
        everReady: slot.everReady,
        exitCode: code,
        quickEndsBefore: slot.quickEnds,
      });
      slot.quickEnds = ranMs < STEADY_MS ? slot.quickEnds + 1 : 0;
      if (decision.action === 'restart') {
        log.error(
          {
            web: name,
            webPid: worker.process.pid,
            code,
            signal,
            ranMs,
            restartInMs: decision.delayMs,
          },
          'a web process ended; starting it again',
        );
        slot.restart = setTimeout(() => start(slot), decision.delayMs);
      } else if (decision.action === 'stop-all') {
        log.fatal({ web: name, code, signal }, 'a web process could not start; stopping');
        stop(decision.exitCode);
      } else if (slots.every((each) => !each.worker)) {
        process.exit(exitCode);
      }
    });
  }

  function stop(code: number): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
    const running = slots.filter((slot) => slot.worker);
    if (running.length === 0) process.exit(exitCode);
    for (const slot of running) slot.worker?.process.kill('SIGTERM');
    setTimeout(() => {
      log.warn('web processes still running after 30 s; killing them');
      for (const slot of slots) slot.worker?.process.kill('SIGKILL');
    }, STOP_LIMIT_MS).unref();
  }

  process.on('SIGTERM', () => stop(0));
  process.on('SIGINT', () => stop(0));
  log.info({ processes: count }, 'starting the web processes');
  for (const slot of slots) start(slot);
}
