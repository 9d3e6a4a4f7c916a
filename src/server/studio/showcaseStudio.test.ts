import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('showcase-studio');
const { getDb } = await import('../db/client.ts');
const { showcases, users, videos } = await import('../db/schema.ts');
const { parseShowcaseSettings } = await import('../../lib/showcaseSettings.ts');
const studio = await import('./showcaseStudio.ts');
const { eq } = await import('drizzle-orm');

const db = await getDb();
const [owner] = await db
  .insert(users)
  .values({ email: 'studio@example.test', name: 'Studio Owner' })
  .returning();
const library = await db
  .insert(videos)
  .values(
    ['One', 'Two', 'Three', 'Four'].map((name) => ({
      ownerId: owner!.id,
      uploaderId: owner!.id,
      name,
    })),
  )
  .returning({ id: videos.id });
const [v1, v2, v3, v4] = library.map((row) => row.id) as [number, number, number, number];

function settingsFor(fields: Record<string, string>, videoIds: number[] = [], hasPassword = false) {
  const form: Record<string, string> = {
    name: 'Reel',
    layout: 'grid',
    theme: 'standard',
    sort: 'arranged',
    privacy: 'anybody',
    brandColor: '#00adef',
    ...fields,
  };
  const parsed = parseShowcaseSettings((name) => form[name] ?? null, { hasPassword, videoIds });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.settings;
}

async function order(albumId: number) {
  return (await studio.listStudioShowcaseVideos(db, albumId)).map((v) => v.id);
}

describe('showcase studio', () => {
  it('creates a showcase, adds videos once each, moves and reorders them', async () => {
    const id = await studio.createShowcase(db, owner!.id, 'Spring');
    expect(await studio.addShowcaseVideos(db, owner!.id, id, [v1, v2, v3, v2])).toBe(3);
    expect(await studio.addShowcaseVideos(db, owner!.id, id, [v1])).toBe(0);
    expect(await order(id)).toEqual([v1, v2, v3]);
    await studio.moveShowcaseVideo(db, id, v3, 'top');
    expect(await order(id)).toEqual([v3, v1, v2]);
    expect(await studio.reorderShowcase(db, id, [v2, v3, v4])).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(await order(id)).toEqual([v3, v1, v2]);
    expect(await studio.reorderShowcase(db, id, [v2, v1, v3])).toEqual({ ok: true });
    expect(await order(id)).toEqual([v2, v1, v3]);
    const toAdd = await studio.findVideosToAdd(db, owner!.id, id, 'fo', null);
    expect(toAdd.map((v) => v.name)).toEqual(['Four']);
  });

  it('saves settings only from the current version, and says when the showcase changed elsewhere', async () => {
    const id = await studio.createShowcase(db, owner!.id, 'Versions');
    const first = (await studio.findStudioShowcase(db, owner!.id, id))!;
    const version = studio.settingsVersion(first);
    expect(
      await studio.saveShowcaseSettings(db, first, settingsFor({ name: 'First tab' }), version),
    ).toBe('saved');
    expect(
      await studio.saveShowcaseSettings(db, first, settingsFor({ name: 'Second tab' }), version),
    ).toBe('conflict');
    const [stored] = await db.select().from(showcases).where(eq(showcases.id, id));
    expect(stored!.name).toBe('First tab');
  });

  it('bumps the password version on a new password and gives an unlisted showcase a share hash', async () => {
    const id = await studio.createShowcase(db, owner!.id, 'Secret');
    let row = (await studio.findStudioShowcase(db, owner!.id, id))!;
    await studio.saveShowcaseSettings(
      db,
      row,
      settingsFor({ privacy: 'password', password: 'open sesame' }),
      studio.settingsVersion(row),
    );
    row = (await studio.findStudioShowcase(db, owner!.id, id))!;
    expect(row.passwordVersion).toBe(1);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    await studio.saveShowcaseSettings(
      db,
      row,
      settingsFor({ privacy: 'unlisted' }, [], true),
      studio.settingsVersion(row),
    );
    row = (await studio.findStudioShowcase(db, owner!.id, id))!;
    expect(row.passwordVersion).toBe(1);
    expect(row.unlistedHash).toMatch(/^[\w-]{12}$/);
  });

  it('refuses a domain another showcase has, saving nothing', async () => {
    const a = await studio.createShowcase(db, owner!.id, 'A');
    const b = await studio.createShowcase(db, owner!.id, 'B');
    const rowA = (await studio.findStudioShowcase(db, owner!.id, a))!;
    expect(
      await studio.saveShowcaseSettings(
        db,
        rowA,
        settingsFor({ domain: 'videos.example.com' }),
        studio.settingsVersion(rowA),
      ),
    ).toBe('saved');
    const rowB = (await studio.findStudioShowcase(db, owner!.id, b))!;
    expect(
      await studio.saveShowcaseSettings(
        db,
        rowB,
        settingsFor({ name: 'Renamed', domain: 'Videos.example.com' }),
        studio.settingsVersion(rowB),
      ),
    ).toBe('domainTaken');
    expect((await studio.findStudioShowcase(db, owner!.id, b))!.name).toBe('B');
  });

  it('duplicates settings and videos, and deleting keeps the videos in the library', async () => {
    const id = await studio.createShowcase(db, owner!.id, 'Original');
    await studio.addShowcaseVideos(db, owner!.id, id, [v4, v1]);
    const copy = await studio.duplicateShowcase(
      db,
      (await studio.findStudioShowcase(db, owner!.id, id))!,
      'Original (copy)',
    );
    expect(await order(copy)).toEqual([v4, v1]);
    await studio.deleteShowcase(db, id);
    expect(await studio.findStudioShowcase(db, owner!.id, id)).toBeNull();
    expect(await db.select().from(videos).where(eq(videos.id, v4))).toHaveLength(1);
    const cards = await studio.listStudioShowcases(db, owner!.id);
    expect(cards.find((c) => c.id === copy)).toMatchObject({
      name: 'Original (copy)',
      videoCount: 2,
      privacy: 'anybody',
      layout: 'grid',
    });
  });
});
