/**
 * Cancelling a paid plan against a real database: embedded PGlite in a temporary folder, or
 * the PostgreSQL of DATABASE_URL.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('contract');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { cancelContract } = await import('./cancelContract.ts');

async function planAfterCancelling(plan: string): Promise<[boolean, string]> {
  const db = await getDb();
  const [user] = await db
    .insert(users)
    .values({ email: `${plan}@example.test`, name: plan, membershipType: plan })
    .returning();
  const ended = await cancelContract(db, user!.id);
  const [after] = await db
    .select({ plan: users.membershipType })
    .from(users)
    .where(eq(users.id, user!.id));
  return [ended, after!.plan];
}

describe('cancelContract', () => {
  it('ends a paid plan at once: the account continues on the free plan', async () => {
    expect(await planAfterCancelling('pro')).toEqual([true, 'free']);
  });

  it('changes nothing for an account without a paid plan', async () => {
    expect(await planAfterCancelling('basic')).toEqual([false, 'basic']);
  });

  it('answers false for an account that does not exist', async () => {
    expect(await cancelContract(await getDb(), 987654)).toBe(false);
  });
});
