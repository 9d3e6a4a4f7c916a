// Makes everything the server process prints a pino JSON line: Node's warnings, console
// calls of Astro's adapter and of libraries, and the output of the build it runs.
import { createInterface } from 'node:readline';
import { format } from 'node:util';

/**
 * Node's warnings through the logger instead of Node's own stderr text. Installed before any
 * TypeScript loads, as the first warning can come from loading it.
 * @param {Promise<import('pino').Logger>} loggerReady
 */
export function routeWarnings(loggerReady) {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    // Node 22 announces its type stripping, which runs the server, on every start.
    if (warning.name === 'ExperimentalWarning' && /type stripping/i.test(warning.message)) return;
    const code = 'code' in warning ? warning.code : undefined;
    void loggerReady.then((logger) =>
      logger.warn({ source: 'node', warning: { name: warning.name, code } }, warning.message),
    );
  });
}

const CONSOLE_LEVELS = /** @type {const} */ ({
  debug: 'debug',
  trace: 'debug',
  log: 'info',
  info: 'info',
  warn: 'warn',
  error: 'error',
});

/**
 * console.* as log lines; an Error among the arguments keeps its stack under `err`.
 * @param {import('pino').Logger} logger
 */
export function routeConsole(logger) {
  const log = logger.child({ source: 'console' });
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[/** @type {keyof typeof CONSOLE_LEVELS} */ (method)] = (...args) => {
      const err = args.find((arg) => arg instanceof Error);
      const rest = args.filter((arg) => arg !== err);
      if (err) log[level]({ err }, rest.length > 0 ? format(...rest) : err.message);
      else log[level](format(...args));
    };
  }
}

const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function isJsonLine(line) {
  if (!line.startsWith('{')) return false;
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * A child's output: its JSON lines (Astro's, through the same logger) pass unchanged, any
 * other text becomes a line of `source` at `level`; blank lines are dropped.
 * @param {import('node:stream').Readable} stream
 * @param {import('pino').Logger} logger
 * @param {'info' | 'warn'} level
 */
export function relayLines(stream, logger, level) {
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  lines.on('line', (raw) => {
    const line = raw.replace(SGR, '').trimEnd();
    if (line.trim() === '') return;
    if (isJsonLine(line)) process.stdout.write(`${line}\n`);
    else logger[level](line.trim());
  });
  return new Promise((resolve) => lines.once('close', resolve));
}
