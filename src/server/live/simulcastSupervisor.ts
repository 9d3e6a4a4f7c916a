/**
 * The simulcast of one broadcast: a relay per enabled destination, each fed the encoder's FLV
 * tags as the packager gets them, each on its own. A relay that fails (refused, cut off, too
 * slow) is started again after a growing wait (src/lib/simulcast.ts); the others and the
 * site's own stream never wait on it, since every relay reads its own copy of the tags and
 * the packager's feed does not pass through any of them.
 */
import { failuresAfter, retryDelay, type SimulcastStatus } from '../../lib/simulcast.ts';
import { flvHeader, flvTag, VIDEO_TAG, type MediaTag } from './rtmpProtocol.ts';

export interface SimulcastTarget {
  id: number;
  /** Where ffmpeg publishes, the key in it: never logged, never stored unsealed. */
  publishUrl: string;
  /** The key alone, to blank it out of what the destination answers. */
  key: string;
}

export interface RelayEvents {
  /** The destination takes the stream. */
  live(): void;
  /** The relay stopped on its own; `error` is what the owner is shown. */
  failed(error: string): void;
}

interface Relay {
  write(chunk: Buffer): void;
  /** Ends the relay; its events are not listened to any more. */
  stop(): void;
}

export type RelayFactory = (target: SimulcastTarget, events: RelayEvents) => Relay;
export type StatusReport = (id: number, status: SimulcastStatus, error: string | null) => void;

interface Lane {
  target: SimulcastTarget;
  relay: Relay | null;
  /** A relay waits for a key frame before its first picture: a decoder can start there. */
  keyed: boolean;
  failures: number;
  startedAt: number;
  timer: NodeJS.Timeout | null;
}

export class SimulcastSupervisor {
  private readonly lanes: Lane[];
  /** The stream's header and decoder configurations, sent first to every relay (again on a restart). */
  private readonly opening: MediaTag[] = [];
  private hasAudio = true;
  private started = false;
  private stopped = false;
  private readonly startRelay: RelayFactory;
  private readonly report: StatusReport;

  constructor(targets: readonly SimulcastTarget[], startRelay: RelayFactory, report: StatusReport) {
    this.startRelay = startRelay;
    this.report = report;
    this.lanes = targets.map((target) => ({
      target,
      relay: null,
      keyed: false,
      failures: 0,
      startedAt: 0,
      timer: null,
    }));
  }

  /** Starts every relay once the packager starts: the stream's shape is known then. */
  start(hasAudio: boolean): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.hasAudio = hasAudio;
    for (const lane of this.lanes) this.open(lane);
  }

  /** One tag as the packager got it, its timestamp already continued over reconnects. */
  feed(tag: MediaTag): void {
    if (this.stopped) return;
    const opening = tag.role === 'config' || tag.role === 'metadata';
    if (opening) {
      // Only the latest of each kind: a reconnected encoder sends its own again.
      const same = this.opening.findIndex((t) => t.type === tag.type && t.role === tag.role);
      if (same >= 0) this.opening.splice(same, 1, tag);
      else this.opening.push(tag);
    }
    if (!this.started) return;
    const chunk = flvTag(tag);
    for (const lane of this.lanes) {
      if (!lane.relay) continue;
      if (!opening && !lane.keyed) {
        if (tag.type !== VIDEO_TAG || tag.role !== 'keyframe') continue;
        lane.keyed = true;
      }
      lane.relay.write(chunk);
    }
  }

  /** Ends every relay with the broadcast; no relay starts again after. */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const lane of this.lanes) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.timer = null;
      lane.relay?.stop();
      lane.relay = null;
      this.report(lane.target.id, 'stopped', null);
    }
  }

  private open(lane: Lane): void {
    lane.timer = null;
    if (this.stopped) return;
    this.report(lane.target.id, 'connecting', null);
    lane.keyed = false;
    lane.startedAt = Date.now();
    let current: Relay | null = null;
    const relay = this.startRelay(lane.target, {
      live: () => {
        if (lane.relay === current && !this.stopped) this.report(lane.target.id, 'live', null);
      },
      failed: (error) => {
        if (lane.relay === current && !this.stopped) this.retry(lane, error);
      },
    });
    current = relay;
    lane.relay = relay;
    relay.write(flvHeader(this.hasAudio, true));
    for (const tag of this.opening) relay.write(flvTag(tag));
  }

  private retry(lane: Lane, error: string): void {
    lane.relay = null;
    lane.failures = failuresAfter(lane.failures, Date.now() - lane.startedAt);
    this.report(lane.target.id, 'retrying', error);
    lane.timer = setTimeout(() => this.open(lane), retryDelay(lane.failures));
  }
}
