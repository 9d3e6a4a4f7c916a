/**
 * Checking a showcase password (SPEC §4, §5, §7): rate-limited per client and per
 * showcase before any hashing, verified with argon2 on the server only, and answered with
 * the hashed_pass proof, which is also kept in a cookie for page loads.
 */
import type { AstroCookies } from 'astro';
import { verifyPassword } from '../auth/passwords.ts';
import { clientKey } from '../rateLimit/clientKey.ts';
import { consume, reset } from '../rateLimit/rateLimiter.ts';
import type { ShowcaseRow } from '../showcases/showcaseQueries.ts';
import { passwordProof, proofCookieName } from './passwordProof.ts';

export type PasswordOutcome = { kind: 'right'; proof: string } | { kind: 'wrong' } | { kind: 'limited'; retryAfterSeconds: number };

interface CheckContext {
  request: Request;
  clientAddress: string;
  cookies: AstroCookies;
  url: URL;
}

const PROOF_MAX_AGE = 30 * 24 * 60 * 60;

export async function checkShowcasePassword(context: CheckContext, showcase: ShowcaseRow, password: string): Promise<PasswordOutcome> {
  const client = `${clientKey(context.request, context.clientAddress)}:${showcase.id}`;
  for (const [limit, key] of [['passwordPerClient', client], ['passwordPerShowcase', String(showcase.id)]] as const) {
    const verdict = await consume(limit, key);
    if (!verdict.allowed) return { kind: 'limited', retryAfterSeconds: verdict.retryAfterSeconds };
  }
  if (showcase.privacyView !== 'password' || !(await verifyPassword(showcase.passwordHash, password))) return { kind: 'wrong' };
  await reset('passwordPerClient', client);
  const proof = passwordProof(showcase);
  context.cookies.set(proofCookieName(showcase.id), proof, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: context.url.protocol === 'https:',
    maxAge: PROOF_MAX_AGE,
  });
  return { kind: 'right', proof };
}
