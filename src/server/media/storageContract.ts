/**
 * Test support: what every MediaStorage must do, run against each implementation
 * (storage.test.ts on local disk, s3Storage.test.ts on an S3 server), so the pipeline
 * behaves the same whichever store it is given.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingObjectError, videoStorageKey, type MediaStorage } from './storage.ts';

const content = '0123456789abcdefghijklmnopqrstuvwxyz';

export function describeMediaStorage(name: string, makeStorage: () => MediaStorage): void {
  let dir: string;
  let sample: string;
  let storage: MediaStorage;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-storage-contract-'));
    sample = path.join(dir, 'sample.bin');
    await writeFile(sample, content);
    storage = makeStorage();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe(`${name} as a media store`, () => {
    it('puts a copy of a file under its key and keeps the file', async () => {
      const key = videoStorageKey(1, 'source.mp4');
      const stored = await storage.put(key, sample, { contentType: 'video/mp4' });
      expect(stored).toMatchObject({ key, size: content.length });
      expect(existsSync(sample)).toBe(true);
      expect(await storage.exists(key)).toBe(true);
      expect((await storage.stat(key))?.size).toBe(content.length);
    });

    it('reads a whole object, or only the inclusive byte range asked for', async () => {
      const key = videoStorageKey(2, 'sd.mp4');
      await storage.put(key, sample);
      expect(await text(await storage.createReadStream(key))).toBe(content);
      expect(await text(await storage.createReadStream(key, { start: 10, end: 19 }))).toBe(
        'abcdefghij',
      );
      expect(await text(await storage.createReadStream(key, { start: 30 }))).toBe('uvwxyz');
      expect(await text(await storage.createReadStream(key, { start: 35, end: 35 }))).toBe('z');
    });

    it('refuses a range outside the object, as HTTP 416 would', async () => {
      const key = videoStorageKey(3, 'sd.mp4');
      await storage.put(key, sample);
      await expect(storage.createReadStream(key, { start: 36 })).rejects.toBeInstanceOf(RangeError);
      await expect(storage.createReadStream(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(
        RangeError,
      );
      await expect(storage.createReadStream(key, { start: 0, end: 36 })).rejects.toBeInstanceOf(
        RangeError,
      );
    });

    it('says which key is missing', async () => {
      const key = videoStorageKey(404, 'source.mp4');
      expect(await storage.stat(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.createReadStream(key)).rejects.toBeInstanceOf(MissingObjectError);
    });

    it('replaces an object that is put again', async () => {
      const key = videoStorageKey(4, 'source.mp4');
      await storage.put(key, sample);
      const other = path.join(dir, 'other.bin');
      await writeFile(other, 'new');
      expect((await storage.put(key, other)).size).toBe(3);
      expect(await text(await storage.createReadStream(key))).toBe('new');
    });

    it('takes the file instead of copying it when asked, bytes intact', async () => {
      const scratch = path.join(dir, 'scratch.bin');
      const payload = randomBytes(256 * 1024);
      await writeFile(scratch, payload);
      const key = videoStorageKey(5, 'hd.mp4');
      await storage.put(key, scratch, { move: true });
      expect(existsSync(scratch)).toBe(false);
      expect(Buffer.compare(await buffer(await storage.createReadStream(key)), payload)).toBe(0);
    });

    it('deletes an object, and deleting it again is fine', async () => {
      const key = videoStorageKey(6, 'source.mp4');
      await storage.put(key, sample);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await expect(storage.delete(key)).resolves.toBeUndefined();
    });

    it('deletes everything under a video and nothing of a video whose id starts the same', async () => {
      await storage.put(videoStorageKey(7, 'source.mp4'), sample);
      await storage.put(videoStorageKey(7, 'pictures', '640x350.jpg'), sample);
      await storage.put(videoStorageKey(70, 'source.mp4'), sample);
      await storage.deletePrefix(videoStorageKey(7));
      expect(await storage.exists(videoStorageKey(7, 'source.mp4'))).toBe(false);
      expect(await storage.exists(videoStorageKey(7, 'pictures', '640x350.jpg'))).toBe(false);
      expect(await storage.exists(videoStorageKey(70, 'source.mp4'))).toBe(true);
    });

    it('refuses keys that could leave its folder or mean something else on a bucket', async () => {
      await expect(storage.put('../escape', sample)).rejects.toThrow(TypeError);
      await expect(storage.stat('.archive/videos/1/source.mp4')).rejects.toThrow(TypeError);
    });
  });

  describe(`the archive tier of ${name}`, () => {
    it('archives an object out of reach of readers, then restores it whole', async () => {
      const key = videoStorageKey(8, 'source.mp4');
      await storage.put(key, sample);
      await storage.archive(key);
      expect(await storage.tierOf(key)).toBe('archive');
      expect(await storage.stat(key)).toBeNull();
      await expect(storage.createReadStream(key)).rejects.toBeInstanceOf(MissingObjectError);
      await storage.restore(key);
      expect(await storage.tierOf(key)).toBe('hot');
      expect(await text(await storage.createReadStream(key))).toBe(content);
    });

    it('leaves a hot object alone when asked to restore it', async () => {
      const key = videoStorageKey(8, 'sd.mp4');
      await storage.put(key, sample);
      await storage.restore(key);
      expect(await text(await storage.createReadStream(key))).toBe(content);
    });

    it('says an unknown key has no tier and cannot be archived', async () => {
      expect(await storage.tierOf('videos/8/nothing.mp4')).toBeNull();
      await expect(storage.archive('videos/8/nothing.mp4')).rejects.toBeInstanceOf(
        MissingObjectError,
      );
    });

    it('deletes archived copies with their video, and with the object itself', async () => {
      const key = videoStorageKey(9, 'source.mp4');
      await storage.put(key, sample);
      await storage.archive(key);
      await storage.deletePrefix('videos/9');
      expect(await storage.tierOf(key)).toBeNull();

      const single = videoStorageKey(10, 'source.mp4');
      await storage.put(single, sample);
      await storage.archive(single);
      await storage.delete(single);
      expect(await storage.tierOf(single)).toBeNull();
    });
  });
}
