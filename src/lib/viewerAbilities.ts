/**
 * What a viewer may do on a showcase page, decided once from their team role and where the
 * page is shown (SPEC §6), and read by every layout, the search route and the owner tools.
 */
import type { TeamRole } from './domain.ts';
import { isOwnerOrAdmin, seesRestrictedShowcase } from './teamRole.ts';

export interface ViewerAbilities {
  /** The showcase search field (SPEC §6: not for Contributor and Viewer). */
  search: boolean;
  /** Titles link to their video view (SPEC §6: not for Contributor and Viewer). */
  linkTitles: boolean;
  /** Offsite or embedded, links open a new tab (SPEC §6). */
  newTab: boolean;
  /** "Manage videos" for team members, hidden offsite or embedded (SPEC §6). */
  teamLink: boolean;
  /** The edit bar and the owner's empty-state hint (SPEC §6 isOwnerOrAdmin). */
  ownerTools: boolean;
  /** The creator toolbar: owners and admins, not embedded (SPEC §2, §6). */
  creatorToolbar: boolean;
}

export interface AbilityFacts {
  teamRole: TeamRole | null;
  /** Shown inside another site or app: app=showcase, offsite=redirect or is_embed=1. */
  offsite: boolean;
}

export function viewerAbilities({ teamRole, offsite }: AbilityFacts): ViewerAbilities {
  const restricted = seesRestrictedShowcase(teamRole);
  const owner = isOwnerOrAdmin(teamRole);
  return {
    search: !restricted,
    linkTitles: !restricted,
    newTab: offsite,
    teamLink: teamRole !== null && !offsite,
    ownerTools: owner,
    creatorToolbar: owner && !offsite,
  };
}
