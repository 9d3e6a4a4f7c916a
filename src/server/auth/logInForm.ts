/**
 * The /log_in form: what a GET shows and what a POST leads to. Kept out of the page so the
 * page only renders (SPEC §2 sign-in, §8 errors).
 */
import type { AstroGlobal } from 'astro';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { getDb } from '../db/client.ts';
import { formText, readForm } from '../http/badRequest.ts';
import { checkCredentials, startSession, TEAM_SIGN_IN_REDIRECT_COOKIE } from './signIn.ts';
import { signInLimited, signInSucceeded } from './signInLimits.ts';

export type LogInOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'form'; redirectTo: string; email: string; wrong: boolean }
  | { kind: 'limited'; retryAfterSeconds: number };

export async function logInForm(astro: AstroGlobal): Promise<LogInOutcome> {
  const { locals, cookies, url, request } = astro;
  const fallback =
    cookies.get(TEAM_SIGN_IN_REDIRECT_COOKIE)?.value ?? localizePath(locals.locale, '/');
  const redirectTo = safeReturnTo(url.searchParams.get('redirect') ?? fallback);
  if (request.method !== 'POST') {
    return locals.viewer
      ? { kind: 'redirect', location: redirectTo }
      : { kind: 'form', redirectTo, email: '', wrong: false };
  }

  const form = await readForm(request);
  const email = formText(form, 'email').slice(0, 320);
  const password = formText(form, 'password');
  const next = safeReturnTo(formText(form, 'redirect') || redirectTo);
  const retryAfterSeconds = await signInLimited(astro, email);
  if (retryAfterSeconds !== null) return { kind: 'limited', retryAfterSeconds };

  const db = await getDb();
  const userId = email && password ? await checkCredentials(db, email, password) : null;
  if (!userId) return { kind: 'form', redirectTo: next, email, wrong: true };
  await signInSucceeded(astro, email);
  await startSession(astro, db, userId);
  cookies.delete(TEAM_SIGN_IN_REDIRECT_COOKIE, { path: '/' });
  return { kind: 'redirect', location: next };
}
