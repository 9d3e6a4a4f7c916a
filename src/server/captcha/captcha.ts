/**
 * The captcha in front of share e-mails (SPEC §4, §7): ALTCHA's self-hosted proof of work,
 * which needs no third party and passes the pages' script policy. A challenge is signed
 * with the server's captcha secret and expires after ten minutes; a solution passes once on
 * every node, because the first to accept it records it in the database until it expires.
 */
import { lt } from 'drizzle-orm';
import {
  createChallenge,
  randomInt,
  verifySolution,
  type Challenge,
  type Solution,
} from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { spentCaptchas } from '../db/schema.ts';
import { acceptedSecrets, secret } from '../secrets.ts';

export const CHALLENGE_PATH = '/captcha/challenge';
const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export type CaptchaVerdict = 'passed' | 'invalid' | 'expired' | 'replayed';

/** Two HMAC keys from the one secret: one signs the challenge, the other the expected key. */
function hmacSecrets(secret: Buffer): {
  hmacSignatureSecret: string;
  hmacKeySignatureSecret: string;
} {
  const key = secret.toString('base64url');
  return { hmacSignatureSecret: `challenge:${key}`, hmacKeySignatureSecret: `key:${key}` };
}

/**
 * A new challenge. The browser counts up from zero until it finds the counter the server
 * picked at random below `work`: half of `work` hashes on average, checked on the server by
 * one signature instead of redoing the work.
 */
export async function issueChallenge(
  now: Date = new Date(),
  work: number = config().CAPTCHA_WORK,
): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(0, work),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    ...hmacSecrets(secret('captcha')),
  });
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget submits base64 JSON of { challenge, solution }; anything else is no solution. */
function decodePayload(response: string): AltchaPayload | null {
  if (response.length === 0 || response.length > 8192) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(response, 'base64').toString('utf8'));
    if (typeof payload !== 'object' || payload === null) return null;
    const { challenge, solution } = payload as Partial<AltchaPayload>;
    if (
      typeof challenge?.parameters !== 'object' ||
      challenge.parameters === null ||
      typeof challenge.signature !== 'string'
    )
      return null;
    if (typeof solution?.counter !== 'number' || typeof solution.derivedKey !== 'string')
      return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** Records a solution as used; false when some node recorded it first. */
async function spend(db: Db, signature: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, now));
  const fresh = await db
    .insert(spentCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  return fresh.length === 1;
}

export async function verifyCaptcha(
  db: Db,
  response: string,
  now: Date = new Date(),
): Promise<CaptchaVerdict> {
  const payload = decodePayload(response);
  if (!payload) return 'invalid';
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= now.getTime()) return 'expired';
  let verified = false;
  for (const key of acceptedSecrets('captcha')) {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...hmacSecrets(key),
    });
    if (result.expired) return 'expired';
    verified = result.verified;
    if (verified) break;
  }
  if (!verified) return 'invalid';
  return (await spend(db, payload.challenge.signature!, new Date(expiresAt * 1000), now))
    ? 'passed'
    : 'replayed';
}
