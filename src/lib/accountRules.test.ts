import { describe, expect, it } from 'vitest';
import { invitableRoles, newPasswordProblem, signUpAllowed, tokenUsable } from './accountRules.ts';

describe('account rules', () => {
  const now = new Date('2026-11-24T12:00:00Z');

  it('lets a token serve once, before it expires', () => {
    expect(tokenUsable({ expiresAt: new Date('2026-11-24T13:00:00Z'), usedAt: null }, now)).toBe(
      true,
    );
    expect(tokenUsable({ expiresAt: new Date('2026-11-24T11:59:59Z'), usedAt: null }, now)).toBe(
      false,
    );
    expect(tokenUsable({ expiresAt: new Date('2026-11-24T13:00:00Z'), usedAt: now }, now)).toBe(
      false,
    );
  });

  it('asks of a new password a length and a matching confirmation', () => {
    expect(newPasswordProblem('short', 'short')).toBe('account.passwordTooShort');
    expect(newPasswordProblem('long enough', 'long enougH')).toBe('account.passwordsDiffer');
    expect(newPasswordProblem('x'.repeat(257), 'x'.repeat(257))).toBe('account.passwordTooLong');
    expect(newPasswordProblem('correct horse', 'correct horse')).toBeNull();
  });

  it('opens sign-up by mode', () => {
    expect([
      signUpAllowed('open', false),
      signUpAllowed('invitation', false),
      signUpAllowed('invitation', true),
      signUpAllowed('closed', true),
    ]).toEqual([true, false, true, false]);
  });

  it('lets owners and admins invite to every role below Owner, and nobody else', () => {
    expect(invitableRoles('Owner')).toEqual([
      'Admin',
      'Contributor',
      'Contributor Plus',
      'Uploader',
      'Viewer',
    ]);
    expect(invitableRoles('Admin')).toEqual([
      'Admin',
      'Contributor',
      'Contributor Plus',
      'Uploader',
      'Viewer',
    ]);
    expect(invitableRoles('Contributor')).toEqual([]);
  });
});
