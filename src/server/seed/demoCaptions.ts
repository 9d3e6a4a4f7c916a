/**
 * English captions for the demo videos, written as WebVTT through the media storage, so the
 * player frame's captions and the download modal's text tracks have something real to show.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sequentialCues, webVtt } from '../../lib/webVtt.ts';
import type { MediaStorage } from '../media/storage.ts';

export interface CaptionTrack {
  language: string;
  displayName: string;
  storageKey: string;
}

export interface CaptionedVideo {
  name: string;
  description: string;
  /** Seconds. */
  duration: number;
}

/** The title, then each sentence of the description, a few seconds each. */
export function demoCaptionFile(video: CaptionedVideo): string {
  const sentences = video.description.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '');
  return webVtt(sequentialCues([video.name, ...sentences], video.duration));
}

export async function storeDemoCaptions(
  storage: MediaStorage,
  key: string,
  video: CaptionedVideo,
): Promise<CaptionTrack> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrine-captions-'));
  try {
    const local = path.join(dir, 'en.vtt');
    await writeFile(local, demoCaptionFile(video));
    const storageKey = `${key}/captions/en.vtt`;
    await storage.put(storageKey, local, { contentType: 'text/vtt' });
    return { language: 'en', displayName: 'English (CC)', storageKey };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
