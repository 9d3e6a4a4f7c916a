/** The markup inside a page's body element, between `<body …>` and `</body>`; the whole text when it has no body element. */
export function bodyMarkup(html: string): string {
  const open = /<body\b[^>]*>/i.exec(html);
  if (!open) return html;
  const start = open.index + open[0].length;
  const end = html.toLowerCase().lastIndexOf('</body>');
  return end < start ? html.slice(start) : html.slice(start, end);
}
