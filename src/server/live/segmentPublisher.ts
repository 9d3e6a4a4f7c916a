/**
 * Carries what the live packager writes in its scratch folder into media storage, where the
 * signed media delivery serves it, beside the rungs' parts and segments (lowLatencyRung.ts):
 * the master playlist once every rung has a segment, the poster when it is renewed, and the
 * recording's pieces as they complete; and has each rung delete what left its playlist. The
 * same path for local disk and S3, so an ingest node needs no shared disk with the web nodes.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MediaStorage } from '../media/storage.ts';
import { PLAYLIST_TYPE, type LowLatencyRung } from './lowLatencyRung.ts';
import { LIVE_MASTER, LIVE_POSTER, RECORDING_DIR, RECORDING_LIST } from './packagerArgs.ts';

const SEGMENT_TYPE = 'video/mp2t';

export interface SyncResult {
  /** Recording pieces stored so far. */
  recorded: number;
  /** Every rung has a segment and the master playlist is out: viewers can watch. */
  watchable: boolean;
}

export interface PublisherOptions {
  /** The packager's scratch folder. */
  dir: string;
  /** Storage folder of this broadcast: live/{eventVideoId}/{broadcastId}. */
  prefix: string;
  rungs: readonly LowLatencyRung[];
  master: string;
  storage: MediaStorage;
}

export class SegmentPublisher {
  private readonly recorded = new Set<string>();
  private masterOut = false;
  private posterTime = 0;

  private readonly options: PublisherOptions;

  constructor(options: PublisherOptions) {
    this.options = options;
  }

  get recordedCount(): number {
    return this.recorded.size;
  }

  async sync(now = Date.now()): Promise<SyncResult> {
    for (const rung of this.options.rungs) await rung.deleteLeft(now);
    await this.syncRecording();
    const poster = await this.syncPoster();
    if (!this.masterOut && poster && this.options.rungs.every((rung) => rung.ready)) {
      const file = path.join(this.options.dir, LIVE_MASTER);
      await writeFile(file, this.options.master);
      await this.options.storage.put(`${this.options.prefix}/${LIVE_MASTER}`, file, {
        contentType: PLAYLIST_TYPE,
      });
      this.masterOut = true;
    }
    return { recorded: this.recorded.size, watchable: this.masterOut };
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
}
