/**
 * What an error that escaped a route means for the answer: the database (or another service
 * the request needs) is out of reach or refuses connections, or the disk is full or read-only,
 * which is temporary (503); the client asked for
 * something malformed (400) or nonexistent (404), which is theirs to fix; or anything else,
 * a fault of ours (500).
 */
import { InvalidStorageKeyError } from '../media/storage.ts';
import { isStorageFault } from '../storageFault.ts';
import { BadRequestError } from './badRequest.ts';

export type ErrorClass = 'unavailable' | 'badRequest' | 'notFound' | 'fault';

/** Node socket errors and postgres.js's own codes for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs of a server that is going away or not yet there: class 08 (connection exception),
 * 57P01–57P03 (shutdown, crash, "the database system is starting up"), 53300 (too many
 * connections).
 */
function isUnavailableState(state: string): boolean {
  return (
    state.startsWith('08') ||
    state === '57P01' ||
    state === '57P02' ||
    state === '57P03' ||
    state === '53300'
  );
}

/**
 * 55000 as PostgreSQL refuses a new connection, FATAL: "database … is not currently accepting
 * connections" (ALLOW_CONNECTIONS false, a database taken offline). Raised by a statement (ERROR,
 * "lastval is not yet defined") the same state is a fault of ours.
 */
function isRefusedConnection(state: string, severity: unknown): boolean {
  return state === '55000' && severity === 'FATAL';
}

/** The error and what it wraps: `cause` (Drizzle's query errors) and AggregateError's list. */
function* chain(error: unknown, depth = 0): Generator<unknown> {
  if (depth > 8 || error === null || typeof error !== 'object') return;
  yield error;
  yield* chain((error as { cause?: unknown }).cause, depth + 1);
  if (error instanceof AggregateError)
    for (const inner of error.errors) yield* chain(inner, depth + 1);
}

/** SQLSTATE class 22, data exception: a value from the request the database cannot take (a NUL, a number out of range). */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

function isConnectionError(error: unknown): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  if (typeof code !== 'string') return false;
  if (CONNECTION_CODES.has(code)) return true;
  return (
    /^[0-9A-Z]{5}$/.test(code) && (isUnavailableState(code) || isRefusedConnection(code, severity))
  );
}

/**
 * Astro's own refusal of an address that does not decode once the locale prefix is taken off
 * (`/de-DE/x/%2F%25zz`): it has no code, only this message.
 */
function isUndecodableAddress(error: unknown): boolean {
  return error instanceof Error && error.message === 'Invalid URL encoding';
}

export function classifyError(error: unknown): ErrorClass {
  for (const link of chain(error)) {
    if (link instanceof BadRequestError || isUndecodableAddress(link)) return 'badRequest';
    if (link instanceof InvalidStorageKeyError) return 'notFound';
    if (isConnectionError(link) || isStorageFault(link)) return 'unavailable';
    if (isDataException(link)) return 'badRequest';
  }
  return 'fault';
}

/**
 * What to log of an error: the innermost message of its chain ("connection refused", "no
 * space left on device"), not a wrapper's, which for a failed query repeats the whole SQL.
 */
export function rootReason(error: unknown): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (const link of chain(error)) if (link instanceof Error && link.message) reason = link.message;
  return reason;
}
