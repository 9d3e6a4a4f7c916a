/**
 * Carries what the live packager writes in its scratch folder into media storage, where the
 * signed media delivery serves it: each finished segment before the playlist that names it
 * (a player never asks for a segment that is not there yet), segments that left the rolling
 * window after a grace for slow players, the poster when it is renewed, and the recording's
 * pieces as they complete. The
 * same path for local disk and S3, so an ingest node needs no shared disk with the web nodes.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../media/storage.ts';
import { metrics } from '../metrics.ts';
import {
  LIVE_MASTER,
  LIVE_POSTER,
  RECORDING_DIR,
  RECORDING_LIST,
  RUNG_PLAYLIST,
} from './packagerArgs.ts';

export const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const SEGMENT_TYPE = 'video/mp2t';
/** Segments stay this long after leaving the playlist, for players a little behind. */
const DROPPED_SEGMENT_GRACE_MS = 30_000;

export interface SyncResult {
  /** Live segments published by this call, across rungs. */
  published: number;
  /** Recording pieces stored so far. */
  recorded: number;
  /** Every rung has a segment and the master playlist is out: viewers can watch. */
  watchable: boolean;
}

/** Segment names of a media playlist, in order; null for a playlist cut short mid-write. */
export function playlistSegments(text: string): string[] | null {
  if (!text.startsWith('#EXTM3U') || !text.endsWith('\n')) return null;
  return text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
}

export interface PublisherOptions {
  /** The packager's scratch folder. */
  dir: string;
  /** Storage folder of this broadcast: live/{eventVideoId}/{broadcastId}. */
  prefix: string;
  rungs: readonly string[];
  master: string;
  storage: MediaStorage;
}

export class SegmentPublisher {
  private readonly uploaded = new Map<string, Set<string>>();
  private readonly dropped = new Map<string, number>();
  private readonly lastPlaylist = new Map<string, string>();
  private readonly recorded = new Set<string>();
  private masterOut = false;
  private posterTime = 0;

  private readonly options: PublisherOptions;

  constructor(options: PublisherOptions) {
    this.options = options;
    for (const rung of options.rungs) this.uploaded.set(rung, new Set());
  }

  get recordedCount(): number {
    return this.recorded.size;
  }

  async sync(now = Date.now()): Promise<SyncResult> {
    let published = 0;
    let ready = 0;
    for (const rung of this.options.rungs) {
      const count = await this.syncRung(rung, now);
      if (count === null) continue;
      published += count;
      if ((this.uploaded.get(rung)?.size ?? 0) > 0) ready++;
    }
    await this.syncRecording();
    await this.deleteDropped(now);
    const poster = await this.syncPoster();
    if (!this.masterOut && poster && ready === this.options.rungs.length) {
      const file = path.join(this.options.dir, LIVE_MASTER);
      await writeFile(file, this.options.master);
      await this.options.storage.put(`${this.options.prefix}/${LIVE_MASTER}`, file, {
        contentType: PLAYLIST_TYPE,
      });
      this.masterOut = true;
    }
    return { published, recorded: this.recorded.size, watchable: this.masterOut };
  }

  /** Segments of the rung's new playlist, then the playlist; null when it has none yet. */
  private async syncRung(rung: string, now: number): Promise<number | null> {
    const local = path.join(this.options.dir, rung);
    const text = await readFile(path.join(local, RUNG_PLAYLIST), 'utf8').catch(() => null);
    if (text === null || text === this.lastPlaylist.get(rung)) return text === null ? null : 0;
    const segments = playlistSegments(text);
    if (!segments) return 0;
    const done = this.uploaded.get(rung)!;
    let count = 0;
    for (const segment of segments) {
      if (done.has(segment)) continue;
      const file = path.join(local, segment);
      const info = await stat(file).catch(() => null);
      if (!info) continue;
      await this.options.storage.put(`${this.options.prefix}/${rung}/${segment}`, file, {
        contentType: SEGMENT_TYPE,
      });
      metrics().liveSegmentDelay.observe(Math.max(0, now - info.mtimeMs) / 1000);
      done.add(segment);
      count++;
    }
    const listed = new Set(segments);
    for (const segment of done) {
      if (!listed.has(segment) && !this.dropped.has(`${rung}/${segment}`))
        this.dropped.set(`${rung}/${segment}`, now);
    }
    const copy = path.join(local, `.published-${RUNG_PLAYLIST}`);
    await writeFile(copy, text);
    await this.options.storage.put(`${this.options.prefix}/${rung}/${RUNG_PLAYLIST}`, copy, {
      contentType: PLAYLIST_TYPE,
    });
    this.lastPlaylist.set(rung, text);
    return count;
  }

  /** The poster, whenever ffmpeg renewed it; whether there is one. */
  private async syncPoster(): Promise<boolean> {
    const file = path.join(this.options.dir, LIVE_POSTER);
    const info = await stat(file).catch(() => null);
    if (info && info.size > 0 && info.mtimeMs !== this.posterTime) {
      const copy = path.join(this.options.dir, `.published-${LIVE_POSTER}`);
      await writeFile(copy, await readFile(file));
      await this.options.storage.put(`${this.options.prefix}/${LIVE_POSTER}`, copy, {
        contentType: 'image/jpeg',
      });
      this.posterTime = info.mtimeMs;
    }
    return this.posterTime !== 0;
  }

  /** The recording's finished pieces: the segment muxer lists a piece once it is closed. */
  private async syncRecording(): Promise<void> {
    const list = await readFile(path.join(this.options.dir, RECORDING_LIST), 'utf8').catch(
      () => '',
    );
    for (const line of list.split('\n')) {
      const name = line.split(',')[0]?.trim();
      if (!name || this.recorded.has(name)) continue;
      const file = path.join(this.options.dir, RECORDING_DIR, name);
      if (!(await stat(file).catch(() => null))) continue;
      await this.options.storage.put(`${this.options.prefix}/${RECORDING_DIR}/${name}`, file, {
        contentType: SEGMENT_TYPE,
        move: true,
      });
      this.recorded.add(name);
    }
  }

  private async deleteDropped(now: number): Promise<void> {
    for (const [key, droppedAt] of this.dropped) {
      if (now - droppedAt < DROPPED_SEGMENT_GRACE_MS) continue;
      const [rung, segment] = key.split('/') as [string, string];
      await this.options.storage.delete(`${this.options.prefix}/${key}`);
      this.uploaded.get(rung)?.delete(segment);
      this.dropped.delete(key);
    }
  }
}
