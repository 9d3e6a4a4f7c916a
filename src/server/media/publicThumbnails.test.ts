/**
 * Stable thumbnail addresses against a real database (PGlite in a temporary folder, or the
 * PostgreSQL of DATABASE_URL): what is handed out, and what an address still resolves to.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('thumbs');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { parseThumbnailFile } = await import('../../lib/thumbnailAddress.ts');
const { publicThumbnail, publicThumbnailKey } = await import('./publicThumbnails.ts');

const ORIGIN = 'https://videos.example.org';
let videoId = 0;

const PICTURES = [
  { width: 640, height: 350, storageKey: 'videos/1/pictures/a1-640x350.jpg' },
  { width: 1280, height: 700, storageKey: 'videos/1/pictures/a1-1280x700.jpg' },
  { width: 1680, height: 945, storageKey: 'videos/1/pictures/a1-1680x945.jpg' },
];

async function videoRow() {
  const [row] = await (
    await getDb()
  )
    .select()
    .from(schema.videos)
    .where(eq(schema.videos.id, videoId));
  return row!;
}

async function resolve(url: string) {
  const address = parseThumbnailFile(new URL(url).pathname.replace('/thumbnails/', ''));
  return address ? publicThumbnailKey(await getDb(), address) : null;
}

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'thumbs@example.test', name: 'Owner' })
    .returning();
  const [video] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name: 'Harbour at dawn' })
    .returning();
  videoId = video!.id;
  await db.insert(schema.videoPictures).values(PICTURES.map((p) => ({ videoId, ...p })));
});

describe('given a public video with pictures', () => {
  it('hands out an absolute address on the site origin, at preview size, with its dimensions', async () => {
    const thumbnail = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN);
    expect(thumbnail).toMatchObject({ width: 1280, height: 700 });
    expect(thumbnail!.url).toMatch(
      new RegExp(`^${ORIGIN}/thumbnails/${videoId}-[A-Za-z0-9_-]{16}-1280\\.jpg$`),
    );
  });

  it('hands out the same address every time, and the largest picture when none is wide enough', async () => {
    const source = { video: await videoRow(), pictures: PICTURES };
    expect(publicThumbnail(source, ORIGIN)).toEqual(publicThumbnail(source, ORIGIN));
    expect(publicThumbnail(source, ORIGIN, { width: 4000 })).toMatchObject({
      width: 1680,
      height: 945,
    });
  });

  it('keeps within bounds when asked, and hands out nothing when no picture fits', async () => {
    const source = { video: await videoRow(), pictures: PICTURES };
    expect(
      publicThumbnail(source, ORIGIN, { within: { maxWidth: 1000, maxHeight: null } }),
    ).toMatchObject({ width: 640, height: 350 });
    expect(
      publicThumbnail(source, ORIGIN, { within: { maxWidth: null, maxHeight: 720 } }),
    ).toMatchObject({ width: 1280, height: 700 });
    expect(
      publicThumbnail(source, ORIGIN, { within: { maxWidth: 320, maxHeight: 180 } }),
    ).toBeNull();
  });

  it('resolves its address to the stored picture', async () => {
    const thumbnail = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN)!;
    expect(await resolve(thumbnail.url)).toBe('videos/1/pictures/a1-1280x700.jpg');
  });

  it('resolves no address whose digest was altered or belongs to another width', async () => {
    const { url } = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN)!;
    const digest = /-([A-Za-z0-9_-]{16})-/.exec(url)![1]!;
    const altered = digest.startsWith('A') ? `B${digest.slice(1)}` : `A${digest.slice(1)}`;
    expect(await resolve(url.replace(digest, altered))).toBeNull();
    expect(await resolve(url.replace('-1280.jpg', '-640.jpg'))).toBeNull();
  });
});

describe('given a video that is not public', () => {
  it('hands out no address', async () => {
    const video = await videoRow();
    for (const privacyView of ['unlisted', 'password', 'nobody']) {
      expect(
        publicThumbnail({ video: { ...video, privacyView }, pictures: PICTURES }, ORIGIN),
      ).toBeNull();
    }
    expect(
      publicThumbnail(
        { video: { ...video, contentRating: 'explicit' }, pictures: PICTURES },
        ORIGIN,
      ),
    ).toBeNull();
    expect(publicThumbnail({ video, pictures: [] }, ORIGIN)).toBeNull();
  });

  it('stops resolving the address it had while public, and resolves it again once public', async () => {
    const db = await getDb();
    const { url } = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN)!;
    await db
      .update(schema.videos)
      .set({ privacyView: 'nobody' })
      .where(eq(schema.videos.id, videoId));
    expect(await resolve(url)).toBeNull();
    await db
      .update(schema.videos)
      .set({ privacyView: 'anybody', contentRating: 'unrated' })
      .where(eq(schema.videos.id, videoId));
    expect(await resolve(url)).toBeNull();
    await db
      .update(schema.videos)
      .set({ contentRating: 'safe' })
      .where(eq(schema.videos.id, videoId));
    expect(await resolve(url)).not.toBeNull();
  });

  it('resolves the address of a stock clip on sale, whose pictures the catalogue shows anybody', async () => {
    const db = await getDb();
    const { url } = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN)!;
    await db
      .update(schema.videos)
      .set({ privacyView: 'stock', type: 'stock' })
      .where(eq(schema.videos.id, videoId));
    expect(await resolve(url)).toBe('videos/1/pictures/a1-1280x700.jpg');
    await db
      .update(schema.videos)
      .set({ status: 'processing' })
      .where(eq(schema.videos.id, videoId));
    expect(await resolve(url)).toBeNull();
    await db
      .update(schema.videos)
      .set({ privacyView: 'anybody', type: 'video', status: 'ready' })
      .where(eq(schema.videos.id, videoId));
  });

  it('stops resolving the old address once the picture is replaced', async () => {
    const db = await getDb();
    const { url } = publicThumbnail({ video: await videoRow(), pictures: PICTURES }, ORIGIN)!;
    const replaced = PICTURES.map((p) => ({
      ...p,
      storageKey: p.storageKey.replace('a1-', 'b2-'),
    }));
    await db.delete(schema.videoPictures).where(eq(schema.videoPictures.videoId, videoId));
    await db.insert(schema.videoPictures).values(replaced.map((p) => ({ videoId, ...p })));
    expect(await resolve(url)).toBeNull();
    const fresh = publicThumbnail({ video: await videoRow(), pictures: replaced }, ORIGIN)!;
    expect(fresh.url).not.toBe(url);
    expect(await resolve(fresh.url)).toBe('videos/1/pictures/b2-1280x700.jpg');
  });
});
