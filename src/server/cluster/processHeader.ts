/**
 * With BENCH_ROUTES, every answer names the web process that gave it (`x-vitrine-process:
 * web-2 4711`), so a bench or test can tell the processes of one machine apart. Off by default:
 * a public site has no reason to show its process ids.
 */
import type { Step } from '../http/requestPipeline.ts';

const PROCESS_HEADER = 'x-vitrine-process';

export function processHeader(name: string): Step {
  const value = `${name} ${process.pid}`;
  return (_req, res, next) => {
    res.setHeader(PROCESS_HEADER, value);
    next();
  };
}
