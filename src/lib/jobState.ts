/**
 * The retry rules of a background job (the `jobs` table): a failed attempt sends the job back
 * to the queue with a later run time, until the attempts run out and it is failed. Pure rules
 * here; src/server/jobs/ applies them with SQL.
 */

export interface RetryPolicy {
  maxAttempts: number;
  /** Wait before the second attempt; doubled for each one after. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  baseDelayMs: 10_000,
  maxDelayMs: 10 * 60_000,
};

/** Delay after the `attempts`-th failed attempt (1-based): base, 2·base, 4·base… capped. */
export function backoffMs(attempts: number, policy: RetryPolicy = DEFAULT_RETRY_POLICY): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(exponent, 30));
}

export type FailureOutcome = { status: 'queued'; runAt: Date } | { status: 'failed' };

/** What a failed attempt leads to: another try later, or the end. */
export function afterFailure(
  attempts: number,
  now: Date,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): FailureOutcome {
  if (attempts >= policy.maxAttempts) return { status: 'failed' };
  return { status: 'queued', runAt: new Date(now.getTime() + backoffMs(attempts, policy)) };
}

/**
 * A claim increments the attempt count before running; a job taken over from dead workers
 * that has already used every attempt is failed rather than run yet again.
 */
export function attemptsLeft(
  attemptsAfterClaim: number,
  policy: RetryPolicy = DEFAULT_RETRY_POLICY,
): boolean {
  return attemptsAfterClaim <= policy.maxAttempts;
}
