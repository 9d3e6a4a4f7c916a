/**
 * Sign-in attempts are limited per client and per client + e-mail (limits.ts says why);
 * over either, the page shows the "Whoa there!" screen with 429 and Retry-After.
 */
import type { AstroGlobal } from 'astro';
import { clientKey } from '../rateLimit/clientKey.ts';
import { consumeAll, reset } from '../rateLimit/rateLimiter.ts';

function keys(astro: AstroGlobal, email: string) {
  const client = clientKey(astro.clientAddress);
  return { client, account: `${client}:${email.trim().toLowerCase()}` };
}

/** Seconds to wait when this attempt is over a limit, else null. */
export async function signInLimited(astro: AstroGlobal, email: string): Promise<number | null> {
  const { client, account } = keys(astro, email);
  const verdict = await consumeAll([
    ['signInPerClient', client],
    ['signInPerAccount', account],
  ]);
  return verdict.allowed ? null : verdict.retryAfterSeconds;
}

/** A successful sign-in starts the per-account count afresh. */
export async function signInSucceeded(astro: AstroGlobal, email: string): Promise<void> {
  await reset('signInPerAccount', keys(astro, email).account);
}
