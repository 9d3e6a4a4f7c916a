/** The live events a dashboard lists: those on the air, then those to come by their start. */
import type { LiveStatus } from './domain.ts';

interface ListedEvent {
  videoId: number;
  status: LiveStatus;
  startTime: Date | null;
}

export function upcomingFirst<Event extends ListedEvent>(events: readonly Event[]): Event[] {
  const rank = (event: Event) => (event.status === 'streaming' ? 0 : 1);
  const start = (event: Event) => event.startTime?.getTime() ?? Number.POSITIVE_INFINITY;
  return events
    .filter((event) => event.status !== 'done')
    .sort((a, b) => rank(a) - rank(b) || start(a) - start(b) || a.videoId - b.videoId);
}
