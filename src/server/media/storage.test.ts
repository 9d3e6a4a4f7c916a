import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../config.ts';
import { assertStorageKey, LocalDiskStorage, videoStorageKey } from './storage.ts';
import { describeMediaStorage } from './storageContract.ts';

let dir: string;
let storage: LocalDiskStorage;
let sample: string;
const content = '0123456789abcdefghijklmnopqrstuvwxyz';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-storage-'));
  storage = new LocalDiskStorage(path.join(dir, 'media'));
  sample = path.join(dir, 'sample.bin');
  await writeFile(sample, content);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('LocalDiskStorage', () => {
  it('defaults to the media folder under DATA_DIR', () => {
    expect(new LocalDiskStorage().root).toBe(path.resolve(config().DATA_DIR, 'media'));
  });

  it('puts a copy of a file under its key, creating the folders', async () => {
    const key = videoStorageKey(1, 'source.mp4');
    const stored = await storage.put(key, sample);
    expect(stored).toMatchObject({ key, size: content.length });
    expect(await readFile(path.join(dir, 'media', 'videos', '1', 'source.mp4'), 'utf8')).toBe(
      content,
    );
    expect(existsSync(sample)).toBe(true);
    expect(await storage.exists(key)).toBe(true);
    expect((await storage.stat(key))?.size).toBe(content.length);
  });

  it('refuses keys that could leave its folder or mean something else on a bucket', async () => {
    for (const key of [
      '../escape',
      '/etc/passwd',
      'videos/../../x',
      'videos//x',
      'videos/.hidden',
      'videos\\x',
      'videos/x/',
      '',
      'vidéos/1',
    ]) {
      expect(() => assertStorageKey(key), key).toThrow(TypeError);
    }
    await expect(storage.put('../escape', sample)).rejects.toThrow(TypeError);
    expect(existsSync(path.join(dir, 'escape'))).toBe(false);
  });
});

describeMediaStorage('LocalDiskStorage', () => new LocalDiskStorage(path.join(dir, 'contract')));

describe('videoStorageKey', () => {
  it('puts every file of a video under videos/{id}/', () => {
    expect(videoStorageKey(42, 'source.mp4')).toBe('videos/42/source.mp4');
    expect(videoStorageKey('42', 'pictures', '640x350.jpg')).toBe('videos/42/pictures/640x350.jpg');
    expect(videoStorageKey(42)).toBe('videos/42');
  });
});
