/**
 * The form posts of the studio's event pages: create, save, end the broadcast on the air.
 * Parsing, the showcase check and the write sit here so the pages only render.
 */
import { parseEventForm, type EventErrors } from '../../lib/eventForm.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import {
  createEvent,
  endRunningEvent,
  eventShowcaseChoices,
  updateEvent,
  type StudioEvent,
} from './eventStudio.ts';
import type { StudioAccount } from './studioAccount.ts';

export type EventOutcome =
  | { kind: 'saved'; videoId: number; notice: 'created' | 'saved' | 'ended' }
  | { kind: 'invalid'; errors: EventErrors }
  | { kind: 'refused' };

export async function handleEventPost(
  db: Db,
  account: StudioAccount,
  event: StudioEvent | null,
  form: FormData,
): Promise<EventOutcome> {
  const action = formText(form, 'action');
  if (action === 'end') {
    if (!event || !(await endRunningEvent(db, event.videoId))) return { kind: 'refused' };
    return { kind: 'saved', videoId: event.videoId, notice: 'ended' };
  }
  if (action !== 'save') return { kind: 'refused' };
  const showcaseIds = (await eventShowcaseChoices(db, account.ownerId)).map(
    (showcase) => showcase.id,
  );
  const parsed = parseEventForm(
    (name) => formText(form, name),
    (name) => form.getAll(name).map(String),
    showcaseIds,
    new Date(),
  );
  if (!parsed.ok) return { kind: 'invalid', errors: parsed.errors };
  if (event) {
    await updateEvent(db, event, parsed.event);
    return { kind: 'saved', videoId: event.videoId, notice: 'saved' };
  }
  return {
    kind: 'saved',
    videoId: await createEvent(db, account, parsed.event),
    notice: 'created',
  };
}

/** The submitted values, to show the form again as it was sent. */
export function submittedEventValues(form: FormData) {
  return {
    name: formText(form, 'name'),
    description: formText(form, 'description'),
    showcaseId: formText(form, 'showcaseId'),
    start: formText(form, 'start'),
    timeZone: formText(form, 'timeZone'),
    repeat: formText(form, 'repeat'),
    byDay: form.getAll('byDay').map(String),
    byMonthDay: formText(form, 'byMonthDay'),
    saveReplay: form.has('saveReplay'),
    showViewers: form.has('showViewers'),
  };
}
