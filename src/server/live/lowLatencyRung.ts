/**
 * One rung of a live stream as low-latency HLS: the packager's fragmented MP4 comes in on a
 * pipe (packagerArgs.ts), each fragment becomes a part stored at once, each run of parts from
 * one key frame to the next a whole segment as well, and the playlist naming them is stored
 * after them (a player never asks for a part that is not there yet) and announced to this
 * node's held playlist requests (src/server/delivery/blockingReload.ts). Parts and segments
 * that left the playlist are deleted after a grace for players a little behind. Everything goes
 * through media storage, local disk or S3, so any node serves any rung.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { LivePartTimeline, type LiveSegment } from '../../lib/llHlsPlaylist.ts';
import { Mp4FragmentReader, type Mp4Fragment } from '../../lib/mp4Fragments.ts';
import { playlistStored } from '../delivery/blockingReload.ts';
import { logger } from '../logger.ts';
import type { MediaStorage } from '../media/storage.ts';
import { metrics } from '../metrics.ts';
import {
  LIVE_PART_TARGET,
  LIVE_SEGMENT_SECONDS,
  LIVE_WINDOW_SEGMENTS,
  RUNG_INIT,
  RUNG_PLAYLIST,
} from './packagerArgs.ts';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const FRAGMENT_TYPE = 'video/mp4';
/** Parts and segments stay this long after leaving the playlist, for players a little behind. */
const LEFT_GRACE_MS = 30_000;
/** Segments whose parts a playlist still lists: RFC 8216bis asks for the last three target durations. */
const PARTED_SEGMENTS = 2;

export interface RungOptions {
  name: string;
  /** The rung's scratch folder. */
  dir: string;
  /** Storage folder of the broadcast: live/{eventVideoId}/{broadcastId}. */
  prefix: string;
  storage: MediaStorage;
}

export class LowLatencyRung {
  private readonly reader = new Mp4FragmentReader();
  private readonly timeline = new LivePartTimeline({
    targetDuration: LIVE_SEGMENT_SECONDS,
    partTarget: LIVE_PART_TARGET,
    windowSegments: LIVE_WINDOW_SEGMENTS,
    partedSegments: PARTED_SEGMENTS,
    initUri: RUNG_INIT,
  });
  /** The bytes of the segment being cut, part by part. */
  private openSegment: Uint8Array[] = [];
  private readonly left = new Map<string, number>();
  /** Storage writes in order: a part, then the segment it closed, then the playlist naming them. */
  private work: Promise<void> = Promise.resolve();
  private failed = false;
  private segments = 0;
  private lastPartAt = Date.now();
  private readonly options: RungOptions;

  constructor(options: RungOptions) {
    this.options = options;
  }

  /** A whole segment is stored: players can start. */
  get ready(): boolean {
    return this.segments > 0;
  }

  /** When the last part was stored, Unix ms. */
  get lastPublishedAt(): number {
    return this.lastPartAt;
  }

  /** Reads the packager's fMP4 for this rung until the pipe closes. */
  read(pipe: Readable): void {
    pipe.on('data', (chunk: Buffer) => {
      if (this.failed) return;
      try {
        for (const piece of this.reader.push(chunk)) {
          if ('init' in piece) this.enqueue(() => this.storeInit(piece.init.bytes));
          else this.enqueue(() => this.storePart(piece.fragment, Date.now()));
        }
      } catch (error) {
        this.failed = true;
        logger.error({ err: error, rung: this.options.name }, 'live fragments could not be read');
      }
    });
  }

  /** The stream ended: the last segment is stored whole and the playlist ends. */
  async end(): Promise<void> {
    this.enqueue(async () => {
      const closed = this.timeline.end();
      if (closed) await this.storeSegment(closed);
      await this.storePlaylist();
    });
    await this.work;
  }

  /** Deletes what left the playlist more than a grace ago. */
  async deleteLeft(now = Date.now()): Promise<void> {
    for (const name of this.timeline.takeLeft()) this.left.set(name, now);
    for (const [name, leftAt] of this.left) {
      if (now - leftAt < LEFT_GRACE_MS) continue;
      await this.options.storage.delete(this.key(name));
      this.left.delete(name);
    }
  }

  private enqueue(step: () => Promise<void>): void {
    this.work = this.work.then(step).catch((error: unknown) => {
      logger.warn({ err: error, rung: this.options.name }, 'a live part could not be stored');
    });
  }

  private key(name: string): string {
    return `${this.options.prefix}/${this.options.name}/${name}`;
  }

  private async put(name: string, bytes: Uint8Array | string, contentType: string): Promise<void> {
    const file = path.join(this.options.dir, `.out-${name}`);
    await writeFile(file, bytes);
    try {
      await this.options.storage.put(this.key(name), file, { contentType, move: true });
    } finally {
      await rm(file, { force: true });
    }
  }

  private async storeInit(bytes: Uint8Array): Promise<void> {
    await this.put(RUNG_INIT, bytes, FRAGMENT_TYPE);
  }

  private async storePart(fragment: Mp4Fragment, arrivedAt: number): Promise<void> {
    const added = this.timeline.add(fragment, arrivedAt - fragment.duration * 1000);
    if (added.closed) await this.storeSegment(added.closed);
    this.openSegment.push(fragment.bytes);
    await this.put(added.part.uri, fragment.bytes, FRAGMENT_TYPE);
    await this.storePlaylist();
    this.lastPartAt = Date.now();
    metrics().liveSegmentDelay.observe(Math.max(0, this.lastPartAt - arrivedAt) / 1000);
  }

  private async storeSegment(segment: LiveSegment): Promise<void> {
    const parts = this.openSegment.splice(0);
    const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    await this.put(segment.uri, whole, FRAGMENT_TYPE);
    this.segments += 1;
  }

  private async storePlaylist(): Promise<void> {
    const text = this.timeline.playlist();
    await this.put(RUNG_PLAYLIST, text, PLAYLIST_TYPE);
    playlistStored(this.key(RUNG_PLAYLIST), text);
  }
}
