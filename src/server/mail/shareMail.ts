/**
 * The mail a share sends (SPEC §5): in the sender's language, plain text and HTML, with the
 * showcase's title, its picture, the sender's message and the link. Every value is escaped
 * in the HTML part; the subject holds no line break, so nothing typed reaches a header.
 */
import type { Locale } from '../../lib/domain.ts';
import { translator } from '../i18n/translator.ts';
import { buttonParagraph, escapeHtml, oneLine } from './mailHtml.ts';

export interface ShareMailInput {
  locale: Locale;
  /** The signed-in sender's name; null for a viewer who is not signed in. */
  senderName: string | null;
  showcase: { title: string; url: string; thumbnailUrl: string | null };
  message: string;
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export function composeShareMail({
  locale,
  senderName,
  showcase,
  message,
}: ShareMailInput): ComposedMail {
  const t = translator(locale);
  const title = oneLine(showcase.title);
  const subject = senderName
    ? t('mail.shareSubject', { name: oneLine(senderName), title })
    : t('mail.shareSubjectAnonymous', { title });
  const intro = senderName
    ? t('mail.shareIntro', { name: oneLine(senderName) })
    : t('mail.shareIntroAnonymous');
  const note = message.trim();
  const text = [
    intro,
    '',
    title,
    showcase.url,
    ...(note ? ['', t('mail.theirMessage'), note] : []),
    '',
    t('mail.footer'),
  ].join('\n');
  const paragraphs = note
    .split(/\r?\n/)
    .map((line) => escapeHtml(line))
    .join('<br>');
  const theirMessage =
    `<p style="margin:0 0 4px;color:#555">${escapeHtml(t('mail.theirMessage'))}</p>` +
    `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ccc">${paragraphs}</blockquote>`;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<a href="${escapeHtml(showcase.url)}" style="color:inherit;text-decoration:none">${
    showcase.thumbnailUrl
      ? `<img src="${escapeHtml(showcase.thumbnailUrl)}" alt="" width="512" style="display:block;width:100%;height:auto;border-radius:6px">`
      : ''
  }<h1 style="font-size:20px;margin:16px 0 8px">${escapeHtml(title)}</h1></a>
${note ? theirMessage : ''}
${buttonParagraph(showcase.url, t('mail.watch'))}
<p style="margin:16px 0 0;font-size:12px;color:#777">${escapeHtml(t('mail.footer'))}</p>
</div></body></html>`;
  return { subject, text, html };
}
