/**
 * Checking a showcase password (SPEC §4, §5, §7): rate-limited per client before any
 * hashing, guarded per showcase without locking out the people who know the password
 * (src/lib/passwordGuard.ts), verified with argon2 on the server only, and answered with the
 * hashed_pass proof, which is also kept in a cookie for page loads.
 */
import type { AstroCookies } from 'astro';
import { passwordTryVerdict } from '../../lib/passwordGuard.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { servedOverHttps } from '../http/publicOrigin.ts';
import { clientKey } from '../rateLimit/clientKey.ts';
import { LIMITS } from '../rateLimit/limits.ts';
import { consume, peek, reset } from '../rateLimit/rateLimiter.ts';
import type { ShowcaseRow } from '../showcases/showcaseQueries.ts';
import { passwordProof, proofCookieName } from './passwordProof.ts';

export type PasswordOutcome =
  | { kind: 'right'; proof: string }
  | { kind: 'wrong' }
  | { kind: 'limited'; retryAfterSeconds: number };

interface CheckContext {
  clientAddress: string;
  cookies: AstroCookies;
  url: URL;
}

const PROOF_MAX_AGE = 30 * 24 * 60 * 60;

export async function checkShowcasePassword(
  context: CheckContext,
  showcase: ShowcaseRow,
  password: string,
): Promise<PasswordOutcome> {
  const client = `${clientKey(context.clientAddress)}:${showcase.id}`;
  const showcaseKey = String(showcase.id);
  const [clientWindow, showcaseWindow] = await Promise.all([
    peek('passwordPerClient', client),
    peek('passwordPerShowcase', showcaseKey),
  ]);
  const tried = await consume('passwordPerClient', client);
  if (!tried.allowed) return { kind: 'limited', retryAfterSeconds: tried.retryAfterSeconds };
  const verdict = passwordTryVerdict({
    clientTriesBefore: clientWindow.hits,
    showcaseWrongGuesses: showcaseWindow.hits,
    showcaseBudget: LIMITS.passwordPerShowcase.points,
  });
  if (verdict === 'wait')
    return { kind: 'limited', retryAfterSeconds: clientWindow.retryAfterSeconds };

  if (
    showcase.privacyView !== 'password' ||
    !(await verifyPassword(showcase.passwordHash, password))
  ) {
    await consume('passwordPerShowcase', showcaseKey);
    return { kind: 'wrong' };
  }
  await reset('passwordPerClient', client);
  const proof = passwordProof(showcase);
  context.cookies.set(proofCookieName(showcase.id), proof, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(context.url),
    maxAge: PROOF_MAX_AGE,
  });
  return { kind: 'right', proof };
}
