import { pluralTemplates, type PluralTemplates } from '../../lib/pluralMessage.ts';
import type { Translate } from '../../lib/translationKeys.ts';

/** The share dialog's strings in the viewer's language, from the server's `t`. */
export interface ShareStrings {
  dialogTitle: string;
  close: string;
  link: string;
  copyLink: string;
  linkCopied: string;
  embed: string;
  embedWhat: string;
  embedSize: string;
  sizes: Record<string, string>;
  embedCode: string;
  copyEmbed: string;
  embedCopied: string;
  sendEmail: string;
  emailLabel: string;
  emailHint: string;
  removeEmail: string;
  invalidEmail: string;
  messageLabel: string;
  messageLimit: string;
  charactersOver: PluralTemplates;
  captcha: string;
  captchaExpired: string;
  send: string;
  sending: string;
  sent: string;
  /** Said instead of `sent` when no mail server is configured and the mail waits in the outbox. */
  sentToOutbox: string;
  failed: string;
  widget: { label: string; verifying: string; verified: string; error: string; expired: string };
}

export function shareStrings(t: Translate, locale: string, title: string): ShareStrings {
  return {
    dialogTitle: t('share.dialogTitle', { title }),
    close: t('common.close'),
    link: t('share.link'),
    copyLink: t('share.copyLink'),
    linkCopied: t('share.linkCopied'),
    embed: t('share.embed'),
    embedWhat: t('share.embedWhat'),
    embedSize: t('share.embedSize'),
    sizes: {
      responsive: t('share.sizeResponsive'),
      '640x360': t('share.sizeFixed', { width: 640, height: 360 }),
      '960x540': t('share.sizeFixed', { width: 960, height: 540 }),
      '1280x720': t('share.sizeFixed', { width: 1280, height: 720 }),
    },
    embedCode: t('share.embedCode'),
    copyEmbed: t('share.copyEmbed'),
    embedCopied: t('share.embedCopied'),
    sendEmail: t('share.sendEmail'),
    emailLabel: t('share.emailLabel'),
    emailHint: `${t('share.emailHint')} ${t('share.emailHintKeys')}`,
    // {{email}} is filled in on the client, per chip.
    removeEmail: t('share.removeEmail', { email: '{{email}}' }),
    invalidEmail: t('share.invalidEmail'),
    messageLabel: t('share.messageLabel'),
    messageLimit: t('share.messageLimit', { max: 4096 }),
    // The count is filled in on the client, as the message grows.
    charactersOver: pluralTemplates(locale, (count) =>
      t('share.charactersOver', { count, replace: { count: '{count}' } }),
    ),
    captcha: t('share.captcha'),
    captchaExpired: t('share.captchaExpired'),
    send: t('share.send'),
    sending: t('share.sending'),
    sent: t('share.sent'),
    sentToOutbox: t('share.sentToOutbox'),
    failed: t('share.failed'),
    widget: {
      label: t('share.verifyLabel'),
      verifying: t('share.verifying'),
      verified: t('share.verified'),
      error: t('share.verifyFailed'),
      expired: t('share.captchaExpired'),
    },
  };
}

export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
