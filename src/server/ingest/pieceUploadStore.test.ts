/**
 * Resumable uploads kept as pieces in the media store, on local disk and in a real S3 protocol
 * server (s3rver): bytes sent in requests of any size, cut anywhere, come back whole and in
 * order, also through a second store on the same bucket, as a second node would read them.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ERRORS, Upload } from '@tus/server';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from '../media/s3Storage.ts';
import { LocalDiskStorage, type MediaStorage } from '../media/storage.ts';
import { PieceUploadStore } from './pieceUploadStore.ts';

const PIECE = 1024;
const BUCKET = 'vitrine-uploads';
let dir: string;
let server: S3rver;
let endpoint: string;
const s3Stores: S3Storage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-pieces-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  endpoint = `http://127.0.0.1:${(await server.run()).port}`;
});

afterAll(async () => {
  for (const store of s3Stores) store.destroy();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const bytes = (length: number, seed: number) =>
  Buffer.from(Array.from({ length }, (_, index) => (index * 31 + seed) % 251));

/** A request body that sends `sent` and then, when `breaks`, fails as a dropped connection does. */
function body(sent: Buffer, breaks = false): Readable {
  const chunks = [sent.subarray(0, 300), sent.subarray(300)];
  return Readable.from(
    (async function* () {
      for (const chunk of chunks) if (chunk.length > 0) yield chunk;
      if (breaks) throw new Error('connection reset');
    })(),
  );
}

const stores: Record<string, () => MediaStorage> = {
  'local disk': () => new LocalDiskStorage(path.join(dir, 'disk')),
  's3-compatible bucket': () => {
    const store = new S3Storage({
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    s3Stores.push(store);
    return store;
  },
};

describe.each(Object.entries(stores))('pieces of uploads on %s', (_name, makeStorage) => {
  const node = (storage: MediaStorage) => new PieceUploadStore(storage, async () => dir, PIECE);
  let id = 0;
  const newUpload = (size?: number) =>
    new Upload({
      id: `${(id += 1).toString(16).padStart(8, '0')}${'ab'.repeat(8)}`,
      offset: 0,
      ...(size === undefined ? {} : { size }),
      metadata: { filename: 'clip.mp4' },
      creation_date: new Date().toISOString(),
    });

  it('keeps bytes sent in requests cut anywhere, and gives them back whole, on any node', async () => {
    const storage = makeStorage();
    const [first, second] = [node(storage), node(makeStorage())];
    const file = bytes(3 * PIECE + 77, 1);
    const upload = await first.create(newUpload(file.length));
    let offset = 0;
    for (const [store, end] of [
      [first, 500],
      [second, 2 * PIECE + 10],
      [first, 2 * PIECE + 11],
      [second, file.length],
    ] as const) {
      offset = await store.write(body(file.subarray(offset, end)), upload.id, offset);
      expect(offset).toBe(end);
      expect((await (store === first ? second : first).getUpload(upload.id)).offset).toBe(end);
    }
    const target = path.join(dir, `whole-${upload.id}`);
    await second.assemble(upload.id, target);
    expect((await readFile(target)).equals(file)).toBe(true);
  });

  it('counts what arrived before a request broke, and resumes from there', async () => {
    const store = node(makeStorage());
    const file = bytes(2 * PIECE + 5, 2);
    const upload = await store.create(newUpload(file.length));
    await expect(
      store.write(body(file.subarray(0, PIECE + 400), true), upload.id, 0),
    ).rejects.toThrow('connection reset');
    const { offset } = await store.getUpload(upload.id);
    expect(offset).toBe(PIECE + 400);
    expect(await store.write(body(file.subarray(offset)), upload.id, offset)).toBe(file.length);
    const target = path.join(dir, `resumed-${upload.id}`);
    await store.assemble(upload.id, target);
    expect((await readFile(target)).equals(file)).toBe(true);
  });

  it('takes a length declared later, and forgets a removed upload', async () => {
    const store = node(makeStorage());
    const upload = await store.create(newUpload());
    expect((await store.getUpload(upload.id)).sizeIsDeferred).toBe(true);
    await store.declareUploadLength(upload.id, 42);
    expect((await store.getUpload(upload.id)).size).toBe(42);
    await store.write(body(bytes(42, 3)), upload.id, 0);
    await store.remove(upload.id);
    await expect(store.getUpload(upload.id)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });

  it('answers an id it never made as missing, whatever the id holds', async () => {
    const store = node(makeStorage());
    for (const unknown of ['0123456789abcdef0123', '../../etc', 'videos/1/source'])
      await expect(store.getUpload(unknown)).rejects.toBe(ERRORS.FILE_NOT_FOUND);
  });
});
