/**
 * What turns the log a reader sees into the latest timeline (src/lib/chatTimeline.ts) one
 * message at a time, never by rewriting it: a live region announces what is added, so a
 * rewrite would read every message out again.
 */
import type { ChatMessageJson } from './chatWire.ts';

export interface LogChanges {
  /** Ids shown that the timeline no longer holds (deleted, or past its cap). */
  remove: number[];
  /** Messages to show, each before the shown message of that id, or at the end (null). */
  insert: { message: ChatMessageJson; before: number | null }[];
}

/** `shown`: the ids in the log, in its order (ascending, as the timeline keeps them). */
export function logChanges(shown: readonly number[], next: readonly ChatMessageJson[]): LogChanges {
  const wanted = new Set(next.map((message) => message.id));
  const remove = shown.filter((id) => !wanted.has(id));
  const kept = shown.filter((id) => wanted.has(id));
  const present = new Set(kept);
  const insert = next
    .filter((message) => !present.has(message.id))
    .map((message) => ({ message, before: kept.find((id) => id > message.id) ?? null }));
  return { remove, insert };
}
