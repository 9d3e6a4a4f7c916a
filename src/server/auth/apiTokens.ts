/**
 * Bearer tokens for integrations: a user's personal access tokens, made and revoked in
 * /settings/tokens, and the tokens apps get from the client-credentials grant. A token is
 * shown once when made; the table keeps only its SHA-256 (schema.ts `apiTokens` says why
 * that hash suffices), so neither a stolen backup nor the owner can read it again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { ApiScope } from '../../lib/apiScopes.ts';
import { API_TOKEN_PREFIX, LAST_USED_GRAIN_MS, lastUsedIsStale } from '../../lib/apiTokens.ts';
import type { Db } from '../db/client.ts';
import { apiTokens } from '../db/schema.ts';

export const credentialDigest = (value: string) =>
  createHash('sha256').update(value).digest('base64url');

/** 32 random bytes after `prefix`: guessing one is hopeless, so no rate limit protects lookups. */
export const randomCredential = (prefix: string) => prefix + randomBytes(32).toString('base64url');

export interface PersonalTokenInput {
  name: string;
  scopes: ApiScope[];
  expiresAt: Date | null;
}

/** Makes a token for `userId`; the returned value is the only time it exists in the clear. */
export async function createPersonalToken(
  db: Db,
  userId: number,
  input: PersonalTokenInput,
): Promise<string> {
  const token = randomCredential(API_TOKEN_PREFIX);
  await db.insert(apiTokens).values({
    tokenHash: credentialDigest(token),
    userId,
    name: input.name,
    scopes: input.scopes,
    expiresAt: input.expiresAt,
  });
  return token;
}

export interface PersonalToken {
  id: number;
  name: string;
  scopes: ApiScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
}

/** The user's tokens, oldest first, expired ones included so their owner sees why a script stopped. */
export async function listPersonalTokens(db: Db, userId: number): Promise<PersonalToken[]> {
  const rows = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
  return rows.map((row) => ({ ...row, name: row.name ?? '', scopes: row.scopes as ApiScope[] }));
}

/** Revokes one of the user's tokens (never another user's): it authenticates nothing from now on. False when there was none. */
export async function revokePersonalToken(
  db: Db,
  userId: number,
  tokenId: number,
): Promise<boolean> {
  const revoked = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id });
  return revoked.length > 0;
}

/** Keeps an app's token from the client-credentials grant until `expiresAt`, and drops the app's expired ones. */
export async function saveAppToken(
  db: Db,
  appId: number,
  token: string,
  scopes: ApiScope[],
  expiresAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(apiTokens)
      .where(
        and(
          eq(apiTokens.appId, appId),
          isNotNull(apiTokens.expiresAt),
          lt(apiTokens.expiresAt, new Date()),
        ),
      );
    await tx
      .insert(apiTokens)
      .values({ tokenHash: credentialDigest(token), appId, scopes, expiresAt });
  });
}

export interface TokenHolder {
  /** The user a personal access token acts for; null for an app's token, which acts for nobody. */
  userId: number | null;
  scopes: ApiScope[];
}

/**
 * Who a presented token acts for, with its scopes; null when it is unknown, revoked or
 * expired. Its user or app still exists: deleting either deletes its tokens.
 */
export async function resolveApiToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<TokenHolder | null> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scopes: apiTokens.scopes,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, credentialDigest(token)));
  if (!row || (row.expiresAt !== null && row.expiresAt <= now)) return null;
  if (lastUsedIsStale(row.lastUsedAt, now)) {
    // Conditional, so requests racing past the same stale value write once between them.
    const grain = new Date(now.getTime() - LAST_USED_GRAIN_MS);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.id, row.id),
          or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, grain)),
        ),
      );
  }
  return { userId: row.userId, scopes: row.scopes as ApiScope[] };
}
