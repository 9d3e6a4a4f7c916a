/**
 * While the database is out of reach (PostgreSQL restarting, a failover, a cut network), every
 * request that needs it answers 503 with Retry-After; the connection pool reconnects by itself
 * on a later request. The outage screen itself is rendered without the database.
 */
import { splitLocalePath } from '../../lib/localeNegotiation.ts';

/** Seconds a client is asked to wait: a PostgreSQL restart or failover usually takes a few. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

const OUTAGE_SCREEN = '/error/503';

/** Whether this path shows the outage screen, which must not read the session from the database. */
export function isOutageScreen(pathname: string): boolean {
  return splitLocalePath(pathname).path === OUTAGE_SCREEN;
}
