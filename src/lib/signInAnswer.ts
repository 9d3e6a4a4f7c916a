/**
 * What a sign-in form answers (a showcase's password, the site's log-in): a throttled
 * attempt is told to wait (429, SPEC §8), a refused one is asked again (401), a first
 * visit is shown the form.
 */

/** A sign-in attempt as the form's service reports it. */
export type SignInAttempt =
  | { kind: 'limited'; retryAfterSeconds: number }
  /** A showcase's password screen after a wrong password. */
  | { kind: 'denied' }
  /** The log-in form, after a wrong e-mail or password or on a first visit. */
  | { kind: 'form'; wrong: boolean };

export type SignInAnswer =
  { outcome: 'tooManyTries'; retryAfterSeconds: number } | { outcome: 'signInNeeded' | 'shown' };

export function signInAnswer(attempt: SignInAttempt): SignInAnswer {
  if (attempt.kind === 'limited')
    return { outcome: 'tooManyTries', retryAfterSeconds: attempt.retryAfterSeconds };
  const refused = attempt.kind === 'denied' || attempt.wrong;
  return { outcome: refused ? 'signInNeeded' : 'shown' };
}
