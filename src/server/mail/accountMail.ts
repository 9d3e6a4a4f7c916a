/** The account mails, in the recipient's language: a password reset link, a team invitation. */
import type { Locale, TeamRole } from '../../lib/domain.ts';
import { ROLE_LABELS } from '../../lib/studioLabels.ts';
import { translator } from '../i18n/translator.ts';
import { buttonMail, oneLine } from './mailHtml.ts';

export function composeResetMail(
  locale: Locale,
  url: string,
): { subject: string; text: string; html: string } {
  const t = translator(locale);
  return buttonMail({
    locale,
    subject: t('mail.resetSubject'),
    paragraphs: [t('mail.resetIntro'), t('mail.resetValidity')],
    button: { label: t('mail.resetButton'), url },
    footer: t('mail.resetFooter'),
  });
}

export interface InvitationMailInput {
  locale: Locale;
  teamName: string;
  inviterName: string;
  role: TeamRole;
  url: string;
}

export function composeInvitationMail({
  locale,
  teamName,
  inviterName,
  role,
  url,
}: InvitationMailInput): { subject: string; text: string; html: string } {
  const t = translator(locale);
  const team = oneLine(teamName);
  return buttonMail({
    locale,
    subject: t('mail.inviteSubject', { team }),
    paragraphs: [
      t('mail.inviteIntro', { name: oneLine(inviterName), team, role: t(ROLE_LABELS[role]) }),
    ],
    button: { label: t('mail.inviteButton'), url },
    footer: t('mail.inviteFooter'),
  });
}
