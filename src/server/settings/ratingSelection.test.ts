/**
 * The mature-content filter kept on the account: the row POST /settings stores, and the
 * session that reads it back on the next request. Against a real database: embedded PGlite
 * in a temporary folder, or the PostgreSQL of DATABASE_URL.
 */
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('settings');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { createSession, readSession } = await import('../auth/sessions.ts');
const { saveRatingSelection } = await import('./ratingSelection.ts');
const { listenForPageChanges } = await import('../db/pageChanges.ts');
const { pagesChanged } = await import('../db/pageChangeSignal.ts');
// As on the server: a write is answered once this node has heard of it, which forgets the session it kept.
const changes = await listenForPageChanges({ onChange: pagesChanged, onGap: pagesChanged });

/** The cookie jar of one request: what the route set and deleted. */
function cookieJar() {
  const set = new Map<string, string>();
  const deleted: string[] = [];
  const cookies = {
    set: (name: string, value: string) => set.set(name, value),
    delete: (name: string) => deleted.push(name),
  } as unknown as AstroCookies;
  return { cookies, set, deleted };
}

describe('saveRatingSelection', () => {
  it('keeps a signed-out viewer’s choice in the cookie only', async () => {
    const db = await getDb();
    const jar = cookieJar();
    await saveRatingSelection(
      { db, cookies: jar.cookies, userId: null, cookieOptions: {} },
      { preset: 'safest' },
    );
    expect(jar.set.get('content_rating')).toBe('safest');
    expect(await db.select().from(schema.viewerSettings)).toEqual([]);
  });

  it('stores a signed-in viewer’s choice on the account, where their next session reads it', async () => {
    const db = await getDb();
    const [user] = await db
      .insert(schema.users)
      .values({ email: 'filter@example.test', name: 'Filter' })
      .returning();
    const { token } = await createSession(db, user!.id, null);
    expect((await readSession(db, token))?.ratingSelection).toEqual({ preset: 'everything' });

    const jar = cookieJar();
    await saveRatingSelection(
      { db, cookies: jar.cookies, userId: user!.id, cookieOptions: {} },
      { preset: 'custom', ratings: ['safe', 'unrated'] },
    );
    const [row] = await db
      .select()
      .from(schema.viewerSettings)
      .where(eq(schema.viewerSettings.userId, user!.id));
    expect(row).toMatchObject({
      contentRatingPreset: 'custom',
      contentRatings: ['safe', 'unrated'],
    });
    expect(jar.deleted).toEqual(['content_rating']);
    await changes.caughtUp();
    expect((await readSession(db, token))?.ratingSelection).toEqual({
      preset: 'custom',
      ratings: ['safe', 'unrated'],
    });

    await saveRatingSelection(
      { db, cookies: jar.cookies, userId: user!.id, cookieOptions: {} },
      { preset: 'safest' },
    );
    expect(
      await db
        .select({
          preset: schema.viewerSettings.contentRatingPreset,
          ratings: schema.viewerSettings.contentRatings,
        })
        .from(schema.viewerSettings),
    ).toEqual([{ preset: 'safest', ratings: [] }]);
    await changes.caughtUp();
    expect((await readSession(db, token))?.ratingSelection).toEqual({ preset: 'safest' });
  });
});
