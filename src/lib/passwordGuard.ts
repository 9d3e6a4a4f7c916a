/**
 * Whether a showcase password try is checked at all. Every client has its own small budget
 * (passwordPerClient). Wrong guesses on one showcase from all clients together have a
 * budget too; once a showcase has spent it, it is under attack, and from then on each client
 * may make only its first try of its window. Someone who knows the password still gets in
 * at the first try, whatever the attackers do; a guesser gets one try per address per
 * window instead of ten. A showcase-wide lock would shut out exactly the people who know
 * the password, which is what an attacker wants.
 */
export interface PasswordTryFacts {
  /** Tries this client made on this showcase in its current window, before this one. */
  clientTriesBefore: number;
  /** Wrong guesses on this showcase from every client in the showcase's current window. */
  showcaseWrongGuesses: number;
  /** Wrong guesses a showcase takes before it counts as under attack. */
  showcaseBudget: number;
}

export type PasswordTryVerdict = 'check' | 'wait';

export function passwordTryVerdict({
  clientTriesBefore,
  showcaseWrongGuesses,
  showcaseBudget,
}: PasswordTryFacts): PasswordTryVerdict {
  const underAttack = showcaseWrongGuesses >= showcaseBudget;
  return underAttack && clientTriesBefore > 0 ? 'wait' : 'check';
}
