import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimulcastStatus } from '../../lib/simulcast.ts';
import { AUDIO_TAG, VIDEO_TAG, type MediaTag } from './rtmpProtocol.ts';
import {
  SimulcastSupervisor,
  type RelayEvents,
  type SimulcastTarget,
} from './simulcastSupervisor.ts';

/** A relay as the supervisor sees one: what it was written, and its events to fire by hand. */
interface FakeRelay {
  target: SimulcastTarget;
  events: RelayEvents;
  written: Buffer[];
  stopped: boolean;
}

function tag(type: number, role: MediaTag['role'], dts: number): MediaTag {
  return {
    type,
    codec: type === VIDEO_TAG ? 7 : 10,
    role,
    dts,
    pts: dts,
    data: Buffer.from([dts & 0xff]),
  };
}

let relays: FakeRelay[];
let statuses: [number, SimulcastStatus, string | null][];

function supervisor(ids: number[]): SimulcastSupervisor {
  return new SimulcastSupervisor(
    ids.map((id) => ({ id, publishUrl: `rtmp://d${id}/live/key${id}`, key: `key${id}` })),
    (target, events) => {
      const relay: FakeRelay = { target, events, written: [], stopped: false };
      relays.push(relay);
      return {
        write: (chunk) => relay.written.push(chunk),
        stop: () => (relay.stopped = true),
      };
    },
    (id, status, error) => statuses.push([id, status, error]),
  );
}

const relaysOf = (id: number) => relays.filter((relay) => relay.target.id === id);
const statusesOf = (id: number) => statuses.filter(([of]) => of === id).map(([, s, e]) => [s, e]);

beforeEach(() => {
  vi.useFakeTimers();
  relays = [];
  statuses = [];
});
afterEach(() => vi.useRealTimers());

describe('SimulcastSupervisor', () => {
  it('starts a relay per destination with the stream’s header and configurations first', () => {
    const simulcast = supervisor([1, 2]);
    simulcast.feed(tag(VIDEO_TAG, 'config', 0));
    simulcast.feed(tag(AUDIO_TAG, 'config', 0));
    simulcast.start(true);
    expect(relays.map((relay) => relay.target.id)).toEqual([1, 2]);
    for (const relay of relays) {
      expect(relay.written[0]!.subarray(0, 3).toString()).toBe('FLV');
      expect(relay.written).toHaveLength(3);
    }
    expect(statuses).toEqual([
      [1, 'connecting', null],
      [2, 'connecting', null],
    ]);
  });

  it('relays pictures from the first key frame on', () => {
    const simulcast = supervisor([1]);
    simulcast.start(false);
    simulcast.feed(tag(VIDEO_TAG, 'frame', 10));
    simulcast.feed(tag(AUDIO_TAG, 'frame', 11));
    expect(relays[0]!.written).toHaveLength(1);
    simulcast.feed(tag(VIDEO_TAG, 'keyframe', 20));
    simulcast.feed(tag(VIDEO_TAG, 'frame', 30));
    expect(relays[0]!.written).toHaveLength(3);
  });

  it('tries a failing destination again after a wait, the others going on untouched', () => {
    const simulcast = supervisor([1, 2]);
    simulcast.feed(tag(VIDEO_TAG, 'config', 0));
    simulcast.start(true);
    const [failing, steady] = relays;
    failing!.events.live();
    steady!.events.live();
    simulcast.feed(tag(VIDEO_TAG, 'keyframe', 40));
    failing!.events.failed('Connection refused');
    simulcast.feed(tag(VIDEO_TAG, 'frame', 80));

    expect(steady!.written).toHaveLength(4);
    expect(steady!.stopped).toBe(false);
    expect(statusesOf(2)).toEqual([
      ['connecting', null],
      ['live', null],
    ]);
    expect(statusesOf(1).at(-1)).toEqual(['retrying', 'Connection refused']);

    vi.advanceTimersByTime(1_999);
    expect(relaysOf(1)).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const again = relaysOf(1)[1]!;
    // Started again with the header and the configuration it missed, then from a key frame.
    expect(again.written).toHaveLength(2);
    simulcast.feed(tag(VIDEO_TAG, 'frame', 120));
    expect(again.written).toHaveLength(2);
    simulcast.feed(tag(VIDEO_TAG, 'keyframe', 160));
    expect(again.written).toHaveLength(3);
    expect(steady!.written).toHaveLength(6);
    expect(statusesOf(1).at(-1)).toEqual(['connecting', null]);
  });

  it('waits longer after each failure in a row', () => {
    const simulcast = supervisor([1]);
    simulcast.start(true);
    relaysOf(1)[0]!.events.failed('refused');
    vi.advanceTimersByTime(2_000);
    relaysOf(1)[1]!.events.failed('refused');
    vi.advanceTimersByTime(3_999);
    expect(relaysOf(1)).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(relaysOf(1)).toHaveLength(3);
  });

  it('stops every relay with the broadcast, and a waiting one never starts', () => {
    const simulcast = supervisor([1, 2]);
    simulcast.start(true);
    relays[0]!.events.failed('refused');
    simulcast.stop();
    vi.advanceTimersByTime(120_000);
    expect(relays).toHaveLength(2);
    expect(relays[1]!.stopped).toBe(true);
    expect(statuses.slice(-2)).toEqual([
      [1, 'stopped', null],
      [2, 'stopped', null],
    ]);
    // A relay's late word after the end changes nothing.
    relays[1]!.events.failed('gone');
    expect(statuses.at(-1)).toEqual([2, 'stopped', null]);
  });
});
