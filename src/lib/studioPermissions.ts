/**
 * What each team role may do in the studio (SPEC §3 roles, §6). One table, read by every
 * studio page, form and API route: the UI shows only what `mayDo` allows, and the server
 * refuses the rest with SPEC §8's "Permission Denied".
 *
 * Working in their own account a user is its Owner. Contributor Plus and Contributor differ
 * on the public side (SPEC §6: a Contributor sees no search field); in the studio both upload,
 * edit what they uploaded and add it to the team's showcases.
 */
import type { TeamRole } from './domain.ts';

export const STUDIO_ACTIONS = [
  /** See the account's library, showcases and events. */
  'read',
  'upload',
  /** Edit, replace and delete the videos one uploaded. */
  'editOwnVideos',
  /** Edit, replace and delete any video of the account. */
  'editAllVideos',
  /** Add videos one may edit to the account's showcases, and take them out again. */
  'addToShowcases',
  /** Create, edit, arrange, duplicate and delete showcases. */
  'manageShowcases',
  /** Create, schedule and end live events; see their stream keys. */
  'manageEvents',
  /** Invite members and set their roles. */
  'manageTeam',
] as const;
export type StudioAction = (typeof STUDIO_ACTIONS)[number];

const EVERYTHING: readonly StudioAction[] = STUDIO_ACTIONS;
const CONTRIBUTOR: readonly StudioAction[] = ['read', 'upload', 'editOwnVideos', 'addToShowcases'];

const PERMISSIONS: Record<TeamRole, readonly StudioAction[]> = {
  Owner: EVERYTHING,
  Admin: EVERYTHING,
  'Contributor Plus': CONTRIBUTOR,
  Contributor: CONTRIBUTOR,
  Uploader: ['upload'],
  Viewer: ['read'],
};

export function mayDo(role: TeamRole, action: StudioAction): boolean {
  return PERMISSIONS[role].includes(action);
}

/** What a role may do, action by action: read by studio pages and their components. */
export type StudioAbilities = Readonly<Record<StudioAction, boolean>>;

export function studioAbilities(role: TeamRole): StudioAbilities {
  return Object.fromEntries(
    STUDIO_ACTIONS.map((action) => [action, mayDo(role, action)]),
  ) as Record<StudioAction, boolean>;
}

/** A video's editor: anyone who may edit every video, or its uploader who may edit their own. */
export function mayEditVideo(role: TeamRole, userId: number, uploaderId: number | null): boolean {
  if (mayDo(role, 'editAllVideos')) return true;
  return mayDo(role, 'editOwnVideos') && uploaderId === userId;
}
