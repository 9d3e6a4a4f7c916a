/** The signed-in account's own security: changing its password, and its sessions (seen, signed out). */
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

export interface AccountSession {
  idHash: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

export async function listSessions(
  db: Db,
  userId: number,
  currentIdHash: string,
): Promise<AccountSession[]> {
  const rows = await db
    .select({
      idHash: sessions.idHash,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  return rows.map((row) => ({ ...row, current: row.idHash === currentIdHash }));
}

/** Signs out one session of the user's (never another user's); false when there was none. */
export async function revokeOwnSession(db: Db, userId: number, idHash: string): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), eq(sessions.idHash, idHash), isNull(sessions.revokedAt)),
    )
    .returning({ idHash: sessions.idHash });
  return revoked.length > 0;
}

export async function revokeOtherSessions(
  db: Db,
  userId: number,
  currentIdHash: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.idHash, currentIdHash),
        isNull(sessions.revokedAt),
      ),
    );
}

/** New password when the current one is right; the account's other sessions are signed out. */
export async function changePassword(
  db: Db,
  userId: number,
  currentIdHash: string,
  current: string,
  next: string,
): Promise<boolean> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, current))) return false;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, userId));
  await revokeOtherSessions(db, userId, currentIdHash);
  return true;
}
