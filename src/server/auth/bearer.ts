/**
 * Who an `Authorization: Bearer` token authenticates (SPEC §7 Authorization, the embed
 * frame's `jwt`, integrations): the site's own JWT, whose session, if it came from one, is
 * still signed in (all scopes); a personal access token (its user, its scopes); or an app's
 * token from the client-credentials grant (no user, its scopes).
 */
import type { ApiScope } from '../../lib/apiScopes.ts';
import { isApiTokenShape } from '../../lib/apiTokens.ts';
import type { Db } from '../db/client.ts';
import { resolveApiToken } from './apiTokens.ts';
import { bearerToken, verifyJwt } from './jwt.ts';
import { isSessionActive } from './sessions.ts';

export interface BearerIdentity {
  /** The user the token acts for; null for an app's token. */
  userId: number | null;
  /** null: the site's own JWT, which may do everything its user may. */
  scopes: ApiScope[] | null;
}

/** The credential of an Authorization header: `Bearer <token>`, or a bare JWT as SPEC §7 also sends it. */
export function presentedBearer(header: string | null): string | null {
  const jwt = bearerToken(header);
  if (jwt) return jwt;
  return /^Bearer\s+(\S+)$/i.exec(header?.trim() ?? '')?.[1] ?? null;
}

/** Whether the request carries a bearer credential at all, valid or not. */
export function bearerPresented(header: string | null): boolean {
  return /^bearer\s/i.test(header ?? '') || bearerToken(header) !== null;
}

/** Who `token` authenticates; null when it is forged, unknown, expired or revoked. */
export async function resolveBearer(db: Db, token: string): Promise<BearerIdentity | null> {
  if (isApiTokenShape(token)) return resolveApiToken(db, token);
  const userId = await bearerUserId(db, token);
  return userId === null ? null : { userId, scopes: null };
}

/** Whether a bearer token authenticated this request (then the session cookie is not read). */
export function authenticatedByBearer(
  locals: Pick<App.Locals, 'bearerUserId' | 'bearerScopes'>,
): boolean {
  return locals.bearerUserId !== null || locals.bearerScopes !== null;
}

export async function bearerUserId(
  db: Db,
  token: string | null | undefined,
): Promise<number | null> {
  const subject = await verifyJwt(token);
  if (!subject) return null;
  if (subject.sessionIdHash !== null && !(await isSessionActive(db, subject.sessionIdHash)))
    return null;
  return subject.userId;
}
