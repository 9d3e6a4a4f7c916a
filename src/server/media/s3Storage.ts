/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, Cloudflare R2, Backblaze B2…), for
 * app nodes that share no disk. Same keys as on local disk; the archive tier is a copy under
 * `.archive/` (a prefix no key can name), written with S3_ARCHIVE_STORAGE_CLASS where the
 * store has cheaper classes. A copy rather than a Glacier transition because retrieval must
 * work the same on every S3-compatible store, and restoring is a plain copy back.
 */
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type StorageClass,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertStorageKey,
  MissingObjectError,
  resolveRange,
  type ByteRange,
  type MediaStorage,
  type PutOptions,
  type StorageTier,
  type StoredObject,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible service's URL; unset means AWS S3 in `region`. */
  endpoint?: string | undefined;
  region: string;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted stores need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, shared config, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Storage class of archived copies, e.g. GLACIER_IR on AWS; unset keeps the bucket's default. */
  archiveStorageClass?: string | undefined;
}

const ARCHIVE_PREFIX = '.archive/';
/** Parts of a multipart upload; a rendition of a few hundred MB goes up in a few parallel parts. */
const PART_SIZE = 16 * 1024 * 1024;
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;
/** A store still writing an object it acknowledged is asked again this often, this many times. */
const WHOLE_WAIT_MS = 25;
const WHOLE_WAITS = 80;

const isNotFound = (error: unknown): boolean =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' ||
    error.name === 'NoSuchKey' ||
    error.$metadata.httpStatusCode === 404);

export class S3Storage implements MediaStorage {
  readonly bucket: string;
  private readonly client: S3Client;
  private readonly archiveStorageClass: StorageClass | undefined;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.archiveStorageClass = options.archiveStorageClass as StorageClass | undefined;
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: many S3-compatible stores refuse the newer
      // trailing checksums the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, filePath: string, options: PutOptions = {}): Promise<StoredObject> {
    assertStorageKey(key);
    const { size } = await stat(filePath);
    // An object appears whole when the upload completes, or not at all.
    await new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentType: options.contentType,
      },
      partSize: PART_SIZE,
      leavePartsOnError: false,
    }).done();
    if (options.move) await rm(filePath, { force: true });
    const stored = await this.statWhole(key, size);
    if (!stored) throw new MissingObjectError(key);
    return stored;
  }

  /**
   * The object once it reads at its uploaded size: some S3-compatible stores (s3rver among
   * them) acknowledge a PUT while still writing it, and a live part named in a playlist the
   * moment it is stored must not be read short.
   */
  private async statWhole(key: string, size: number): Promise<StoredObject | null> {
    let stored = await this.stat(key);
    for (let wait = 0; stored && stored.size < size && wait < WHOLE_WAITS; wait++) {
      await new Promise((resolve) => setTimeout(resolve, WHOLE_WAIT_MS));
      stored = await this.stat(key);
    }
    return stored;
  }

  /**
   * One GET, no HEAD first: every media request (each HLS segment) reads through here. The
   * object's size comes back in Content-Range, and a range outside it is refused after all.
   */
  async createReadStream(key: string, range?: ByteRange): Promise<Readable> {
    assertStorageKey(key);
    let body: Readable;
    let contentRange: string | undefined;
    try {
      const reply = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      body = reply.Body as Readable;
      contentRange = reply.ContentRange;
    } catch (error) {
      if (isNotFound(error)) throw new MissingObjectError(key);
      // 416: the range starts past the end of the object.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        throw new RangeError(`Range ${range?.start ?? 0}- is outside ${key}`);
      throw error;
    }
    if (range) {
      // S3 trims an end past the object and ignores a malformed range; the contract refuses both.
      try {
        resolveRange(key, Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? Number.NaN), range);
      } catch (error) {
        body.destroy();
        throw error;
      }
    }
    return body;
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertStorageKey(key);
    return this.head(key);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertStorageKey(key);
    // S3 answers a delete of a missing key with success, as this interface wants.
    await this.deleteKeys([key, ARCHIVE_PREFIX + key]);
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertStorageKey(prefix);
    for (const folder of [`${prefix}/`, `${ARCHIVE_PREFIX}${prefix}/`]) {
      let token: string | undefined;
      do {
        const page = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.bucket,
            Prefix: folder,
            ContinuationToken: token,
          }),
        );
        await this.deleteKeys(
          (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : [])),
        );
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    }
  }

  async archive(key: string): Promise<void> {
    assertStorageKey(key);
    await this.move(key, ARCHIVE_PREFIX + key, this.archiveStorageClass);
  }

  async restore(key: string): Promise<void> {
    if (await this.exists(key)) return;
    await this.move(ARCHIVE_PREFIX + key, key, undefined);
  }

  async tierOf(key: string): Promise<StorageTier | null> {
    if (await this.exists(key)) return 'hot';
    return (await this.head(ARCHIVE_PREFIX + key)) ? 'archive' : null;
  }

  private async head(objectKey: string): Promise<StoredObject | null> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }),
      );
      return {
        key: objectKey,
        size: head.ContentLength ?? 0,
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * Copy, then delete the original: for a moment both tiers hold the object, never neither,
   * so a crash in between leaves a readable copy (tierOf says hot) rather than a lost file.
   */
  private async move(
    from: string,
    to: string,
    storageClass: StorageClass | undefined,
  ): Promise<void> {
    const key = from.startsWith(ARCHIVE_PREFIX) ? from.slice(ARCHIVE_PREFIX.length) : from;
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${encodeURIComponent(from).replaceAll('%2F', '/')}`,
          StorageClass: storageClass,
        }),
      );
    } catch (error) {
      if (isNotFound(error)) throw new MissingObjectError(key);
      throw error;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
  }

  private async deleteKeys(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const batch = keys.slice(i, i + DELETE_BATCH);
      const { Errors } = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = Errors?.[0];
      if (failed)
        throw new Error(
          `Could not delete ${failed.Key} from ${this.bucket}: ${failed.Code ?? ''} ${failed.Message ?? ''}`.trim(),
        );
    }
  }

  /** Closes the connection pool (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}
