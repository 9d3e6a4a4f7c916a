import pino from 'pino';
import { configSchema } from './config.ts';

/**
 * JSON logs on stdout (pino); LOG_LEVEL sets the level. The level is read on its own, not
 * through config(), so that a bad setting elsewhere is still reported as a log line.
 */
const level = configSchema.shape.LOG_LEVEL.catch('info').parse(process.env['LOG_LEVEL']);

// Each of several web processes on one machine names itself (cluster/primary.ts sets it).
const webProcess = process.env['VITRINE_PROCESS'];
export const logger = pino({
  level,
  base: { service: 'vitrine', ...(webProcess ? { process: webProcess, pid: process.pid } : {}) },
});
