/**
 * The messages a chat panel shows. Live, messages arrive from several places that overlap
 * (the page as rendered, the event stream and its resumption, a post's own answer), so the
 * list dedupes by id, keeps id order (the order the server stored them in) and holds only
 * the latest LIVE_MESSAGE_CAP. A replay shows the messages said up to the video's position.
 */
import type { ChatMessageJson } from './chatWire.ts';

/** How many messages a live panel keeps: older ones leave the top as new ones arrive. */
export const LIVE_MESSAGE_CAP = 200;

export interface ChatTimeline {
  /** Oldest first, by id. */
  messages: readonly ChatMessageJson[];
  /** Ids deleted while the panel was open: a copy arriving late (a post's own answer) stays out. */
  deleted: ReadonlySet<number>;
}

export function chatTimeline(messages: readonly ChatMessageJson[] = []): ChatTimeline {
  return addMessages({ messages: [], deleted: new Set() }, messages);
}

/** The timeline with `incoming` merged in: a known id is replaced, not repeated. */
export function addMessages(
  timeline: ChatTimeline,
  incoming: readonly ChatMessageJson[],
  cap = LIVE_MESSAGE_CAP,
): ChatTimeline {
  const fresh = incoming.filter((message) => !timeline.deleted.has(message.id));
  if (fresh.length === 0) return timeline;
  const byId = new Map(timeline.messages.map((message) => [message.id, message]));
  for (const message of fresh) byId.set(message.id, message);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id).slice(-cap);
  return { ...timeline, messages };
}

export function removeMessages(timeline: ChatTimeline, ids: readonly number[]): ChatTimeline {
  if (ids.length === 0) return timeline;
  const deleted = new Set([...timeline.deleted, ...ids]);
  return { messages: timeline.messages.filter((message) => !deleted.has(message.id)), deleted };
}

/** The newest message held: where a stream that has to start over resumes from. */
export function lastId(timeline: ChatTimeline): number | null {
  return timeline.messages.at(-1)?.id ?? null;
}

/**
 * Replay: the messages said up to `seconds` into the broadcast, in the order they were said.
 * Computed from the whole list each time, so seeking backwards takes later messages away.
 * A message without an offset was said off the air and has no place in a replay.
 */
export function visibleAt(
  messages: readonly ChatMessageJson[],
  seconds: number,
): ChatMessageJson[] {
  const until = Math.max(0, Number.isFinite(seconds) ? seconds : 0) * 1000;
  return messages
    .filter((message) => message.offset_ms !== null && message.offset_ms <= until)
    .sort((a, b) => a.offset_ms! - b.offset_ms! || a.id - b.id);
}
