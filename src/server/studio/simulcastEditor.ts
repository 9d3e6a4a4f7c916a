/**
 * The simulcast destinations of an event in the studio: listed without their keys (a saved key
 * is never shown again, not even to its owner), added, edited and removed by plain form posts.
 * A change takes effect from the event's next broadcast, whose node reads the destinations.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  checkSimulcast,
  type SimulcastErrors,
  type SimulcastInput,
  type SimulcastStatus,
} from '../../lib/simulcast.ts';
import type { Db } from '../db/client.ts';
import { simulcastDestinations } from '../db/schema.ts';
import { formText } from '../http/badRequest.ts';
import { sealStreamKey } from '../live/simulcastVault.ts';

export interface SimulcastDestination {
  id: number;
  name: string;
  url: string;
  enabled: boolean;
  status: SimulcastStatus;
  lastError: string | null;
}

export type SimulcastOutcome =
  | { kind: 'saved'; notice: 'simulcastAdded' | 'simulcastSaved' | 'simulcastRemoved' }
  /** `form`: 'new', or the id of the destination whose form is shown again with its errors. */
  | { kind: 'invalid'; form: string; values: SimulcastInput; errors: SimulcastErrors }
  | { kind: 'refused' };

export const SIMULCAST_ACTIONS = ['simulcast_add', 'simulcast_save', 'simulcast_remove'] as const;

export async function listSimulcastDestinations(
  db: Db,
  videoId: number,
): Promise<SimulcastDestination[]> {
  const rows = await db
    .select({
      id: simulcastDestinations.id,
      name: simulcastDestinations.name,
      url: simulcastDestinations.url,
      enabled: simulcastDestinations.enabled,
      status: simulcastDestinations.status,
      lastError: simulcastDestinations.lastError,
    })
    .from(simulcastDestinations)
    .where(eq(simulcastDestinations.eventVideoId, videoId))
    .orderBy(asc(simulcastDestinations.id));
  return rows.map((row) => ({ ...row, status: row.status as SimulcastStatus }));
}

function submitted(form: FormData): SimulcastInput {
  return {
    name: formText(form, 'name').trim(),
    url: formText(form, 'url').trim(),
    key: formText(form, 'key').trim(),
    enabled: form.has('enabled'),
  };
}

/** A post whose `action` is one of SIMULCAST_ACTIONS, on the event `videoId`. */
export async function handleSimulcastPost(
  db: Db,
  videoId: number,
  form: FormData,
): Promise<SimulcastOutcome> {
  const action = formText(form, 'action');
  const id = Number(formText(form, 'destination'));
  const mine = and(
    eq(simulcastDestinations.id, id),
    eq(simulcastDestinations.eventVideoId, videoId),
  );
  if (action === 'simulcast_remove') {
    const removed = await db
      .delete(simulcastDestinations)
      .where(mine)
      .returning({ id: simulcastDestinations.id });
    return removed.length > 0 ? { kind: 'saved', notice: 'simulcastRemoved' } : { kind: 'refused' };
  }
  const values = submitted(form);
  const adding = action === 'simulcast_add';
  if (!adding && action !== 'simulcast_save') return { kind: 'refused' };
  if (!adding && !Number.isSafeInteger(id)) return { kind: 'refused' };
  const errors = checkSimulcast(values, adding);
  if (Object.keys(errors).length > 0)
    return { kind: 'invalid', form: adding ? 'new' : String(id), values, errors };
  const fields = { name: values.name, url: values.url, enabled: values.enabled };
  if (adding) {
    await db
      .insert(simulcastDestinations)
      .values({ ...fields, eventVideoId: videoId, sealedKey: sealStreamKey(values.key) });
    return { kind: 'saved', notice: 'simulcastAdded' };
  }
  const updated = await db
    .update(simulcastDestinations)
    .set(values.key === '' ? fields : { ...fields, sealedKey: sealStreamKey(values.key) })
    .where(mine)
    .returning({ id: simulcastDestinations.id });
  return updated.length > 0 ? { kind: 'saved', notice: 'simulcastSaved' } : { kind: 'refused' };
}
