/**
 * Integration credentials against a real database (embedded PGlite, or the PostgreSQL of
 * DATABASE_URL): personal access tokens and apps made, found, expired, revoked and deleted,
 * and what a bearer header authenticates.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('api-tokens');

const { getDb } = await import('../db/client.ts');
const { apiTokens, users } = await import('../db/schema.ts');
const {
  createPersonalToken,
  credentialDigest,
  listPersonalTokens,
  resolveApiToken,
  revokePersonalToken,
  saveAppToken,
} = await import('./apiTokens.ts');
const { authenticateClient, deleteApp, listApps, registerApp } = await import('./apiApps.ts');
const { presentedBearer, resolveBearer } = await import('./bearer.ts');
const { issueJwt } = await import('./jwt.ts');
const db = await getDb();

let accounts = 0;
async function account(): Promise<number> {
  accounts += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `tokens${accounts}@example.test`, name: `Tokens ${accounts}` })
    .returning({ id: users.id });
  return user!.id;
}

const start = new Date('2026-05-01T10:00:00Z');
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const lastUsed = async (token: string) =>
  (
    await db
      .select({ at: apiTokens.lastUsedAt })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, credentialDigest(token)))
  )[0]?.at ?? null;

describe('a personal access token', () => {
  it('is a vit_ token that acts for its user with the scopes chosen', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Backup',
      scopes: ['public', 'private'],
      expiresAt: null,
    });
    expect(token).toMatch(/^vit_[A-Za-z0-9_-]{43}$/);
    expect(await resolveApiToken(db, token, start)).toEqual({
      userId,
      scopes: ['public', 'private'],
    });
  });

  it('is stored only as its SHA-256', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Stored',
      scopes: ['public'],
      expiresAt: null,
    });
    const rows = await db
      .select({ tokenHash: apiTokens.tokenHash })
      .from(apiTokens)
      .where(eq(apiTokens.userId, userId));
    expect(rows).toEqual([{ tokenHash: credentialDigest(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
  });

  it('is listed with its name, scopes and times, never its value', async () => {
    const userId = await account();
    await createPersonalToken(db, userId, {
      name: 'Deploy',
      scopes: ['public', 'upload'],
      expiresAt: minutesLater(60),
    });
    const [listed] = await listPersonalTokens(db, userId);
    expect(listed).toMatchObject({
      name: 'Deploy',
      scopes: ['public', 'upload'],
      lastUsedAt: null,
      expiresAt: minutesLater(60),
    });
    expect(Object.keys(listed!)).not.toContain('tokenHash');
  });

  it('authenticates nothing once expired', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Short',
      scopes: ['public'],
      expiresAt: minutesLater(30),
    });
    expect(await resolveApiToken(db, token, minutesLater(29))).not.toBeNull();
    expect(await resolveApiToken(db, token, minutesLater(30))).toBeNull();
  });

  it('authenticates nothing once revoked, and only its owner can revoke it', async () => {
    const userId = await account();
    const stranger = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Revoked',
      scopes: ['public'],
      expiresAt: null,
    });
    const id = (await listPersonalTokens(db, userId))[0]!.id;
    expect(await revokePersonalToken(db, stranger, id)).toBe(false);
    expect(await resolveApiToken(db, token, start)).not.toBeNull();
    expect(await revokePersonalToken(db, userId, id)).toBe(true);
    expect(await resolveApiToken(db, token, start)).toBeNull();
    expect(await revokePersonalToken(db, userId, id)).toBe(false);
  });

  it('goes with its user when the user is deleted', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Orphan',
      scopes: ['public'],
      expiresAt: null,
    });
    await db.delete(users).where(eq(users.id, userId));
    expect(await resolveApiToken(db, token, start)).toBeNull();
  });

  it('records its last use at most once a minute', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Busy',
      scopes: ['public'],
      expiresAt: null,
    });
    await resolveApiToken(db, token, start);
    expect(await lastUsed(token)).toEqual(start);
    await resolveApiToken(db, token, new Date(start.getTime() + 30_000));
    expect(await lastUsed(token)).toEqual(start);
    await resolveApiToken(db, token, minutesLater(1));
    expect(await lastUsed(token)).toEqual(minutesLater(1));
  });

  it('is not found when one character differs', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Exact',
      scopes: ['public'],
      expiresAt: null,
    });
    const forged = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(await resolveApiToken(db, forged, start)).toBeNull();
  });
});

describe('an app', () => {
  it('is registered with a 40-character client id and a secret shown once, kept as its SHA-256', async () => {
    const userId = await account();
    const { clientId, clientSecret } = await registerApp(db, userId, 'Gallery sync');
    expect(clientId).toMatch(/^[0-9a-f]{40}$/);
    expect(clientSecret).toMatch(/^vitsecret_[A-Za-z0-9_-]{43}$/);
    expect(await listApps(db, userId)).toEqual([
      { id: expect.any(Number), name: 'Gallery sync', clientId, createdAt: expect.any(Date) },
    ]);
    expect(await authenticateClient(db, clientId, clientSecret)).toEqual({
      id: expect.any(Number),
      name: 'Gallery sync',
    });
  });

  it('is not authenticated with a wrong secret or an unknown id', async () => {
    const userId = await account();
    const { clientId, clientSecret } = await registerApp(db, userId, 'Wrong');
    expect(await authenticateClient(db, clientId, `${clientSecret}x`)).toBeNull();
    expect(await authenticateClient(db, 'f'.repeat(40), clientSecret)).toBeNull();
  });

  it('holds tokens that act for nobody, and takes them along when deleted, by its owner only', async () => {
    const userId = await account();
    const stranger = await account();
    const { clientId, clientSecret } = await registerApp(db, userId, 'Deleted');
    const app = (await authenticateClient(db, clientId, clientSecret))!;
    const token = 'vit_' + 'a'.repeat(43);
    await saveAppToken(db, app.id, token, ['public'], minutesLater(60));
    expect(await resolveApiToken(db, token, start)).toEqual({ userId: null, scopes: ['public'] });
    expect(await deleteApp(db, stranger, app.id)).toBe(false);
    expect(await deleteApp(db, userId, app.id)).toBe(true);
    expect(await resolveApiToken(db, token, start)).toBeNull();
  });
});

describe('a bearer header', () => {
  it('names the credential after Bearer, or a bare JWT', () => {
    expect(presentedBearer('Bearer vit_abc')).toBe('vit_abc');
    expect(presentedBearer('bearer   a.b.c')).toBe('a.b.c');
    expect(presentedBearer('a.b.c')).toBe('a.b.c');
    expect(presentedBearer('Basic dXNlcjpwYXNz')).toBeNull();
    expect(presentedBearer(null)).toBeNull();
  });

  it("authenticates the site's JWT with every scope", async () => {
    const userId = await account();
    expect(await resolveBearer(db, issueJwt(userId))).toEqual({ userId, scopes: null });
  });

  it('authenticates a personal access token with its scopes', async () => {
    const userId = await account();
    const token = await createPersonalToken(db, userId, {
      name: 'Bearer',
      scopes: ['public', 'edit'],
      expiresAt: null,
    });
    expect(await resolveBearer(db, token)).toEqual({ userId, scopes: ['public', 'edit'] });
  });

  it('authenticates nothing with a forged token of either kind', async () => {
    expect(await resolveBearer(db, `vit_${'z'.repeat(43)}`)).toBeNull();
    expect(await resolveBearer(db, 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.forged')).toBeNull();
    expect(await resolveBearer(db, 'something-else')).toBeNull();
  });
});
