/**
 * Short-lived JWTs for the API (SPEC §3 viewer context `jwt`, §7 Authorization header),
 * signed with a server secret. Pages use the session cookie; islands and other clients
 * call the API with the JWT.
 */
import { jwtVerify, SignJWT } from 'jose';
import { secret } from '../secrets.ts';

const ISSUER = 'vitrine';
const AUDIENCE = 'vitrine-api';
export const JWT_LIFETIME_SECONDS = 15 * 60;

export async function issueJwt(userId: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${JWT_LIFETIME_SECONDS}s`)
    .sign(secret('session'));
}

/** The user id of a valid, unexpired token, else null. */
export async function verifyJwt(token: string | null | undefined): Promise<number | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secret('session'), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/** 'Bearer {jwt}' or the bare token, as SPEC §7 sends it in Authorization. */
export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim());
  return match?.[1] ?? null;
}
