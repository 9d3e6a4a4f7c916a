/**
 * A user's own account as the API reads and changes it: found by id, its name and locale
 * changed, or deleted with everything it owns (the schema's cascades).
 */
import { eq } from 'drizzle-orm';
import type { Locale } from '../../lib/domain.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';

export type Account = typeof users.$inferSelect;

export interface AccountChanges {
  name?: string;
  locale?: Locale | null;
}

export async function findAccount(db: Db, userId: number): Promise<Account | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

/** Applies the changes; the account as it now stands. */
export async function changeAccount(
  db: Db,
  account: Account,
  changes: AccountChanges,
): Promise<Account> {
  if (Object.keys(changes).length === 0) return account;
  const [changed] = await db.update(users).set(changes).where(eq(users.id, account.id)).returning();
  return changed ?? account;
}

export async function deleteAccount(db: Db, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}
