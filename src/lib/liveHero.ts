/**
 * Which event the live layout's hero features (SPEC §2 "Live hero"): the event the address
 * names (?video=, which the live layout keeps instead of opening the video view), else the
 * event on the air, else the soonest upcoming one, else the latest replay. The others stay as
 * cards below it.
 */

export interface LiveEventFacts {
  uri: string;
  live: { status: string; start_time: string | null; archived_time?: string | null } | null;
}

const UPCOMING = new Set(['unavailable', 'pending', 'ready']);

const time = (iso: string | null | undefined) => (iso ? new Date(iso).getTime() : NaN);

/** Earlier first; an unknown time after every known one. Stable for equal times. */
function byTime(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return a - b;
}

/** `requestedUri`: the uri (/videos/{id}) of the event the address asks for, if any. */
export function pickLiveHero<T extends LiveEventFacts>(
  videos: readonly T[],
  requestedUri: string | null = null,
): T | null {
  const events = videos.filter((v) => v.live !== null);
  const requested = events.find((v) => v.uri === requestedUri);
  if (requested) return requested;
  const onAir = events.find((v) => v.live?.status === 'streaming');
  if (onAir) return onAir;
  const [soonest] = events
    .filter((v) => UPCOMING.has(v.live?.status ?? ''))
    .sort((a, b) => byTime(time(a.live?.start_time), time(b.live?.start_time)));
  if (soonest) return soonest;
  const [latest] = events
    .filter((v) => v.live?.status === 'done' && Boolean(v.live.archived_time))
    .sort((a, b) => byTime(-time(a.live?.archived_time), -time(b.live?.archived_time)));
  return latest ?? null;
}
