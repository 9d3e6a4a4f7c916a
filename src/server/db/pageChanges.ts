/**
 * The database's word that what public pages show has changed: the triggers of
 * drizzle/0007_page_invalidation.sql notify PAGE_CHANGES_CHANNEL with the table's name on every
 * such write, and every app node listens: PGlite in this process, PostgreSQL over a connection
 * of its own (postgres.js listens again after a dropped connection; what was missed meanwhile
 * is unknown, so `onGap` is told).
 *
 * `caughtUp` notifies the channel itself and waits for that notice to come back: notifications
 * arrive in commit order, so by then every change committed before the call has been received.
 */
import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { config } from '../config.ts';
import { logger } from '../logger.ts';
import { dbKind, getDb } from './client.ts';

const PAGE_CHANGES_CHANNEL = 'vitrine_pages';
/** A payload that is a node's own marker, not a change. */
const MARKER_PREFIX = 'caught-up:';
/** A notification that does not come back within this is taken as lost: everything is forgotten. */
const CAUGHT_UP_TIMEOUT_MS = 2_000;

export interface PageChangeHandlers {
  /** A write changed `table`. */
  onChange(table: string): void;
  /** Changes may have been missed (the listening connection was lost, a marker never came back). */
  onGap(): void;
}

export interface PageChanges {
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export async function listenForPageChanges(handlers: PageChangeHandlers): Promise<PageChanges> {
  const markers = new Map<string, () => void>();
  const receive = (payload: string) => {
    if (!payload.startsWith(MARKER_PREFIX)) return handlers.onChange(payload);
    markers.get(payload)?.();
  };

  let stop: () => Promise<void>;
  if ((await dbKind()) === 'pglite') {
    const client = ((await getDb()) as unknown as { $client: PGlite }).$client;
    stop = await client.listen(PAGE_CHANGES_CHANNEL, receive);
  } else {
    const listener = postgres(config().DATABASE_URL ?? '', { max: 1, onnotice: () => {} });
    let listened = false;
    await listener.listen(PAGE_CHANGES_CHANNEL, receive, () => {
      if (listened) handlers.onGap();
      listened = true;
    });
    stop = () => listener.end({ timeout: 5 });
  }

  return {
    async caughtUp() {
      const marker = `${MARKER_PREFIX}${randomUUID()}`;
      let timer: NodeJS.Timeout | undefined;
      const back = new Promise<boolean>((resolve) => {
        markers.set(marker, () => resolve(true));
        timer = setTimeout(() => resolve(false), CAUGHT_UP_TIMEOUT_MS);
      });
      try {
        const db = await getDb();
        await db.execute(sql`select pg_notify(${PAGE_CHANGES_CHANNEL}, ${marker})`);
        if (!(await back)) throw new Error('the notification did not come back');
      } catch (err) {
        logger.warn(
          { err },
          'page cache: could not confirm that changes were received; forgetting every page',
        );
        handlers.onGap();
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    close: () => stop(),
  };
}
