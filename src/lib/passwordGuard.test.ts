import { describe, expect, it } from 'vitest';
import { passwordTryVerdict } from './passwordGuard.ts';

const budget = 50;

describe('passwordTryVerdict', () => {
  it('checks every try while the showcase is not under attack', () => {
    expect(
      passwordTryVerdict({ clientTriesBefore: 0, showcaseWrongGuesses: 0, showcaseBudget: budget }),
    ).toBe('check');
    expect(
      passwordTryVerdict({
        clientTriesBefore: 9,
        showcaseWrongGuesses: 49,
        showcaseBudget: budget,
      }),
    ).toBe('check');
  });

  it('under attack, still checks the first try of a client, so the password opens the showcase', () => {
    expect(
      passwordTryVerdict({
        clientTriesBefore: 0,
        showcaseWrongGuesses: 50,
        showcaseBudget: budget,
      }),
    ).toBe('check');
    expect(
      passwordTryVerdict({
        clientTriesBefore: 0,
        showcaseWrongGuesses: 5_000,
        showcaseBudget: budget,
      }),
    ).toBe('check');
  });

  it('under attack, makes a client that already tried wait for its window', () => {
    expect(
      passwordTryVerdict({
        clientTriesBefore: 1,
        showcaseWrongGuesses: 50,
        showcaseBudget: budget,
      }),
    ).toBe('wait');
  });
});
