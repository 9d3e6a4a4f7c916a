import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.ts';
import { createMediaStorage } from './mediaStorage.ts';
import { S3Storage } from './s3Storage.ts';
import { LocalDiskStorage } from './storage.ts';
import { describeMediaStorage } from './storageContract.ts';

// A real S3 protocol server on loopback, with a bucket of its own for this file.
const BUCKET = 'vitrine-media';
let dir: string;
let server: S3rver;
let endpoint: string;
const stores: S3Storage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const store of stores) store.destroy();
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function s3(): S3Storage {
  const store = new S3Storage({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  stores.push(store);
  return store;
}

describeMediaStorage('S3Storage', s3);

describe('the configured media store', () => {
  it('is local disk under DATA_DIR without S3_BUCKET', () => {
    const store = createMediaStorage(parseConfig({ DATA_DIR: '/srv/vitrine' }));
    expect(store).toBeInstanceOf(LocalDiskStorage);
    expect((store as LocalDiskStorage).root).toBe(path.resolve('/srv/vitrine/media'));
  });

  it('is the bucket when S3_BUCKET is set', () => {
    const store = createMediaStorage(
      parseConfig({
        S3_BUCKET: 'media',
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 'b',
      }),
    );
    expect(store).toBeInstanceOf(S3Storage);
    expect((store as S3Storage).bucket).toBe('media');
    (store as S3Storage).destroy();
  });

  it('refuses an access key without its secret, naming the variable', () => {
    expect(() => parseConfig({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });
});
