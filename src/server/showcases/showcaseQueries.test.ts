/**
 * Showcase reads against a real database: embedded PGlite in a temporary folder, or the
 * PostgreSQL of DATABASE_URL (CI runs both).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('db');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { findShowcase, listShowcaseVideos } = await import('./showcaseQueries.ts');

let showcaseId = 0;

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'o@example.test', name: 'Owner' })
    .returning();
  const [showcase] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Fixture' })
    .returning();
  showcaseId = showcase!.id;
  const made = [
    { name: 'charlie', plays: 5, privacyView: 'anybody', createdAt: new Date('2026-01-03') },
    { name: 'Alpha', plays: 50, privacyView: 'anybody', createdAt: new Date('2026-01-01') },
    { name: 'bravo', plays: 1, privacyView: 'unlisted', createdAt: new Date('2026-01-02') },
    { name: 'secret', plays: 99, privacyView: 'nobody', createdAt: new Date('2026-01-04') },
    {
      name: 'still processing',
      plays: 0,
      privacyView: 'anybody',
      status: 'processing',
      createdAt: new Date('2026-01-05'),
    },
  ];
  for (const [i, video] of made.entries()) {
    const [row] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, ...video })
      .returning();
    await db
      .insert(schema.showcaseVideos)
      .values({ showcaseId, videoId: row!.id, position: i + 1 });
    await db.insert(schema.videoPictures).values({
      videoId: row!.id,
      width: 640,
      height: 350,
      storageKey: `videos/${row!.id}/640x350.jpg`,
    });
  }
});

const names = async (
  sort: Parameters<typeof listShowcaseVideos>[1]['sort'],
  page = 1,
  perPage = 10,
) =>
  (await listShowcaseVideos(await getDb(), { showcaseId, sort, page, perPage })).items.map(
    (i) => i.video.name,
  );

describe('a showcase with three visible videos, one private and one still processing', () => {
  it('counts and lists only the videos a viewer may see', async () => {
    const found = await findShowcase(await getDb(), showcaseId);
    expect(found?.totalVideos).toBe(3);
    expect(await names('arranged')).toEqual(['charlie', 'Alpha', 'bravo']);
  });

  it('orders by each entry of the sort map', async () => {
    expect(await names('alphabetical')).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(await names('newest')).toEqual(['charlie', 'bravo', 'Alpha']);
    expect(await names('oldest')).toEqual(['Alpha', 'bravo', 'charlie']);
    expect(await names('plays')).toEqual(['Alpha', 'charlie', 'bravo']);
  });

  it('pages with a stable order', async () => {
    expect(await names('alphabetical', 1, 2)).toEqual(['Alpha', 'bravo']);
    expect(await names('alphabetical', 2, 2)).toEqual(['charlie']);
    const { total } = await listShowcaseVideos(await getDb(), {
      showcaseId,
      sort: 'arranged',
      page: 2,
      perPage: 2,
    });
    expect(total).toBe(3);
  });

  it('brings each video its pictures', async () => {
    const { items } = await listShowcaseVideos(await getDb(), {
      showcaseId,
      sort: 'arranged',
      page: 1,
      perPage: 1,
    });
    expect(items[0]?.pictures.map((p) => p.width)).toEqual([640]);
  });

  it('does not find a showcase that does not exist', async () => {
    expect(await findShowcase(await getDb(), 2_000_000)).toBeNull();
  });
});
