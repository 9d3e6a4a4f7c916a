import { describe, expect, it } from 'vitest';
import { logChanges } from './chatLogChanges.ts';
import type { ChatMessageJson } from './chatWire.ts';

const message = (id: number): ChatMessageJson => ({
  id,
  room_id: 4,
  body: `m${id}`,
  created_at: '2030-01-01T12:00:00.000Z',
  offset_ms: null,
  author: { id: 1, name: 'Ann', badge: null },
});
const messages = (...ids: number[]) => ids.map(message);
const inserted = (changes: ReturnType<typeof logChanges>) =>
  changes.insert.map(({ message: m, before }) => [m.id, before]);

describe('the changes that bring a shown log up to the timeline', () => {
  it('append a new message at the end and leave the shown ones alone', () => {
    const changes = logChanges([1, 2], messages(1, 2, 3));
    expect(changes.remove).toEqual([]);
    expect(inserted(changes)).toEqual([[3, null]]);
  });

  it('take deleted messages, and those past the cap, out', () => {
    expect(logChanges([1, 2, 3], messages(1, 3))).toEqual({ remove: [2], insert: [] });
    expect(inserted(logChanges([1, 2, 3], messages(2, 3, 4)))).toEqual([[4, null]]);
    expect(logChanges([1, 2, 3], messages(2, 3, 4)).remove).toEqual([1]);
  });

  it('put a message that arrives late in its place by id', () => {
    expect(inserted(logChanges([1, 3, 5], messages(1, 2, 3, 4, 5, 6)))).toEqual([
      [2, 3],
      [4, 5],
      [6, null],
    ]);
  });

  it('fill an empty log, and change nothing for a timeline it already shows', () => {
    expect(inserted(logChanges([], messages(7, 8)))).toEqual([
      [7, null],
      [8, null],
    ]);
    expect(logChanges([7, 8], messages(7, 8))).toEqual({ remove: [], insert: [] });
  });
});
