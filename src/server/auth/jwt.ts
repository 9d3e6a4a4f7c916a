/**
 * Short-lived JWTs for the API (SPEC §3 viewer context `jwt`, §7 Authorization header),
 * signed with a server secret. Pages use the session cookie; islands and other clients
 * call the API with the JWT.
 */
import { createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { hmacKey } from '../hmacKey.ts';
import { acceptedSecrets, secret } from '../secrets.ts';

const ISSUER = 'vitrine';
const AUDIENCE = 'vitrine-api';
const JWT_LIFETIME_SECONDS = 15 * 60;
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/**
 * A token for `userId`. Given the session it is issued from, it lives no longer than that
 * session: signing out revokes it too (src/server/auth/bearer.ts checks). Without one (the
 * ingest CLI, which holds the data folder's secret) it stands alone for its 15 minutes.
 */
export function issueJwt(userId: number, session?: { idHash: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    ...(session ? { sid: session.idHash } : {}),
    sub: String(userId),
    iss: ISSUER,
    aud: AUDIENCE,
    iat: now,
    exp: now + JWT_LIFETIME_SECONDS,
  };
  // Signed here rather than through WebCrypto, which imported the key and ran a job for each
  // token: a quarter of the CPU of a signed-in video view, which writes one into its player.
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createHmac('sha256', hmacKey(secret('session'))).update(signed);
  return `${signed}.${signature.digest('base64url')}`;
}

export interface JwtSubject {
  userId: number;
  /** The session the token was issued from, if any. */
  sessionIdHash: string | null;
}

/** Who a valid, unexpired token names, else null. Whether its session still lives is bearer.ts's question. */
export async function verifyJwt(token: string | null | undefined): Promise<JwtSubject | null> {
  if (!token) return null;
  for (const key of acceptedSecrets('session')) {
    const subject = await subjectOf(token, key);
    if (subject) return subject;
  }
  return null;
}

async function subjectOf(token: string, key: Buffer): Promise<JwtSubject | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    const id = Number(payload.sub);
    if (!Number.isInteger(id) || id <= 0) return null;
    return {
      userId: id,
      sessionIdHash: typeof payload['sid'] === 'string' ? payload['sid'] : null,
    };
  } catch {
    return null;
  }
}

/** 'Bearer {jwt}' or the bare token, as SPEC §7 sends it in Authorization. */
export function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const match = /^(?:Bearer\s+)?([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(
    header.trim(),
  );
  return match?.[1] ?? null;
}
