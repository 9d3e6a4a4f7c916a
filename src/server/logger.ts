import pino from 'pino';
import { config } from './config.ts';

/** JSON logs on stdout (pino); LOG_LEVEL sets the level. */
export const logger = pino({ level: config().LOG_LEVEL, base: { service: 'vitrine' } });
