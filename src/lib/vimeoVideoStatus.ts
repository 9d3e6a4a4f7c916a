/**
 * A video's state as Vimeo's API tells it: `status` (available, uploading, transcoding,
 * transcoding_error), and the status of its upload and of its transcode (complete, in_progress, error).
 * An upload through the API makes the video first, so it exists before its file has arrived.
 */
import type { VIDEO_STATUSES } from './domain.ts';

export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export interface VimeoVideoState {
  status: 'available' | 'uploading' | 'transcoding' | 'transcoding_error';
  upload: { status: 'complete' | 'in_progress' };
  transcode: { status: 'complete' | 'in_progress' | 'error' };
}

/** `received`: the video's file has arrived (an upload row counts it). */
export function vimeoVideoState(status: VideoStatus, received: boolean): VimeoVideoState {
  if (!received)
    return {
      status: 'uploading',
      upload: { status: 'in_progress' },
      transcode: { status: 'in_progress' },
    };
  const upload = { status: 'complete' as const };
  switch (status) {
    case 'ready':
      return { status: 'available', upload, transcode: { status: 'complete' } };
    case 'processing':
      return { status: 'transcoding', upload, transcode: { status: 'in_progress' } };
    case 'error':
      return { status: 'transcoding_error', upload, transcode: { status: 'error' } };
  }
}
