import { describe, expect, it } from 'vitest';
import { pickLiveHero, type LiveEventFacts } from './liveHero.ts';

type Event = LiveEventFacts & { name: string };

const event = (
  name: string,
  status: string,
  start_time: string | null = null,
  archived_time: string | null = null,
): Event => ({
  name,
  uri: `/videos/${name}`,
  live: { status, start_time, archived_time },
});
const video = (name: string): Event => ({ name, uri: `/videos/${name}`, live: null });
const picked = (videos: Event[], requested: string | null = null) =>
  pickLiveHero(videos, requested)?.name ?? null;

describe('pickLiveHero', () => {
  it('features the event on the air before any other', () => {
    expect(
      picked([
        event('soon', 'ready', '2026-03-05T12:00:00Z'),
        event('now', 'streaming', '2026-03-05T11:00:00Z'),
        event('replay', 'done', null, '2026-03-01T00:00:00Z'),
      ]),
    ).toBe('now');
  });

  it('features the soonest upcoming event when none is on the air', () => {
    expect(
      picked([
        event('weekly', 'pending', '2026-03-12T17:00:00Z'),
        event('soon', 'ready', '2026-03-05T12:20:00Z'),
        event('unscheduled', 'unavailable'),
      ]),
    ).toBe('soon');
  });

  it('puts upcoming events without a start time after scheduled ones', () => {
    expect(
      picked([
        event('unscheduled', 'unavailable'),
        event('weekly', 'pending', '2026-03-12T17:00:00Z'),
      ]),
    ).toBe('weekly');
  });

  it('features an unscheduled event when it is the only one to come', () => {
    expect(
      picked([
        event('replay', 'done', null, '2026-03-01T00:00:00Z'),
        event('unscheduled', 'unavailable'),
      ]),
    ).toBe('unscheduled');
  });

  it('features the latest replay when nothing is on the air or to come', () => {
    expect(
      picked([
        event('older', 'done', null, '2026-02-01T00:00:00Z'),
        event('latest', 'done', null, '2026-03-01T00:00:00Z'),
      ]),
    ).toBe('latest');
  });

  it('passes over an ended event whose replay is not ready', () => {
    expect(picked([event('preparing', 'done', '2026-03-04T00:00:00Z')])).toBeNull();
  });

  it('features the event the address asks for, even while another is on the air', () => {
    expect(
      picked(
        [
          event('now', 'streaming', '2026-03-05T11:00:00Z'),
          event('weekly', 'pending', '2026-03-12T17:00:00Z'),
        ],
        '/videos/weekly',
      ),
    ).toBe('weekly');
  });

  it('passes over an asked-for video that is not a live event of the list', () => {
    expect(picked([event('now', 'streaming'), video('clip')], '/videos/clip')).toBe('now');
    expect(picked([event('now', 'streaming')], '/videos/elsewhere')).toBe('now');
  });

  it('features nothing in a showcase of plain videos', () => {
    expect(picked([video('clip')])).toBeNull();
    expect(picked([])).toBeNull();
  });
});
