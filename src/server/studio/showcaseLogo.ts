/**
 * A showcase's custom logo (SPEC §3 customLogo: active, baseLink, sizes), from an uploaded
 * image: scaled to the heights pages show it at (48 px, and 96 px for dense screens) as PNG,
 * stored under fresh names, and served to anyone at /showcase/{id}/logo/{file} (a logo is
 * public branding, shown on the sign-in and password screens too). Replacing or removing it
 * deletes the old files.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { CustomLogo } from '../../lib/customLogo.ts';
import { showcases } from '../db/schema.ts';
import { ffmpegBinaries } from '../media/ffmpegBinaries.ts';
import { MediaError } from '../media/mediaError.ts';
import { probeMedia } from '../media/probe.ts';
import { ProcessError, runBinary } from '../media/run.ts';
import type { MediaStorage } from '../media/storage.ts';
import { makeScratchDir } from '../media/scratch.ts';
import { forgetShowcaseReads } from '../showcases/cachedReads.ts';

const LOGO_HEIGHTS = [48, 96] as const;
const LOGO_FILE = /^[0-9a-f]{8}-\d{2,3}\.png$/;

export const logoStorageKey = (albumId: number, file: string) =>
  `showcases/${albumId}/logo/${file}`;

/** Is `file` a name this module gives logo files (the route serves nothing else)? */
export function isLogoFile(file: string): boolean {
  return LOGO_FILE.test(file);
}

function storedKeys(albumId: number, logo: CustomLogo | null): string[] {
  return (logo?.sizes ?? [])
    .map((size) => size.link.split('/').pop() ?? '')
    .filter(isLogoFile)
    .map((file) => logoStorageKey(albumId, file));
}

/** Scales the image and makes it the logo; a file ffmpeg cannot read as an image is a MediaError. */
export async function saveShowcaseLogo(
  db: Db,
  storage: MediaStorage,
  albumId: number,
  imagePath: string,
): Promise<void> {
  const binaries = await ffmpegBinaries();
  const scratch = await makeScratchDir(`logo-${albumId}`);
  try {
    const stamp = randomBytes(4).toString('hex');
    const sizes: CustomLogo['sizes'] = [];
    for (const height of LOGO_HEIGHTS) {
      const file = `${stamp}-${height}.png`;
      const output = path.join(scratch, file);
      try {
        await runBinary(
          binaries.ffmpeg,
          [
            '-hide_banner',
            '-nostdin',
            '-loglevel',
            'error',
            '-y',
            '-protocol_whitelist',
            'file',
            '-i',
            `file:${path.resolve(imagePath)}`,
            '-frames:v',
            '1',
            '-vf',
            `scale=-2:${height}`,
            output,
          ],
          { timeoutMs: 30_000 },
        );
      } catch (error) {
        if (error instanceof ProcessError) throw new MediaError('unreadable', { cause: error });
        throw error;
      }
      const { width } = await probeMedia(output, { binaries });
      await storage.put(logoStorageKey(albumId, file), output, {
        contentType: 'image/png',
        move: true,
      });
      sizes.push({ width, height, link: `/showcase/${albumId}/logo/${file}` });
    }
    const [before] = await db
      .select({ customLogo: showcases.customLogo })
      .from(showcases)
      .where(eq(showcases.id, albumId));
    await db
      .update(showcases)
      .set({ customLogo: { active: true, baseLink: sizes.at(-1)!.link, sizes } })
      .where(eq(showcases.id, albumId));
    forgetShowcaseReads();
    for (const key of storedKeys(albumId, before?.customLogo ?? null))
      await storage.delete(key).catch(() => {});
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

export async function removeShowcaseLogo(
  db: Db,
  storage: MediaStorage,
  albumId: number,
): Promise<void> {
  const [before] = await db
    .select({ customLogo: showcases.customLogo })
    .from(showcases)
    .where(eq(showcases.id, albumId));
  await db.update(showcases).set({ customLogo: null }).where(eq(showcases.id, albumId));
  forgetShowcaseReads();
  for (const key of storedKeys(albumId, before?.customLogo ?? null))
    await storage.delete(key).catch(() => {});
}
