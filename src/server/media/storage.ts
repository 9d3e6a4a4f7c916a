/**
 * Where media bytes live. Keys are object-store style ("videos/{id}/source.mp4") so the same
 * keys work on local disk and in an S3-compatible bucket (DESIGN.md, media):
 * every method is async and reads start from the key, as a GetObject with a Range would.
 */
import { randomBytes } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { STORAGE_TIERS } from '../../lib/domain.ts';
import { config, type Config } from '../config.ts';

/** Inclusive byte offsets, as in an HTTP Range header; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number | undefined;
}

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

export interface PutOptions {
  /** Kept by stores that record it (S3); local disk serves by extension. */
  contentType?: string | undefined;
  /** Take the file instead of copying it (a finished transcode in a scratch folder). */
  move?: boolean | undefined;
}

export interface MediaStorage {
  /** Stores a local file under key, replacing what was there. Readers never see a partial object. */
  put(key: string, filePath: string, options?: PutOptions): Promise<StoredObject>;
  /** Rejects with MissingObjectError, or RangeError for a range outside the object (HTTP 416). */
  createReadStream(key: string, range?: ByteRange): Promise<Readable>;
  /** null when there is no such object. */
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Succeeds when the object is already gone. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object in the folder `prefix/` (not "videos/42…" matching "videos/420"),
   * e.g. all files of a deleted video.
   */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * Moves an object to the archive tier (cold storage): it is kept but not readable until
   * restored. Rejects with MissingObjectError when there is no hot object under key.
   */
  archive(key: string): Promise<void>;
  /** Moves an archived object back to the readable tier; a hot object is left alone. */
  restore(key: string): Promise<void>;
  /** 'hot' (readable), 'archive' (cold) or null when there is no such object. */
  tierOf(key: string): Promise<StorageTier | null>;
}

export type StorageTier = (typeof STORAGE_TIERS)[number];

/** A stored object's bytes, read whole; null when there is no such object. */
export async function readWhole(store: MediaStorage, key: string): Promise<Buffer | null> {
  try {
    return await buffer(await store.createReadStream(key));
  } catch (error) {
    if (error instanceof MissingObjectError) return null;
    throw error;
  }
}

export class MissingObjectError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'MissingObjectError';
    this.key = key;
  }
}

/**
 * Segments of letters, digits, dot, dash and underscore, not starting with a dot: no "..",
 * no absolute paths, no hidden files, nothing a bucket or a file system reads differently.
 */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** A key no object can have; when it comes from a request, the answer is 404. */
export class InvalidStorageKeyError extends TypeError {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
}

/** `videos/{id}/…`: every file of a video under one prefix, so deleting the video is one call. */
export function videoStorageKey(videoId: number | string, ...parts: string[]): string {
  const key = ['videos', String(videoId), ...parts].join('/');
  assertStorageKey(key);
  return key;
}

/** `live/{eventVideoId}/{broadcastId}/…`: one broadcast's live HLS, poster and recording, until its replay is archived. */
export function liveStorageKey(
  eventVideoId: number,
  broadcastId: number,
  ...parts: string[]
): string {
  const key = ['live', String(eventVideoId), String(broadcastId), ...parts].join('/');
  assertStorageKey(key);
  return key;
}

/** A playlist of a live broadcast: rewritten every segment, never the same bytes for long. */
export function isLivePlaylistKey(key: string): boolean {
  return key.startsWith('live/') && key.endsWith('.m3u8');
}

/** `${DATA_DIR}/media`, absolute. */
export function defaultMediaRoot(settings: Pick<Config, 'DATA_DIR'> = config()): string {
  return path.resolve(settings.DATA_DIR, 'media');
}

/** The inclusive bounds of a range within an object of `size` bytes; RangeError outside it. */
export function resolveRange(
  key: string,
  size: number,
  range: ByteRange | undefined,
): { start: number; end: number } | undefined {
  if (!range) return undefined;
  const end = range.end ?? size - 1;
  const valid =
    Number.isSafeInteger(range.start) &&
    Number.isSafeInteger(end) &&
    range.start >= 0 &&
    range.start <= end &&
    end < size;
  if (!valid)
    throw new RangeError(
      `Range ${range.start}-${range.end ?? ''} is outside ${key} (${size} bytes)`,
    );
  return { start: range.start, end };
}

const isMissing = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/** The archive tier on disk: a folder inside the root that no key can name (keys never start with a dot). */
const ARCHIVE_FOLDER = '.archive';

export class LocalDiskStorage implements MediaStorage {
  readonly root: string;

  constructor(root: string = defaultMediaRoot()) {
    this.root = path.resolve(root);
  }

  /** The file behind a key; for sendfile-style serving and for ffmpeg, which wants paths. */
  pathFor(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** Where the archived copy of a key lives. */
  archivePathFor(key: string): string {
    assertStorageKey(key);
    return path.join(this.root, ARCHIVE_FOLDER, ...key.split('/'));
  }

  async put(key: string, filePath: string, options: PutOptions = {}): Promise<StoredObject> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Staged beside the target, then renamed: a reader sees the old file or the new, never half.
    const staged = path.join(path.dirname(target), `.put-${randomBytes(6).toString('hex')}`);
    try {
      if (options.move) {
        try {
          await rename(filePath, staged);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
          await copyFile(filePath, staged);
          await rm(filePath, { force: true });
        }
      } else {
        // A copy-on-write clone where the file system can (btrfs, xfs), a plain copy elsewhere.
        await copyFile(filePath, staged, constants.COPYFILE_FICLONE);
      }
      await rename(staged, target);
    } catch (error) {
      await rm(staged, { force: true });
      throw error;
    }
    const stored = await this.stat(key);
    if (!stored) throw new MissingObjectError(key);
    return stored;
  }

  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    const stored = await this.stat(key);
    if (!stored) throw new MissingObjectError(key);
    const bounds = resolveRange(key, stored.size, range);
    return createReadStream(this.pathFor(key), bounds ?? {});
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const info = await stat(this.pathFor(key));
      return info.isFile() ? { key, size: info.size, modifiedAt: info.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
    await rm(this.archivePathFor(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathFor(prefix), { recursive: true, force: true });
    await rm(this.archivePathFor(prefix), { recursive: true, force: true });
  }

  async archive(key: string): Promise<void> {
    await this.moveBetweenTiers(this.pathFor(key), this.archivePathFor(key), key);
  }

  async restore(key: string): Promise<void> {
    if (await this.exists(key)) return;
    await this.moveBetweenTiers(this.archivePathFor(key), this.pathFor(key), key);
  }

  async tierOf(key: string): Promise<StorageTier | null> {
    if (await this.exists(key)) return 'hot';
    try {
      return (await stat(this.archivePathFor(key))).isFile() ? 'archive' : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** A rename within one file system: the object is in one tier or the other, never both or half. */
  private async moveBetweenTiers(from: string, to: string, key: string): Promise<void> {
    await mkdir(path.dirname(to), { recursive: true });
    try {
      await rename(from, to);
    } catch (error) {
      if (isMissing(error)) throw new MissingObjectError(key);
      throw error;
    }
  }
}
