/**
 * The mail that lists a video's new review notes, in the recipient's language: each note's
 * time code, version, author and text, and a button to the studio's review page. Notes are
 * reviewers' plain text: escaped in the HTML part, line breaks kept; nothing typed reaches
 * the subject but the video's title, on one line. The job worker sends it, so its strings
 * come from mailStrings.ts.
 */
import type { Locale } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { formatTimeCode } from '../../lib/reviewNotes.ts';
import { buttonParagraph, escapeHtml, oneLine } from './mailHtml.ts';
import { mailText } from './mailStrings.ts';

export interface ReviewNotesMailInput {
  locale: Locale;
  videoName: string;
  videoId: number;
  origin: string;
  notes: readonly { version: number; seconds: number; authorName: string; body: string }[];
}

export function composeReviewNotesMail({
  locale,
  videoName,
  videoId,
  origin,
  notes,
}: ReviewNotesMailInput): { subject: string; text: string; html: string } {
  const t = (key: Parameters<typeof mailText>[1], values?: Record<string, string | number>) =>
    mailText(locale, key, values);
  const name = oneLine(videoName);
  const subject = t('reviewSubject', { name });
  const intro = t('reviewIntro', { name });
  const url = `${origin}${localizePath(locale, `/manage/videos/${videoId}/review`)}`;
  const button = t('reviewButton');
  const footer = t('reviewFooter');
  const heading = (note: ReviewNotesMailInput['notes'][number]) =>
    t('reviewNote', {
      time: formatTimeCode(note.seconds),
      version: note.version,
      name: oneLine(note.authorName),
    });
  const text = [
    intro,
    '',
    ...notes.flatMap((note) => [heading(note), note.body, '']),
    `${button}: ${url}`,
    '',
    footer,
  ].join('\n');
  const noteHtml = (note: ReviewNotesMailInput['notes'][number]) =>
    `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(heading(note))}</p>` +
    `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ccc">${note.body
      .split('\n')
      .map((line) => escapeHtml(line))
      .join('<br>')}</blockquote>`;
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${notes.map(noteHtml).join('\n')}
${buttonParagraph(url, button)}
<p style="margin:16px 0 0;font-size:12px;color:#777">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: oneLine(subject), text, html };
}
