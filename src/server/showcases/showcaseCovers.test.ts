/**
 * Which picture a showcase's home-page card shows, and at which address: on embedded PGlite,
 * or the PostgreSQL of DATABASE_URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('covers');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { eq } = await import('drizzle-orm');
const { showcaseCovers } = await import('./showcaseCovers.ts');

let ownerId = 0;

beforeAll(async () => {
  const [owner] = await (
    await getDb()
  )
    .insert(schema.users)
    .values({ email: 'covers@example.test', name: 'Owner' })
    .returning();
  ownerId = owner!.id;
});

/** A video with the two smallest thumbnail sizes, unless `pictures` is false. */
async function video(
  values: Partial<typeof schema.videos.$inferInsert> = {},
  pictures = true,
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(schema.videos)
    .values({ ownerId, name: 'clip', ...values })
    .returning();
  const id = row!.id;
  if (pictures) {
    await db.insert(schema.videoPictures).values([
      { videoId: id, width: 960, height: 525, storageKey: `videos/${id}/pictures/960x525.jpg` },
      { videoId: id, width: 640, height: 350, storageKey: `videos/${id}/pictures/640x350.jpg` },
    ]);
  }
  return id;
}

async function showcase(
  videoIds: number[],
  values: Partial<typeof schema.showcases.$inferInsert> = {},
): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(schema.showcases)
    .values({ ownerId, name: 'Showcase', ...values })
    .returning();
  if (videoIds.length > 0)
    await db
      .insert(schema.showcaseVideos)
      .values(videoIds.map((videoId, i) => ({ showcaseId: row!.id, videoId, position: i + 1 })));
  return row!.id;
}

describe('showcaseCovers', () => {
  it('shows the first video with pictures, smallest first, at its stable public addresses', async () => {
    const bare = await video({}, false);
    const first = await video();
    const id = await showcase([bare, first, await video()]);
    const cover = (await showcaseCovers(await getDb(), [id])).get(id)!;
    expect(cover.map((p) => [p.width, p.height])).toEqual([
      [640, 350],
      [960, 525],
    ]);
    for (const picture of cover)
      expect(picture.link).toMatch(
        new RegExp(`^/thumbnails/${first}-[\\w-]{16}-${picture.width}\\.jpg$`),
      );
  });

  it('prefers the chosen thumbnail video', async () => {
    const chosen = await video();
    const id = await showcase([await video(), chosen]);
    await (
      await getDb()
    )
      .update(schema.showcases)
      .set({ thumbnailVideoId: chosen })
      .where(eq(schema.showcases.id, id));
    expect((await showcaseCovers(await getDb(), [id])).get(id)![0]!.link).toContain(
      `/thumbnails/${chosen}-`,
    );
  });

  it('passes over gated, hidden and unfinished videos, and signs a stock clip’s picture', async () => {
    const stock = await video({ privacyView: 'stock', type: 'stock' });
    const id = await showcase([
      await video({ contentRating: 'explicit' }),
      await video({ contentRating: 'unrated' }),
      await video({ privacyView: 'nobody' }),
      await video({ status: 'processing' }),
      stock,
    ]);
    const [picture] = (await showcaseCovers(await getDb(), [id])).get(id)!;
    expect(picture!.link).toMatch(new RegExp(`^/media/.*videos/${stock}/pictures/640x350\\.jpg`));
  });

  it('leaves out a showcase with nothing to show', async () => {
    const empty = await showcase([]);
    const gated = await showcase([await video({ contentRating: 'explicit' })]);
    const covers = await showcaseCovers(await getDb(), [empty, gated]);
    expect(covers.has(empty)).toBe(false);
    expect(covers.has(gated)).toBe(false);
    expect(await showcaseCovers(await getDb(), [])).toEqual(new Map());
  });
});
