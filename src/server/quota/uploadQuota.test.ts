/**
 * Quota usage against a real database: embedded PGlite in a temporary folder, or the
 * PostgreSQL of DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('quota');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { accountQuota } = await import('./uploadQuota.ts');

const DAY = 24 * 60 * 60 * 1000;
const MB = 1024 ** 2;
const now = new Date('2026-06-30T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

async function accountWith(
  quota: Partial<typeof schema.users.$inferInsert>,
  uploadedDaysAgo: number[],
  bytes = 100 * MB,
) {
  const db = await getDb();
  const [user] = await db
    .insert(schema.users)
    .values({ email: `${Math.random()}@example.test`, name: 'Uploader', ...quota })
    .returning();
  for (const days of uploadedDaysAgo)
    await db.insert(schema.uploads).values({ userId: user!.id, bytes, createdAt: ago(days) });
  return user!.id;
}

describe('accountQuota', () => {
  it('counts the uploads of each period for a weekly size quota', async () => {
    const id = await accountWith(
      { quotaUnit: 'video_size', quotaPeriod: 'week', quotaPeriodicMax: 1000 * MB },
      [1, 3, 6, 10, 40, 400],
    );
    const quota = await accountQuota(await getDb(), id, now);
    expect(quota?.uploadQuota.periodic).toEqual({ period: 'week', used: 300 * MB, max: 1000 * MB });
    expect(quota?.uploadQuota.lifetime).toEqual({ used: 600 * MB, max: null });
    expect(quota?.uploadQuota.space).toEqual({
      unit: 'video_size',
      used: 300 * MB,
      max: 1000 * MB,
      showing: 'periodic',
    });
  });

  it('counts videos for month and year periods', async () => {
    const monthly = await accountWith(
      { quotaUnit: 'video_count', quotaPeriod: 'month', quotaPeriodicMax: 20 },
      [1, 20, 29, 45, 200],
    );
    expect((await accountQuota(await getDb(), monthly, now))?.uploadQuota.periodic.used).toBe(3);
    const yearly = await accountWith(
      { quotaUnit: 'video_count', quotaPeriod: 'year', quotaPeriodicMax: 20 },
      [1, 20, 29, 45, 200, 400],
    );
    expect((await accountQuota(await getDb(), yearly, now))?.uploadQuota.periodic.used).toBe(5);
  });

  it('shows a lifetime video count with every upload ever made', async () => {
    const id = await accountWith(
      {
        quotaUnit: 'video_count',
        quotaPeriod: 'lifetime',
        quotaPeriodicMax: 10,
        quotaLifetimeMax: 10,
      },
      [1, 100, 1000],
    );
    const quota = await accountQuota(await getDb(), id, now);
    expect(quota?.uploadQuota.space).toEqual({
      unit: 'video_count',
      used: 3,
      max: 10,
      showing: 'lifetime',
    });
    expect(quota?.membership.type).toBe('free');
  });

  it('has no space to show for an account without limits', async () => {
    const id = await accountWith({}, [1]);
    expect((await accountQuota(await getDb(), id, now))?.uploadQuota.space).toBeNull();
  });

  it('is null for an unknown account', async () => {
    expect(await accountQuota(await getDb(), 999_999, now)).toBeNull();
  });
});
