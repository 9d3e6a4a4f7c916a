// Where Astro's own messages go (astro.config.mjs `logger`). Production (`npm start`, its
// build and the server) writes them as pino JSON lines like the rest of the server; `astro
// dev` and `astro check` keep Astro's readable terminal output. JavaScript, as Astro requires.
import nodeLogDestination from 'astro/logger/node';
import { logger } from './logger.ts';

// Astro colours its terminal output; a log line carries the text only.
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** @param {Record<string, unknown> | undefined} options */
export default function astroLogDestination(options) {
  if (process.env['NODE_ENV'] !== 'production') return nodeLogDestination(options);
  const astro = logger.child({ source: 'astro' });
  return {
    /** @param {{ level: 'debug' | 'info' | 'warn' | 'error', label: string | null, message: string }} event */
    write({ level, label, message }) {
      astro[level]({ label: label ?? undefined }, message.replace(SGR, ''));
    },
  };
}
