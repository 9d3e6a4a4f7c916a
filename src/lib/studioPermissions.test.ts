import { describe, expect, it } from 'vitest';
import { TEAM_ROLES } from './domain.ts';
import { mayDo, mayEditVideo, STUDIO_ACTIONS, type StudioAction } from './studioPermissions.ts';

const table: Record<string, StudioAction[]> = {
  Owner: [...STUDIO_ACTIONS],
  Admin: [...STUDIO_ACTIONS],
  'Contributor Plus': ['read', 'upload', 'editOwnVideos', 'addToShowcases'],
  Contributor: ['read', 'upload', 'editOwnVideos', 'addToShowcases'],
  Uploader: ['upload'],
  Viewer: ['read'],
};

describe('mayDo', () => {
  it.each(TEAM_ROLES)('gives %s exactly its share', (role) => {
    expect(STUDIO_ACTIONS.filter((action) => mayDo(role, action))).toEqual(table[role]);
  });
});

describe('mayEditVideo', () => {
  it('lets owners and admins edit any video', () => {
    expect(mayEditVideo('Owner', 1, 2)).toBe(true);
    expect(mayEditVideo('Admin', 1, null)).toBe(true);
  });

  it('lets contributors edit only what they uploaded', () => {
    expect(mayEditVideo('Contributor', 5, 5)).toBe(true);
    expect(mayEditVideo('Contributor Plus', 5, 6)).toBe(false);
    expect(mayEditVideo('Contributor', 5, null)).toBe(false);
  });

  it('never lets uploaders or viewers edit, not even their own uploads', () => {
    expect(mayEditVideo('Uploader', 5, 5)).toBe(false);
    expect(mayEditVideo('Viewer', 5, 5)).toBe(false);
  });
});
