/**
 * The short-lived state of one SSO sign-in (PKCE verifier, state, nonce, where to return),
 * kept in an HttpOnly cookie between /auth0/connect and /auth0/callback. The cookie is
 * signed (HMAC-SHA256), so the browser can carry it but not forge or alter it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SSO_STATE_COOKIE = 'sso_state';
/** A sign-in that takes longer than this starts again (the cookie and the check both expire). */
export const SSO_STATE_TTL_SECONDS = 10 * 60;

export interface SsoState {
  /** PKCE code_verifier (RFC 7636). */
  codeVerifier: string;
  state: string;
  nonce: string;
  connectionId: number;
  /** A same-site path (already passed through safeReturnTo). */
  returnTo: string;
  /** Expiry, milliseconds since the epoch. */
  expiresAt: number;
}

const mac = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(`sso-state:${body}`).digest();

export function sealSsoState(state: SsoState, key: Buffer): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The state if the value is untouched and unexpired, else null. */
export function openSsoState(
  value: string | undefined,
  key: Buffer,
  now = Date.now(),
): SsoState | null {
  if (!value || value.length > 4096) return null;
  const [body, signature, extra] = value.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = mac(key, body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isSsoState(parsed) || parsed.expiresAt <= now) return null;
  return parsed;
}

function isSsoState(value: unknown): value is SsoState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['codeVerifier'] === 'string' &&
    typeof v['state'] === 'string' &&
    typeof v['nonce'] === 'string' &&
    typeof v['connectionId'] === 'number' &&
    typeof v['returnTo'] === 'string' &&
    typeof v['expiresAt'] === 'number'
  );
}
