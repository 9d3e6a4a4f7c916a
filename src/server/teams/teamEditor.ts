/**
 * The form posts of /manage/team: invite by e-mail with a role (the mail goes out at once),
 * change a member's role, remove a member, withdraw an invitation. Only roles the inviter
 * may hand out are accepted (src/lib/accountRules.ts).
 */
import { invitableRoles } from '../../lib/accountRules.ts';
import type { Locale, TeamRole } from '../../lib/domain.ts';
import { isValidEmail } from '../../lib/emailChips.ts';
import type { Db } from '../db/client.ts';
import { formText } from '../http/badRequest.ts';
import { logger } from '../logger.ts';
import { composeInvitationMail } from '../mail/accountMail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consume } from '../rateLimit/rateLimiter.ts';
import type { StudioAccount } from '../studio/studioAccount.ts';
import {
  createInvitation,
  ensureTeam,
  removeMember,
  setMemberRole,
  withdrawInvitation,
} from './teamMembers.ts';
import type { TranslationKey } from '../../lib/translationKeys.ts';

export type TeamOutcome =
  | {
      kind: 'done';
      notice: 'invited' | 'invitedToOutbox' | 'roleChanged' | 'removed' | 'withdrawn';
    }
  | { kind: 'invalid'; errors: Record<string, TranslationKey> }
  | { kind: 'limited'; retryAfterSeconds: number }
  | { kind: 'unsent' }
  | { kind: 'refused' };

export interface TeamPostContext {
  account: StudioAccount;
  inviterName: string;
  locale: Locale;
  origin: string;
  mailer: Mailer;
}

export async function handleTeamPost(
  db: Db,
  { account, inviterName, locale, origin, mailer }: TeamPostContext,
  form: FormData,
): Promise<TeamOutcome> {
  const action = formText(form, 'action');
  const roles = invitableRoles(account.role);
  const role = formText(form, 'role') as TeamRole;
  const team = await ensureTeam(db, { id: account.ownerId, name: account.ownerName });
  if (action === 'invite') {
    const email = formText(form, 'email').trim();
    const errors: Record<string, TranslationKey> = {};
    if (!isValidEmail(email)) errors['email'] = 'account.invalidEmail';
    if (!roles.includes(role)) errors['role'] = 'account.invalidRole';
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
    const verdict = await consume('invitationPerUser', `user:${account.userId}`);
    if (!verdict.allowed) return { kind: 'limited', retryAfterSeconds: verdict.retryAfterSeconds };
    const invitation = await createInvitation(db, {
      teamId: team.id,
      email,
      role,
      invitedBy: account.userId,
    });
    const url = new URL(`/invitations/${invitation.token}`, origin).href;
    try {
      await mailer.send({
        to: email,
        ...composeInvitationMail({ locale, teamName: team.name, inviterName, role, url }),
      });
    } catch (failure) {
      // An invitation nobody received would wait in the list as if it had been sent.
      await withdrawInvitation(db, team.id, invitation.id);
      logger.error(
        { err: failure, event: 'invitation_unsent', teamId: team.id },
        'invitation mail could not be sent',
      );
      return { kind: 'unsent' };
    }
    return { kind: 'done', notice: mailer.delivery === 'outbox' ? 'invitedToOutbox' : 'invited' };
  }
  const userId = Number(formText(form, 'userId'));
  if (action === 'role') {
    if (!roles.includes(role) || !(await setMemberRole(db, team, userId, role)))
      return { kind: 'refused' };
    return { kind: 'done', notice: 'roleChanged' };
  }
  if (action === 'remove')
    return (await removeMember(db, team, userId))
      ? { kind: 'done', notice: 'removed' }
      : { kind: 'refused' };
  if (action === 'withdraw')
    return (await withdrawInvitation(db, team.id, Number(formText(form, 'invitationId'))))
      ? { kind: 'done', notice: 'withdrawn' }
      : { kind: 'refused' };
  return { kind: 'refused' };
}
