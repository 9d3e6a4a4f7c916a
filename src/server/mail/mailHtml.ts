/**
 * The pieces every mail of Vitrine is made of: values escaped for HTML, subjects on one line
 * (nothing typed reaches a header), and the one layout of a short mail with a button.
 */
export const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
export const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();

/** The paragraph holding a mail's one button: a link drawn as a button, in the brand's blue. */
export function buttonParagraph(url: string, label: string): string {
  const style =
    'display:inline-block;background:#00adef;color:#fff;padding:10px 16px;' +
    'border-radius:6px;text-decoration:none;font-weight:600';
  return `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="${style}">${escapeHtml(label)}</a></p>`;
}

export interface ButtonMail {
  locale: string;
  subject: string;
  paragraphs: string[];
  button: { label: string; url: string };
  footer: string;
}

/** Plain text and HTML of a mail that says a few things and offers one link. */
export function buttonMail({ locale, subject, paragraphs, button, footer }: ButtonMail): {
  subject: string;
  text: string;
  html: string;
} {
  const text = [...paragraphs, '', `${button.label}: ${button.url}`, '', footer].join('\n');
  const html = `<!doctype html>
<html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n')}
${buttonParagraph(button.url, button.label)}
<p style="margin:16px 0 0;font-size:12px;color:#777">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject: oneLine(subject), text, html };
}
