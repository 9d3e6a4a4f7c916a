import { describe, expect, it } from 'vitest';
import { TEAM_ROLES } from './domain.ts';
import { viewerAbilities, type ViewerAbilities } from './viewerAbilities.ts';

const NONE: ViewerAbilities = {
  search: true,
  linkTitles: true,
  newTab: false,
  teamLink: false,
  ownerTools: false,
  creatorToolbar: false,
};

describe('viewerAbilities', () => {
  it('gives a viewer outside the team search and linked titles, and nothing of the team', () => {
    expect(viewerAbilities({ teamRole: null, offsite: false })).toEqual(NONE);
  });

  it.each([
    ['Owner', { teamLink: true, ownerTools: true, creatorToolbar: true }],
    ['Admin', { teamLink: true, ownerTools: true, creatorToolbar: true }],
    ['Contributor Plus', { teamLink: true }],
    ['Uploader', { teamLink: true }],
    ['Contributor', { teamLink: true, search: false, linkTitles: false }],
    ['Viewer', { teamLink: true, search: false, linkTitles: false }],
  ] as const)('gives a %s exactly their share on the site', (teamRole, share) => {
    expect(viewerAbilities({ teamRole, offsite: false })).toEqual({ ...NONE, ...share });
  });

  it.each(TEAM_ROLES)(
    'hides the team link and the toolbar from a %s offsite, and opens links in a new tab',
    (teamRole) => {
      const abilities = viewerAbilities({ teamRole, offsite: true });
      expect(abilities).toMatchObject({ newTab: true, teamLink: false, creatorToolbar: false });
    },
  );

  it('keeps the owner bar offsite, where the owner still edits the showcase', () => {
    expect(viewerAbilities({ teamRole: 'Owner', offsite: true }).ownerTools).toBe(true);
  });
});
