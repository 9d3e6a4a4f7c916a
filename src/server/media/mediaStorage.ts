/**
 * The media store of this process: local disk under DATA_DIR/media by default, an
 * S3-compatible bucket when S3_BUCKET is set (docs/deploying.md, "Growing past one machine").
 */
import { config, type Config } from '../config.ts';
import { S3Storage } from './s3Storage.ts';
import { defaultMediaRoot, LocalDiskStorage, type MediaStorage } from './storage.ts';

export function createMediaStorage(settings: Config = config()): MediaStorage {
  if (!settings.S3_BUCKET) return new LocalDiskStorage(defaultMediaRoot(settings));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
  return new S3Storage({
    bucket: settings.S3_BUCKET,
    endpoint: settings.S3_ENDPOINT,
    region: settings.S3_REGION,
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    archiveStorageClass: settings.S3_ARCHIVE_STORAGE_CLASS,
  });
}

let storage: MediaStorage | undefined;

/** The configured store, made once. */
export function mediaStorage(): MediaStorage {
  storage ??= createMediaStorage();
  return storage;
}
