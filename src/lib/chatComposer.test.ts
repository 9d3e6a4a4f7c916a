import { describe, expect, it } from 'vitest';
import {
  composerGate,
  isStandingRefusal,
  refusalAfterMute,
  refusalOf,
  remainingCharacters,
  retryAfterSeconds,
  showsRemaining,
  statusPollProblem,
  type ComposerFacts,
} from './chatComposer.ts';

const open = { chatEnabled: true, audience: 'everyone' } as const;
const facts = (over: Partial<ComposerFacts> = {}): ComposerFacts => ({
  signedIn: true,
  moderator: false,
  status: open,
  refusal: null,
  ...over,
});

describe('composerGate', () => {
  it('is open for a signed-in viewer in an open room', () => {
    expect(composerGate(facts())).toBe('open');
  });

  it('closes for everyone, moderators too, when chat is turned off', () => {
    expect(composerGate(facts({ status: { ...open, chatEnabled: false } }))).toBe('chat_off');
    expect(composerGate(facts({ moderator: true, status: { ...open, chatEnabled: false } }))).toBe(
      'chat_off',
    );
    expect(composerGate(facts({ signedIn: false, status: { ...open, chatEnabled: false } }))).toBe(
      'chat_off',
    );
  });

  it('opens again when chat is turned back on after the page said it was off', () => {
    expect(composerGate(facts({ refusal: 'chat_off' }))).toBe('open');
  });

  it('asks a viewer who is not signed in, or whose session ended, to sign in', () => {
    expect(composerGate(facts({ signedIn: false }))).toBe('sign_in');
    expect(composerGate(facts({ refusal: 'sign_in' }))).toBe('sign_in');
  });

  it('tells a muted viewer, and not a moderator', () => {
    expect(composerGate(facts({ refusal: 'muted' }))).toBe('muted');
    expect(composerGate(facts({ moderator: true, refusal: 'muted' }))).toBe('open');
  });

  it('keeps a non-member out while the room is for members only, and lets them in once it is for everyone', () => {
    expect(
      composerGate(facts({ refusal: 'members_only', status: { ...open, audience: 'members' } })),
    ).toBe('members_only');
    expect(composerGate(facts({ refusal: 'members_only', status: open }))).toBe('open');
  });

  it('stays closed for a viewer who lost access', () => {
    expect(composerGate(facts({ refusal: 'no_access' }))).toBe('no_access');
  });

  it('is not closed by a refusal of one message', () => {
    expect(composerGate(facts({ refusal: 'too_fast' }))).toBe('open');
    expect(composerGate(facts({ refusal: 'html' }))).toBe('open');
  });
});

describe('refusals', () => {
  it('tells standing refusals from refusals of one message', () => {
    expect(isStandingRefusal('muted')).toBe(true);
    expect(isStandingRefusal('chat_off')).toBe(true);
    expect(isStandingRefusal('too_fast')).toBe(false);
    expect(isStandingRefusal('too_long')).toBe(false);
  });

  it('mutes, and unmutes only a mute', () => {
    expect(refusalAfterMute(null, true)).toBe('muted');
    expect(refusalAfterMute('muted', false)).toBeNull();
    expect(refusalAfterMute('members_only', false)).toBe('members_only');
  });

  it('reads the code of an error answer', () => {
    expect(refusalOf({ error: 'x', message: 'x', code: 'too_fast' })).toBe('too_fast');
    expect(refusalOf({ code: 'something_else' })).toBeNull();
    expect(refusalOf('Bad gateway')).toBeNull();
    expect(refusalOf(undefined)).toBeNull();
  });

  it('reads Retry-After seconds, 1 when missing', () => {
    expect(retryAfterSeconds('7')).toBe(7);
    expect(retryAfterSeconds(null)).toBe(1);
    expect(retryAfterSeconds('soon')).toBe(1);
  });
});

describe('characters left', () => {
  it('counts down from 500', () => {
    expect(remainingCharacters('')).toBe(500);
    expect(remainingCharacters('hello')).toBe(495);
  });

  it('appears only near the limit', () => {
    expect(showsRemaining(remainingCharacters('x'.repeat(449)))).toBe(false);
    expect(showsRemaining(remainingCharacters('x'.repeat(450)))).toBe(true);
    expect(showsRemaining(remainingCharacters('x'.repeat(500)))).toBe(true);
  });
});

describe('a failed status poll', () => {
  const statusFailed = 'Failed to fetch chat status data.';
  const reasons = {
    network: 'A network error occurred ({status})',
    networkNoAnswer: 'A network error occurred',
    expectedJson: 'Expected JSON response',
  };
  it('says the server answered with an error, and which', () => {
    expect(statusPollProblem({ kind: 'network', status: 503 }, statusFailed, reasons)).toBe(
      'Failed to fetch chat status data. A network error occurred (503)',
    );
  });
  it('says no answer came', () => {
    expect(statusPollProblem({ kind: 'network', status: null }, statusFailed, reasons)).toBe(
      'Failed to fetch chat status data. A network error occurred',
    );
  });
  it('says the answer was not JSON', () => {
    expect(statusPollProblem({ kind: 'notJson' }, statusFailed, reasons)).toBe(
      'Failed to fetch chat status data. Expected JSON response',
    );
  });
  it('says only that it failed when the JSON held no room state', () => {
    expect(statusPollProblem(null, statusFailed, reasons)).toBe(statusFailed);
  });
});
