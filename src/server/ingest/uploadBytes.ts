/**
 * Where the bytes of resumable uploads wait until they are finished: a file an upload under
 * DATA_DIR/uploads/tus on one machine, or the media bucket when S3_BUCKET is set, where every
 * node reaches them (pieceUploadStore.ts). Either way a finished upload is handed to the probe
 * and the ingest as a local file they may move away.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config.ts';
import { mediaStorage } from '../media/mediaStorage.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { PieceUploadStore } from './pieceUploadStore.ts';

export interface UploadBytes {
  datastore: DataStore;
  /** The finished upload as a local file, which the ingest may move away. */
  localFile(id: string): Promise<string>;
  /** After the ingest took the file: what is left of the upload goes. */
  forget(id: string): Promise<void>;
  /** A finished upload that is refused: its bytes go, the local file too. */
  discard(id: string, file: string): Promise<void>;
}

export function createUploadBytes(settings: Pick<Config, 'DATA_DIR' | 'S3_BUCKET'>): UploadBytes {
  return settings.S3_BUCKET ? bucketUploads() : diskUploads(settings.DATA_DIR);
}

function diskUploads(dataDir: string): UploadBytes {
  const directory = path.resolve(dataDir, 'uploads', 'tus');
  const datastore = new FileStore({ directory });
  return {
    datastore,
    localFile: async (id) => path.join(directory, id),
    forget: async (id) => void (await datastore.configstore.delete(id)),
    discard: (id) => datastore.remove(id),
  };
}

function bucketUploads(): UploadBytes {
  let staging: Promise<string> | undefined;
  const stagingDir = () => (staging ??= makeScratchDir('uploads'));
  const datastore = new PieceUploadStore(mediaStorage(), stagingDir);
  return {
    datastore,
    async localFile(id) {
      const file = path.join(await stagingDir(), `finished-${id}`);
      await datastore.assemble(id, file);
      return file;
    },
    forget: (id) => datastore.remove(id),
    async discard(id, file) {
      await datastore.remove(id);
      await rm(file, { force: true });
    },
  };
}
