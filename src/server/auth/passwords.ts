/**
 * Account and showcase passwords: argon2id (OWASP's current recommendation), checked on the
 * server only. verify() never throws on a malformed stored hash; it answers false.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!stored || !password) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
