/**
 * The rules of accounts: how long a reset link and an invitation last, what a new password
 * must be, who may sign up under each SIGNUP mode, and which roles an inviter may hand out.
 */
import { TEAM_ROLES, type TeamRole } from './domain.ts';
import type { TranslationKey } from './translationKeys.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** OWASP ASVS: at least 8 characters, no other composition rule, long passphrases welcome. */
export const ACCOUNT_PASSWORD_MIN = 8;
const ACCOUNT_PASSWORD_MAX = 256;

export const SIGNUP_MODES = ['open', 'invitation', 'closed'] as const;
export type SignUpMode = (typeof SIGNUP_MODES)[number];

/** A one-time token row (reset link, invitation): usable until it expires, once. */
export function tokenUsable(row: { expiresAt: Date; usedAt: Date | null }, now: Date): boolean {
  return row.usedAt === null && row.expiresAt.getTime() > now.getTime();
}

/** The i18n key of what is wrong with a new password and its confirmation, or null. */
export function newPasswordProblem(password: string, confirmation: string): TranslationKey | null {
  const length = [...password].length;
  if (length < ACCOUNT_PASSWORD_MIN) return 'account.passwordTooShort';
  if (length > ACCOUNT_PASSWORD_MAX) return 'account.passwordTooLong';
  if (password !== confirmation) return 'account.passwordsDiffer';
  return null;
}

/** Open: anyone; invitation: only with a valid invitation; closed: nobody (accounts are made by an operator). */
export function signUpAllowed(mode: SignUpMode, hasInvitation: boolean): boolean {
  return mode === 'open' || (mode === 'invitation' && hasInvitation);
}

/** Owners hand out every role but their own; admins every role below Owner. Nobody else invites. */
export function invitableRoles(inviter: TeamRole): TeamRole[] {
  if (inviter === 'Owner' || inviter === 'Admin')
    return TEAM_ROLES.filter((role) => role !== 'Owner');
  return [];
}
