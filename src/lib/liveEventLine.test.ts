import { describe, expect, it } from 'vitest';
import { liveEventLine } from './liveEventLine.ts';

const START = '2026-03-07T21:18:00.000Z';
const END = '2026-03-07T22:02:00.000Z';
const times = (status: string, more: Partial<Parameters<typeof liveEventLine>[0]> = {}) => ({
  status,
  start_time: START,
  ended_time: null,
  archived_time: null,
  save_replay: true,
  ...more,
});

describe('liveEventLine', () => {
  it.each(['unavailable', 'pending', 'ready'])('says when an event %s starts', (status) => {
    expect(liveEventLine(times(status))).toEqual({ kind: 'startsAt', start: START });
  });

  it('says an upcoming event without a start is not scheduled yet', () => {
    expect(liveEventLine(times('unavailable', { start_time: null }))).toEqual({
      kind: 'notScheduled',
    });
  });

  it('says when an event on the air started', () => {
    expect(liveEventLine(times('streaming'))).toEqual({ kind: 'startedAt', start: START });
  });

  it('says the replay is processing while an ended event has none yet', () => {
    expect(liveEventLine(times('done', { ended_time: END }))).toEqual({
      kind: 'replayProcessing',
    });
  });

  it('says when the broadcast ran once its replay is ready', () => {
    expect(
      liveEventLine(times('done', { ended_time: END, archived_time: '2026-03-07T22:03:00.000Z' })),
    ).toEqual({ kind: 'streamed', start: START, end: END });
  });

  it('says when an event that records nothing streamed as soon as it is over', () => {
    expect(liveEventLine(times('done', { ended_time: END, save_replay: false }))).toEqual({
      kind: 'streamed',
      start: START,
      end: END,
    });
  });

  it('says when a replay streamed even where its end was not kept', () => {
    expect(liveEventLine(times('done', { archived_time: '2026-03-07T22:03:00.000Z' }))).toEqual({
      kind: 'streamed',
      start: START,
      end: null,
    });
  });
});
