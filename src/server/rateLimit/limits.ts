/**
 * The named rate limits of the product (SPEC §8 "Too many requests"). Each counts `points`
 * per fixed window of `duration` seconds from the key's first hit; going over blocks the key
 * for `blockDuration` seconds (0: only until the window ends). The numbers follow the
 * economics of guessing: a human who mistypes needs a handful of tries, an attacker needs
 * thousands, so a cap a person never meets still makes guessing take years.
 */

export interface LimitSpec {
  /** Hits allowed per window. */
  readonly points: number;
  /** Window length in seconds (whole seconds: the Redis store counts in seconds). */
  readonly duration: number;
  /** Seconds a key stays refused once it goes over; 0 means until its window ends. */
  readonly blockDuration: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /**
   * Showcase password tries, keyed by client + showcase. Ten tries covers every typo a viewer
   * makes; the 15-minute block after that caps one client at 40 guesses an hour (under 1,000
   * a day), so even a 4-digit PIN takes over a week from one address. The message asks the
   * viewer to wait "a few minutes", which 15 is. Reset after a correct password so a viewer
   * who finally gets it right starts afresh.
   */
  passwordPerClient: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /**
   * Wrong showcase passwords across all clients, keyed by showcase: a botnet rotating
   * addresses dodges the per-client cap. Past fifty an hour the showcase counts as under
   * attack and each client gets only the first try of its window (src/lib/passwordGuard.ts),
   * so guessing slows tenfold while a viewer who knows the password still gets in; it is
   * never a lock, which would hand attackers a way to shut a showcase for everybody.
   */
  passwordPerShowcase: { points: 50, duration: HOUR, blockDuration: 0 },
  /**
   * Sign-in tries, keyed by client + e-mail (not the e-mail alone, or anyone could lock a
   * member out of their account from elsewhere). Same economics as the password screen:
   * ten tries per quarter hour, then a quarter hour's block. Reset on a successful sign-in.
   */
  signInPerAccount: { points: 10, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /**
   * Sign-in tries from one client over all e-mails: credential stuffing walks a list of
   * accounts, which the per-account key never sees. A hundred an hour lets a whole office
   * behind one NAT sign in, but stops a list at 2,400 accounts a day per address.
   */
  signInPerClient: { points: 100, duration: HOUR, blockDuration: 0 },
  /**
   * Share e-mails sent, keyed by user (consume one point per recipient). Shares go out from
   * our domain to any address, so a spammy or stolen account would burn the sender
   * reputation every showcase owner relies on. People share with a few colleagues at a
   * time; twenty an hour never gets in their way and caps spam at 480 a day per account.
   */
  shareEmail: { points: 20, duration: HOUR, blockDuration: 0 },
  /**
   * Share e-mails about one showcase, keyed by showcase, one point per recipient. Senders
   * who are not signed in are keyed by address, which a spammer rotates; this cap holds
   * whatever the addresses. A showcase that spreads by word of mouth sees a few hundred
   * shares an hour at most.
   */
  shareEmailPerShowcase: { points: 300, duration: HOUR, blockDuration: 0 },
  /**
   * Live chat messages, keyed by user across every room. Five in ten seconds is faster than
   * anyone types a thought, so a person in a lively chat never meets it, while one account
   * can no longer push the others' messages off the screen.
   */
  chatMessage: { points: 5, duration: 10, blockDuration: 0 },
  /**
   * "Forgot password?" mails, keyed by client: each sends a mail from our domain, so a
   * client may ask five times an hour, enough for a person who mistyped their address.
   */
  passwordResetPerClient: { points: 5, duration: HOUR, blockDuration: 0 },
  /**
   * Reset mails to one address, over every client: three an hour, so nobody floods someone's
   * inbox with reset links from rotating addresses.
   */
  passwordResetPerEmail: { points: 3, duration: HOUR, blockDuration: 0 },
  /** New accounts from one client: ten an hour lets a class or an office sign up, not a script. */
  signUpPerClient: { points: 10, duration: HOUR, blockDuration: 0 },
  /** Team invitations sent, keyed by inviter: fifty an hour fills a team, not a spam list. */
  invitationPerUser: { points: 50, duration: HOUR, blockDuration: 0 },
  /**
   * Failed client authentications at the token endpoint, keyed by client. A client secret is
   * 256 random bits, so this stops less a guesser than a script retrying a stale secret in a
   * loop: twenty failures a quarter hour, then a quarter hour's pause. Only failures count.
   */
  clientAuthPerClient: { points: 20, duration: 15 * MINUTE, blockDuration: 15 * MINUTE },
  /**
   * Review notes, keyed by client + review link. A client watching a cut notes a moment every
   * few seconds at most; thirty in ten minutes never stops a reviewer, and a script filling
   * the owner's list gets no further than that.
   */
  reviewNotePerClient: { points: 30, duration: 10 * MINUTE, blockDuration: 0 },
} as const satisfies Record<string, LimitSpec>;

export type LimitName = keyof typeof LIMITS;

export type LimitTable = Readonly<Record<LimitName, LimitSpec>>;

export const LIMIT_NAMES = Object.keys(LIMITS) as LimitName[];
