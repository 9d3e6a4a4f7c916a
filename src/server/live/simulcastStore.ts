/**
 * The simulcast destinations as a broadcast reads them (the enabled ones, keys opened) and the
 * status its relays write back, row by row, for the studio of any node to show.
 */
import { and, eq } from 'drizzle-orm';
import { KEY_UNREADABLE, publishUrl, type SimulcastStatus } from '../../lib/simulcast.ts';
import type { Db } from '../db/client.ts';
import { simulcastDestinations } from '../db/schema.ts';
import { openStreamKey } from './simulcastVault.ts';
import type { SimulcastTarget } from './simulcastSupervisor.ts';

/** Where the event's broadcast goes besides the site; a destination whose key cannot be opened is marked so and left out. */
export async function simulcastTargets(db: Db, videoId: number): Promise<SimulcastTarget[]> {
  const rows = await db
    .select({
      id: simulcastDestinations.id,
      url: simulcastDestinations.url,
      sealedKey: simulcastDestinations.sealedKey,
    })
    .from(simulcastDestinations)
    .where(
      and(eq(simulcastDestinations.eventVideoId, videoId), eq(simulcastDestinations.enabled, true)),
    )
    .orderBy(simulcastDestinations.id);
  const targets: SimulcastTarget[] = [];
  for (const row of rows) {
    const key = openStreamKey(row.sealedKey);
    if (key === null) await recordSimulcastStatus(db, row.id, 'stopped', KEY_UNREADABLE);
    else targets.push({ id: row.id, key, publishUrl: publishUrl(row.url, key) });
  }
  return targets;
}

export async function recordSimulcastStatus(
  db: Db,
  id: number,
  status: SimulcastStatus,
  error: string | null,
): Promise<void> {
  const keepError = status === 'stopped' && error === null;
  await db
    .update(simulcastDestinations)
    .set({ status, statusAt: new Date(), ...(keepError ? {} : { lastError: error }) })
    .where(eq(simulcastDestinations.id, id));
}
