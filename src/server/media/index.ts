/**
 * The media pipeline: finding ffmpeg, probing, thumbnails, renditions, HLS, storage, and the demo
 * clips. Server-only; pages and services import from here, not from the files inside.
 */
export { detectFfmpegCapabilities, ffmpegCapabilities, type FfmpegCapabilities } from './capabilities.ts';
export {
  BUNDLED_FFMPEG_WARNING,
  ffmpegBinaries,
  findFfmpegBinaries,
  type BinarySource,
  type FfmpegBinaries,
  type FindFfmpegOptions,
} from './ffmpegBinaries.ts';
export {
  defaultDemoCacheDir,
  produceDemoVideo,
  type DemoQuality,
  type DemoVideo,
  type DemoVideoFile,
  type DemoVideoOptions,
  type DemoVideoPicture,
} from './demoMedia.ts';
export { buildHlsLadder, HLS_MASTER, HLS_SEGMENT_SECONDS, hlsContentType, type HlsLadder, type HlsOptions } from './hls.ts';
export { isMediaError, MEDIA_ERROR_CODES, MediaError, type MediaErrorCode } from './mediaError.ts';
export { probeMedia, type MediaInfo, type ProbeOptions } from './probe.ts';
export { createMediaStorage, mediaStorage } from './mediaStorage.ts';
export { encodeMp4Rendition, type Mp4Rendition, type Mp4RenditionOptions } from './renditions.ts';
export { ProcessError, runBinary, type ProcessFailure, type RunOptions, type RunResult } from './run.ts';
export {
  assertStorageKey,
  defaultMediaRoot,
  LocalDiskStorage,
  MissingObjectError,
  videoStorageKey,
  type ByteRange,
  type MediaStorage,
  type PutOptions,
  type StorageTier,
  type StoredObject,
} from './storage.ts';
export { S3Storage, type S3StorageOptions } from './s3Storage.ts';
export {
  defaultPatternStyle,
  generateTestPattern,
  STILL_STYLE_AFTER_SECONDS,
  type TestPattern,
  type TestPatternOptions,
  type TestPatternStyle,
} from './testPattern.ts';
export { extractThumbnails, thumbnailFileName, type PictureSize, type Thumbnail, type ThumbnailOptions } from './thumbnails.ts';
