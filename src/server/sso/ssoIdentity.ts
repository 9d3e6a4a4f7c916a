/**
 * Who the identity provider says signed in: a verified e-mail and a display name, read from
 * the ID token and, for what it leaves out, the UserInfo response.
 */

export interface SsoIdentity {
  /** Lower-cased, trimmed. */
  email: string;
  name: string;
}

export type IdentityResult =
  { ok: true; identity: SsoIdentity } | { ok: false; reason: 'no-email' | 'unverified-email' };

type Claims = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** True when the ID token alone cannot decide: no e-mail, or no word on its verification. */
export function needsUserInfo(claims: Claims): boolean {
  return text(claims['email']) === null || claims['email_verified'] === undefined;
}

/**
 * A verified e-mail is required, always: an account is found by its e-mail, so an unverified
 * one would let anybody who types someone else's address at the provider become them.
 * Some providers send email_verified as the string "true".
 */
export function identityFromClaims(idToken: Claims, userInfo: Claims = {}): IdentityResult {
  // The ID token is signed and checked; UserInfo only fills what it leaves out.
  const merged: Claims = {
    ...userInfo,
    ...Object.fromEntries(Object.entries(idToken).filter(([, v]) => v !== undefined && v !== null)),
  };
  const email = text(merged['email'])?.toLowerCase() ?? null;
  if (!email || email.length > 320 || !EMAIL.test(email)) return { ok: false, reason: 'no-email' };
  const verified = merged['email_verified'];
  if (verified !== true && verified !== 'true') return { ok: false, reason: 'unverified-email' };
  const given = [text(merged['given_name']), text(merged['family_name'])].filter(Boolean).join(' ');
  const name =
    text(merged['name']) ??
    (given || null) ??
    text(merged['preferred_username']) ??
    email.split('@')[0]!;
  return { ok: true, identity: { email, name: name.slice(0, 200) } };
}
