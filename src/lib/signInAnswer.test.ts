import { describe, expect, it } from 'vitest';
import { signInAnswer } from './signInAnswer.ts';

describe('signInAnswer', () => {
  it('tells a throttled viewer to wait, for as long as the limiter says', () => {
    expect(signInAnswer({ kind: 'limited', retryAfterSeconds: 42 })).toEqual({
      outcome: 'tooManyTries',
      retryAfterSeconds: 42,
    });
  });

  it('asks again after a wrong showcase password', () => {
    expect(signInAnswer({ kind: 'denied' })).toEqual({ outcome: 'signInNeeded' });
  });

  it('asks again after a wrong e-mail or password', () => {
    expect(signInAnswer({ kind: 'form', wrong: true })).toEqual({ outcome: 'signInNeeded' });
  });

  it('shows the log-in form to a first visit', () => {
    expect(signInAnswer({ kind: 'form', wrong: false })).toEqual({ outcome: 'shown' });
  });
});
