import { describe, expect, it } from 'vitest';
import { accessStatus, decideAccess, type AccessFacts, type AccessScreen } from './albumAccess.ts';

const anonymous: AccessFacts = {
  exists: true,
  privacy: 'anybody',
  layout: 'grid',
  embedded: false,
  signedIn: false,
  teamRole: null,
  passwordProofValid: false,
  passwordRejected: false,
  shareHashValid: false,
};

/** What a viewer meets: 'open', or the SPEC §4 code with its screen and status. */
type Outcome = 'open' | readonly [code: number, screen: AccessScreen, status: number];

const PASSWORD = [0, 'password', 401] as const;
const WRONG = [1, 'password', 401] as const;
const SIGN_IN = [2, 'signIn', 401] as const;
const NO_ACCESS = [3, 'teamNoAccess', 403] as const;
const EMBED_ONLY = [4, 'notAvailable', 404] as const;
const UNKNOWN = [5, 'notAvailable', 404] as const;
const PRIVATE = [5, 'private', 403] as const;
const UNLISTED = [6, 'notAvailable', 404] as const;

/**
 * Every access state, each seen from the four places a viewer can stand: on the site or in
 * an embed, signed out or signed in (a signed-in viewer here has no role in the team).
 */
const TABLE: [
  situation: string,
  facts: Partial<AccessFacts>,
  onSiteOut: Outcome,
  onSiteIn: Outcome,
  embedOut: Outcome,
  embedIn: Outcome,
][] = [
  ['a public showcase', {}, 'open', 'open', 'open', 'open'],
  ['a password showcase', { privacy: 'password' }, PASSWORD, PASSWORD, PASSWORD, PASSWORD],
  [
    'a password showcase after a wrong password',
    { privacy: 'password', passwordRejected: true },
    WRONG,
    WRONG,
    WRONG,
    WRONG,
  ],
  [
    'a password showcase with a valid proof',
    { privacy: 'password', passwordProofValid: true },
    'open',
    'open',
    'open',
    'open',
  ],
  ['a team showcase', { privacy: 'team' }, SIGN_IN, NO_ACCESS, SIGN_IN, NO_ACCESS],
  ['an embed-only showcase', { layout: 'embed-only' }, EMBED_ONLY, EMBED_ONLY, 'open', 'open'],
  [
    'an embed-only password showcase',
    { layout: 'embed-only', privacy: 'password' },
    EMBED_ONLY,
    EMBED_ONLY,
    PASSWORD,
    PASSWORD,
  ],
  [
    'an unlisted showcase without its share hash',
    { privacy: 'unlisted' },
    UNLISTED,
    UNLISTED,
    UNLISTED,
    UNLISTED,
  ],
  [
    'an unlisted showcase with its share hash',
    { privacy: 'unlisted', shareHashValid: true },
    'open',
    'open',
    'open',
    'open',
  ],
  ['a showcase private to its owner', { privacy: 'nobody' }, PRIVATE, PRIVATE, PRIVATE, PRIVATE],
  ['a showcase that does not exist', { exists: false }, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN],
];

function outcome(facts: AccessFacts): Outcome {
  const decision = decideAccess(facts);
  return decision.allowed ? 'open' : [decision.code, decision.screen, accessStatus(decision)];
}

describe('decideAccess', () => {
  describe.each(TABLE)('given %s', (_, over, onSiteOut, onSiteIn, embedOut, embedIn) => {
    const facts = { ...anonymous, ...over };
    it('answers a signed-out viewer on the site', () => expect(outcome(facts)).toEqual(onSiteOut));
    it('answers a signed-in viewer on the site', () =>
      expect(outcome({ ...facts, signedIn: true })).toEqual(onSiteIn));
    it('answers a signed-out viewer in an embed', () =>
      expect(outcome({ ...facts, embedded: true })).toEqual(embedOut));
    it('answers a signed-in viewer in an embed', () =>
      expect(outcome({ ...facts, embedded: true, signedIn: true })).toEqual(embedIn));
  });

  describe('given a team showcase and a signed-in member', () => {
    it.each(['Owner', 'Admin', 'Contributor', 'Contributor Plus', 'Uploader', 'Viewer'] as const)(
      'opens for a %s',
      (role) => {
        expect(outcome({ ...anonymous, privacy: 'team', signedIn: true, teamRole: role })).toBe(
          'open',
        );
      },
    );
  });

  it('always lets the owner in, whatever the privacy and layout', () => {
    for (const privacy of ['password', 'team', 'unlisted', 'nobody'] as const) {
      expect(
        outcome({ ...anonymous, privacy, signedIn: true, teamRole: 'Owner', layout: 'embed-only' }),
      ).toBe('open');
    }
  });

  it('lets a team Admin no further than anybody into a showcase private to its owner', () => {
    expect(outcome({ ...anonymous, privacy: 'nobody', signedIn: true, teamRole: 'Admin' })).toEqual(
      PRIVATE,
    );
  });
});
