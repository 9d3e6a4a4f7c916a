/**
 * Going live as the live e2e files do: the key an owner reads from their Go live panel, ffmpeg
 * pushing a moving test picture over RTMP as OBS would, and a player frame seen to play.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { ffmpegBinaries } from '../../src/server/media/ffmpegBinaries.ts';
import { testFeedArgs } from '../../src/server/live/testFeed.ts';

export type Encoder = ChildProcess & { exited: Promise<number | null> };

/** The id of the live event named `name` in the showcase `showcaseId` of the server at `origin`. */
export async function eventId(
  request: APIRequestContext,
  origin: string,
  showcaseId: number,
  name: string,
): Promise<number> {
  const body = await (
    await request.get(`${origin}/api/albums/${showcaseId}/videos?per_page=100&fields=uri,name`)
  ).json();
  const event = body.data.find((video: { name: string }) => video.name === name);
  return Number(event.uri.split('/').at(-1));
}

/** The stream key of the event on `page`, from the owner's Go live panel. */
export async function streamKey(page: Page): Promise<string> {
  const panel = page.getByRole('region', { name: 'Go live' });
  await panel.getByText('Show stream key').click();
  return panel.getByLabel('Stream key', { exact: true }).inputValue();
}

/** An encoder pushing a small test picture with sound to the ingest on `rtmpPort` of loopback. */
export async function push(rtmpPort: number, key: string): Promise<Encoder> {
  const { ffmpeg } = await ffmpegBinaries();
  const args = testFeedArgs({
    url: `rtmp://127.0.0.1:${rtmpPort}/live/${key}`,
    width: 320,
    height: 180,
    fps: 15,
    clockText: false,
  });
  const child = spawn(ffmpeg, args, { stdio: 'ignore' });
  return Object.assign(child, {
    exited: new Promise<number | null>((resolve) => child.once('close', resolve)),
  });
}

/**
 * Presses play as a script would. The first play() is aborted when the frame's stream behaviour
 * attaches hls.js to the video, which then plays on by itself: playing() is what a viewer sees.
 */
export async function startPlaying(frame: FrameLocator): Promise<void> {
  await frame.locator('video').evaluate((media: HTMLVideoElement) => {
    media.muted = true;
    void media.play().catch(() => undefined);
  });
}

/** The frame's video has started and keeps moving. */
export async function playing(frame: FrameLocator): Promise<void> {
  const video = frame.locator('video');
  const time = () => video.evaluate((media: HTMLVideoElement) => media.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(0.5);
  const before = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(before + 1);
}
