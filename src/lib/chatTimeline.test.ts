import { describe, expect, it } from 'vitest';
import {
  LIVE_MESSAGE_CAP,
  addMessages,
  chatTimeline,
  lastId,
  removeMessages,
  visibleAt,
} from './chatTimeline.ts';
import type { ChatMessageJson } from './chatWire.ts';

function message(
  id: number,
  { body = `message ${id}`, offset_ms = null }: { body?: string; offset_ms?: number | null } = {},
): ChatMessageJson {
  return {
    id,
    room_id: 1,
    body,
    created_at: new Date(Date.UTC(2030, 0, 1, 12, 0, id)).toISOString(),
    offset_ms,
    author: { id: 7, name: 'Ann', badge: null },
  };
}

const ids = (list: readonly ChatMessageJson[]) => list.map((m) => m.id);

describe('the live message list', () => {
  it('starts from the messages the page was rendered with, in id order', () => {
    expect(ids(chatTimeline([message(3), message(1), message(2)]).messages)).toEqual([1, 2, 3]);
  });

  it('shows a message that arrives twice (the stream and the post’s answer) once', () => {
    const timeline = addMessages(addMessages(chatTimeline([message(1)]), [message(2)]), [
      message(2),
      message(1),
    ]);
    expect(ids(timeline.messages)).toEqual([1, 2]);
  });

  it('puts a message that arrives late in its place by id', () => {
    const timeline = addMessages(chatTimeline([message(1), message(3)]), [message(2)]);
    expect(ids(timeline.messages)).toEqual([1, 2, 3]);
  });

  it('keeps the newest copy of a message it already holds', () => {
    const timeline = addMessages(chatTimeline([message(1, { body: 'old' })]), [
      message(1, { body: 'new' }),
    ]);
    expect(timeline.messages.map((m) => m.body)).toEqual(['new']);
  });

  it(`keeps only the latest ${LIVE_MESSAGE_CAP} messages`, () => {
    const many = Array.from({ length: LIVE_MESSAGE_CAP + 5 }, (_, i) => message(i + 1));
    const timeline = addMessages(chatTimeline(), many);
    expect(timeline.messages).toHaveLength(LIVE_MESSAGE_CAP);
    expect(timeline.messages[0]?.id).toBe(6);
    expect(lastId(timeline)).toBe(LIVE_MESSAGE_CAP + 5);
  });

  it('takes a deleted message away', () => {
    const timeline = removeMessages(chatTimeline([message(1), message(2), message(3)]), [2]);
    expect(ids(timeline.messages)).toEqual([1, 3]);
  });

  it('does not bring back a deleted message that arrives afterwards', () => {
    const timeline = addMessages(removeMessages(chatTimeline([message(1)]), [2]), [
      message(2),
      message(3),
    ]);
    expect(ids(timeline.messages)).toEqual([1, 3]);
  });

  it('knows the newest message to resume from, and that an empty list has none', () => {
    expect(lastId(chatTimeline([message(4), message(9)]))).toBe(9);
    expect(lastId(chatTimeline())).toBeNull();
  });
});

describe('replay alignment', () => {
  const replay = [
    message(1, { offset_ms: 0 }),
    message(2, { offset_ms: 1_500 }),
    message(3, { offset_ms: 1_500 }),
    message(4, { offset_ms: 62_000 }),
    message(5, { offset_ms: 125_250 }),
  ];

  it('shows only what was said at the start before the video plays', () => {
    expect(ids(visibleAt(replay, 0))).toEqual([1]);
  });

  it('shows a message once the video reaches the moment it was said', () => {
    expect(ids(visibleAt(replay, 1.499))).toEqual([1]);
    expect(ids(visibleAt(replay, 1.5))).toEqual([1, 2, 3]);
    expect(ids(visibleAt(replay, 62))).toEqual([1, 2, 3, 4]);
  });

  it('takes later messages away when the viewer seeks backwards', () => {
    expect(ids(visibleAt(replay, 200))).toEqual([1, 2, 3, 4, 5]);
    expect(ids(visibleAt(replay, 61.9))).toEqual([1, 2, 3]);
  });

  it('keeps the order the messages were said in, whatever order they came in', () => {
    expect(ids(visibleAt([...replay].reverse(), 70))).toEqual([1, 2, 3, 4]);
  });

  it('leaves out messages said off the air', () => {
    expect(
      ids(visibleAt([message(1, { offset_ms: null }), message(2, { offset_ms: 0 })], 10)),
    ).toEqual([2]);
  });

  it('treats an unusable time as the start', () => {
    expect(ids(visibleAt(replay, Number.NaN))).toEqual([1]);
    expect(ids(visibleAt(replay, -5))).toEqual([1]);
  });
});
