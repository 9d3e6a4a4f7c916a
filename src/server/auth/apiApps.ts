/**
 * Apps a user registers for the client-credentials grant: a public client id and a secret
 * shown once, kept as its SHA-256 (high-entropy, like the tokens of apiTokens.ts). Deleting
 * an app deletes every token it was granted.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { CLIENT_SECRET_PREFIX } from '../../lib/apiTokens.ts';
import type { Db } from '../db/client.ts';
import { apiApps } from '../db/schema.ts';
import { credentialDigest, randomCredential } from './apiTokens.ts';

export interface RegisteredApp {
  id: number;
  name: string;
  clientId: string;
  createdAt: Date;
}

/** Registers an app for `userId`; the returned secret is the only time it exists in the clear. */
export async function registerApp(
  db: Db,
  userId: number,
  name: string,
): Promise<{ clientId: string; clientSecret: string }> {
  // 40 hex characters, the shape of a Vimeo client identifier.
  const clientId = randomBytes(20).toString('hex');
  const clientSecret = randomCredential(CLIENT_SECRET_PREFIX);
  await db
    .insert(apiApps)
    .values({ userId, name, clientId, secretHash: credentialDigest(clientSecret) });
  return { clientId, clientSecret };
}

export async function listApps(db: Db, userId: number): Promise<RegisteredApp[]> {
  return db
    .select({
      id: apiApps.id,
      name: apiApps.name,
      clientId: apiApps.clientId,
      createdAt: apiApps.createdAt,
    })
    .from(apiApps)
    .where(eq(apiApps.userId, userId))
    .orderBy(asc(apiApps.createdAt), asc(apiApps.id));
}

/** Deletes one of the user's apps (never another user's) and with it its tokens. False when there was none. */
export async function deleteApp(db: Db, userId: number, appId: number): Promise<boolean> {
  const deleted = await db
    .delete(apiApps)
    .where(and(eq(apiApps.id, appId), eq(apiApps.userId, userId)))
    .returning({ id: apiApps.id });
  return deleted.length > 0;
}

/** The app whose client id and secret these are, else null. */
export async function authenticateClient(
  db: Db,
  clientId: string,
  clientSecret: string,
): Promise<{ id: number; name: string } | null> {
  const [app] = await db
    .select({ id: apiApps.id, name: apiApps.name, secretHash: apiApps.secretHash })
    .from(apiApps)
    .where(eq(apiApps.clientId, clientId));
  if (!app) return null;
  // Both sides are SHA-256 digests of equal length; the comparison takes the same time however much matches.
  const matches = timingSafeEqual(
    Buffer.from(app.secretHash),
    Buffer.from(credentialDigest(clientSecret)),
  );
  return matches ? { id: app.id, name: app.name } : null;
}
