import { describe, expect, it } from 'vitest';
import {
  effectiveSearchType,
  showsOmnisearch,
  showsSearchTypeDropdown,
} from './searchVisibility.ts';

const member = {
  signedIn: true,
  publicSearchEnabled: true,
  enterprise: false,
  restrictedRegion: false,
};

describe('showsSearchTypeDropdown', () => {
  it('shows for a signed-in viewer with public search on', () => {
    expect(showsSearchTypeDropdown(member)).toBe(true);
  });
  it('hides for anonymous viewers, enterprise accounts, restricted regions and when public search is off', () => {
    expect(showsSearchTypeDropdown({ ...member, signedIn: false })).toBe(false);
    expect(showsSearchTypeDropdown({ ...member, enterprise: true })).toBe(false);
    expect(showsSearchTypeDropdown({ ...member, restrictedRegion: true })).toBe(false);
    expect(showsSearchTypeDropdown({ ...member, publicSearchEnabled: false })).toBe(false);
  });
});

describe('showsOmnisearch', () => {
  it('hides only for anonymous viewers from a restricted region', () => {
    expect(showsOmnisearch({ signedIn: false, restrictedRegion: true })).toBe(false);
    expect(showsOmnisearch({ signedIn: false, restrictedRegion: false })).toBe(true);
    expect(showsOmnisearch({ signedIn: true, restrictedRegion: true })).toBe(true);
  });
});

describe('effectiveSearchType', () => {
  it('takes the asked type when the dropdown is offered, else all', () => {
    expect(effectiveSearchType('mine', member)).toBe('mine');
    expect(effectiveSearchType('showcases', member)).toBe('showcases');
    expect(effectiveSearchType('bogus', member)).toBe('all');
    expect(effectiveSearchType(null, member)).toBe('all');
  });
  it('searches only their own videos for a signed-in viewer without the dropdown', () => {
    expect(effectiveSearchType('showcases', { ...member, enterprise: true })).toBe('mine');
  });
  it('searches the public showcases for anonymous viewers', () => {
    expect(effectiveSearchType('mine', { ...member, signedIn: false })).toBe('showcases');
  });
});
