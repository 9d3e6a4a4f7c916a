import { describe, expect, it } from 'vitest';
import { canModerate, chatBadge, chatPostRefusal, type ChatPostFacts } from './chatPermissions.ts';

const open: ChatPostFacts = {
  mode: 'live',
  chatEnabled: true,
  audience: 'everyone',
  signedIn: true,
  role: null,
  muted: false,
};

describe('chatPostRefusal', () => {
  it('lets a signed-in viewer post in an open room', () => {
    expect(chatPostRefusal(open)).toBeNull();
  });

  it('asks anonymous viewers to sign in', () => {
    expect(chatPostRefusal({ ...open, signedIn: false })).toBe('sign_in');
  });

  it('closes a room that is switched off, and every replay, to everybody', () => {
    expect(chatPostRefusal({ ...open, chatEnabled: false })).toBe('chat_off');
    expect(chatPostRefusal({ ...open, chatEnabled: false, role: 'Owner' })).toBe('chat_off');
    expect(chatPostRefusal({ ...open, mode: 'replay', role: 'Owner' })).toBe('chat_off');
  });

  it('silences a muted viewer, never a moderator', () => {
    expect(chatPostRefusal({ ...open, muted: true })).toBe('muted');
    expect(chatPostRefusal({ ...open, muted: true, role: 'Viewer' })).toBe('muted');
    expect(chatPostRefusal({ ...open, muted: true, role: 'Admin' })).toBeNull();
  });

  it('keeps a members-only room to the owner and their team', () => {
    const members = { ...open, audience: 'members' as const };
    expect(chatPostRefusal(members)).toBe('members_only');
    expect(chatPostRefusal({ ...members, role: 'Viewer' })).toBeNull();
    expect(chatPostRefusal({ ...members, role: 'Owner' })).toBeNull();
  });
});

describe('canModerate and chatBadge', () => {
  it('single out the owner and team Admins only', () => {
    expect([
      canModerate('Owner'),
      canModerate('Admin'),
      canModerate('Contributor Plus'),
      canModerate(null),
    ]).toEqual([true, true, false, false]);
    expect([
      chatBadge('Owner'),
      chatBadge('Admin'),
      chatBadge('Uploader'),
      chatBadge(null),
    ]).toEqual(['owner', 'admin', null, null]);
  });
});
