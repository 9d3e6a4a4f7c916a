/** The SSO connections of a team (sso_connections), as sign-in needs them. */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ssoConnections } from '../db/schema.ts';

export type SsoConnection = typeof ssoConnections.$inferSelect;

export function teamSsoConnections(db: Db, teamId: number): Promise<SsoConnection[]> {
  return db
    .select()
    .from(ssoConnections)
    .where(eq(ssoConnections.teamId, teamId))
    .orderBy(asc(ssoConnections.id));
}

export async function findSsoConnection(db: Db, id: number): Promise<SsoConnection | null> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, id)).limit(1);
  return row ?? null;
}

/**
 * Which connection a sign-in uses: the only one, or with several the one the viewer chose
 * (`connection`, an id); null when there is none or the choice is not the team's.
 */
export function pickConnection(
  connections: SsoConnection[],
  chosen: number | null,
): SsoConnection | null {
  if (connections.length === 1) return connections[0]!;
  return chosen === null ? null : (connections.find((c) => c.id === chosen) ?? null);
}
