/**
 * A new account from /sign_up: its name, e-mail (unique, any case) and password (argon2id),
 * in the language it signed up in. An invitation link, when given, makes it a member of the
 * team at once, in the same transaction.
 */
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Locale } from '../../lib/domain.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { logger } from '../logger.ts';
import { acceptInvitation } from '../teams/teamMembers.ts';

export type SignUpOutcome =
  { ok: true; userId: number } | { ok: false; reason: 'taken' | 'invitation' };

export async function createAccount(
  db: Db,
  input: {
    name: string;
    email: string;
    password: string;
    locale: Locale;
    invitation: string | null;
  },
): Promise<SignUpOutcome> {
  const passwordHash = await hashPassword(input.password);
  return db
    .transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
        .limit(1);
      if (existing) return { ok: false, reason: 'taken' } as const;
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, locale: input.locale })
        .returning({ id: users.id });
      if (
        input.invitation !== null &&
        (await acceptInvitation(tx as unknown as Db, input.invitation, user!.id)) === null
      ) {
        tx.rollback();
      }
      logger.info(
        { event: 'account_created', userId: user!.id, invited: input.invitation !== null },
        'account created',
      );
      return { ok: true, userId: user!.id } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof TransactionRollbackError)
        return { ok: false, reason: 'invitation' } as const;
      // 23505 (users_email_key): the same address signed up at the same moment.
      if (pgCode(error) === '23505') return { ok: false, reason: 'taken' } as const;
      throw error;
    });
}

const pgCode = (error: unknown) =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
