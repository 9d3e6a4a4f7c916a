/** The web processes this machine runs (src/lib/webProcesses.ts), from this process's settings. */
import { availableParallelism } from 'node:os';
import { webProcessPlan, type WebProcessPlan } from '../../lib/webProcesses.ts';
import { config } from '../config.ts';
import { logger } from '../logger.ts';

let warned = false;

export function webProcesses(): WebProcessPlan {
  const { WEB_CONCURRENCY, DATABASE_URL } = config();
  const plan = webProcessPlan({
    requested: WEB_CONCURRENCY,
    postgres: Boolean(DATABASE_URL),
    cores: availableParallelism(),
  });
  if (plan.limitedBy === 'embedded-database' && !warned) {
    warned = true;
    logger.warn(
      { requested: WEB_CONCURRENCY },
      'WEB_CONCURRENCY: the embedded database serves one process; set DATABASE_URL to run several',
    );
  }
  return plan;
}
