/**
 * The album access states of SPEC §4, decided from facts the server gathered:
 * 0 password-protected, 1 incorrect password, 2 team privacy not logged in, 3 team privacy
 * logged in without access, 4 embed only, 5 unknown, 6 unlisted.
 */
import type { Layout, ShowcasePrivacy, TeamRole } from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

export const ACCESS_CODE = {
  passwordRequired: 0,
  passwordIncorrect: 1,
  teamSignInRequired: 2,
  teamNoAccess: 3,
  embedOnly: 4,
  unknown: 5,
  unlisted: 6,
} as const;
export type AccessCode = (typeof ACCESS_CODE)[keyof typeof ACCESS_CODE];

export interface AccessFacts {
  /** False when no showcase has this id: answered as 'unknown', like a private one. */
  exists: boolean;
  privacy: ShowcasePrivacy;
  layout: Layout;
  /** The request comes from the embed frame (/showcase/{id}/embed). */
  embedded: boolean;
  signedIn: boolean;
  /** The viewer's team role as deriveTeamRole gives it; 'Owner' for the album's owner. */
  teamRole: TeamRole | null;
  /** A hashed_pass proof for the current password came with the request. */
  passwordProofValid: boolean;
  /** A password was submitted with this request and it was wrong. */
  passwordRejected: boolean;
  /** The share hash (sh) matches the showcase's unlisted hash. */
  shareHashValid: boolean;
}

/**
 * The screen a denied viewer sees (SPEC §2, §4): the password screen (codes 0 and 1), team
 * sign-in (2), team no-access (3), the privacy error of a showcase whose privacy shuts this
 * viewer out (private to its owner: answered as 5 by the auth call, which names nothing), or
 * the generic not-available screen (4 embed only, 5 unknown, 6 unlisted).
 */
export type AccessScreen = 'password' | 'signIn' | 'teamNoAccess' | 'private' | 'notAvailable';

export type AccessDecision =
  { allowed: true } | { allowed: false; code: AccessCode; screen: AccessScreen };

const deny = (code: AccessCode, screen: AccessScreen = screenFor(code)): AccessDecision => ({
  allowed: false,
  code,
  screen,
});

export function decideAccess(facts: AccessFacts): AccessDecision {
  if (!facts.exists) return deny(ACCESS_CODE.unknown);
  // The owner always sees their own showcase, whatever its privacy or layout.
  if (facts.teamRole === 'Owner') return { allowed: true };
  // An embed-only showcase is shown only inside an embed (SPEC §4: not-available elsewhere).
  if (facts.layout === 'embed-only' && !facts.embedded) return deny(ACCESS_CODE.embedOnly);
  switch (facts.privacy) {
    case 'anybody':
      return { allowed: true };
    case 'password':
      if (facts.passwordProofValid) return { allowed: true };
      return deny(
        facts.passwordRejected ? ACCESS_CODE.passwordIncorrect : ACCESS_CODE.passwordRequired,
      );
    case 'team':
      if (!facts.signedIn) return deny(ACCESS_CODE.teamSignInRequired);
      return facts.teamRole ? { allowed: true } : deny(ACCESS_CODE.teamNoAccess);
    case 'unlisted':
      return facts.shareHashValid ? { allowed: true } : deny(ACCESS_CODE.unlisted);
    case 'nobody':
      return deny(ACCESS_CODE.unknown, 'private');
  }
}

/** The screen of a denied code when its privacy says nothing more (SPEC §2, §4). */
function screenFor(code: AccessCode): AccessScreen {
  switch (code) {
    case ACCESS_CODE.passwordRequired:
    case ACCESS_CODE.passwordIncorrect:
      return 'password';
    case ACCESS_CODE.teamSignInRequired:
      return 'signIn';
    case ACCESS_CODE.teamNoAccess:
      return 'teamNoAccess';
    default:
      return 'notAvailable';
  }
}

/**
 * The HTTP status of each screen, the same for every page, frame, search route and API call:
 * 401 where the viewer can still get in (password, sign-in), 403 where they are known and
 * refused (team no-access, the privacy error), 404 where nothing is shown (not available).
 */
export const ACCESS_STATUS: Readonly<Record<AccessScreen, 401 | 403 | 404>> = {
  password: 401,
  signIn: 401,
  teamNoAccess: 403,
  private: 403,
  notAvailable: 404,
};

export function accessStatus(decision: AccessDecision): 200 | 401 | 403 | 404 {
  return decision.allowed ? 200 : ACCESS_STATUS[decision.screen];
}

/** The title of each screen (translation keys), for the page title and the player frame. */
export const ACCESS_SCREEN_TITLES = {
  password: 'access.passwordTitle',
  signIn: 'access.signIn',
  teamNoAccess: 'access.noAccessTitle',
  private: 'access.privateTitle',
  notAvailable: 'access.unavailableTitle',
} as const satisfies Record<AccessScreen, TranslationKey>;
