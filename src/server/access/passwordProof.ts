/**
 * hashed_pass (SPEC §3, §4): the proof a viewer gave the right password, kept in a cookie
 * and sent to the API as _hashed_pass. It is an HMAC over the showcase id and its current
 * password hash, so it cannot be made from the album id and dies when the password changes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { secret, signedWithAny } from '../secrets.ts';

interface ProtectedShowcase {
  id: number;
  passwordHash: string | null;
  passwordVersion: number;
}

export const proofCookieName = (showcaseId: number) => `vsp_${showcaseId}`;

function proofWith(key: Buffer, showcase: ProtectedShowcase): string {
  return createHmac('sha256', key)
    .update(`showcase:${showcase.id}:v${showcase.passwordVersion}:${showcase.passwordHash ?? ''}`)
    .digest('base64url');
}

export function passwordProof(showcase: ProtectedShowcase): string {
  return proofWith(secret('access'), showcase);
}

export function isValidProof(
  showcase: ProtectedShowcase,
  proof: string | null | undefined,
): boolean {
  if (!proof || !showcase.passwordHash) return false;
  const given = Buffer.from(proof);
  return signedWithAny('access', (key) => {
    const expected = Buffer.from(proofWith(key, showcase));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
