/**
 * A page's stylesheets written into its bytes: each `<link rel="stylesheet" href="…">` of its
 * head whose sheet is known becomes a `<style>` element holding that sheet, as a first visit
 * needs them (astro.config.mjs). Done on the encoded page rather than by the renderer, because
 * the sheets are a third of a page's text: rendered in, they take a grid page's string past
 * 128 KB (64 K characters, once one of them outside Latin-1 makes it two bytes a character),
 * from which V8 flattens it into its large-object space, about half a millisecond a page.
 */
const LINK_OPEN = Buffer.from('<link rel="stylesheet" href="');
const LINK_CLOSE = Buffer.from('">');
const HEAD_END = Buffer.from('</head>');
const STYLE_OPEN = Buffer.from('<style>');
const STYLE_CLOSE = Buffer.from('</style>');

/** The page with its known stylesheets inlined; the page itself when it links none of them. */
export function inlineStylesheets(
  page: Uint8Array<ArrayBuffer>,
  sheets: ReadonlyMap<string, Uint8Array>,
): Uint8Array<ArrayBuffer> {
  if (sheets.size === 0) return page;
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const headEnd = bytes.indexOf(HEAD_END);
  const pieces: Uint8Array[] = [];
  let copied = 0;
  for (
    let link = bytes.indexOf(LINK_OPEN);
    link !== -1 && link < headEnd;
    link = bytes.indexOf(LINK_OPEN, link + 1)
  ) {
    const hrefStart = link + LINK_OPEN.length;
    const hrefEnd = bytes.indexOf(LINK_CLOSE, hrefStart);
    if (hrefEnd === -1 || hrefEnd > headEnd) break;
    const sheet = sheets.get(bytes.toString('latin1', hrefStart, hrefEnd));
    if (!sheet) continue;
    // Sheets linked one after the other share one element, as Astro inlines them.
    if (link === copied && pieces.length > 0) pieces.splice(-1, 1, sheet, STYLE_CLOSE);
    else pieces.push(bytes.subarray(copied, link), STYLE_OPEN, sheet, STYLE_CLOSE);
    copied = hrefEnd + LINK_CLOSE.length;
  }
  if (pieces.length === 0) return page;
  pieces.push(bytes.subarray(copied));
  return Buffer.concat(pieces);
}
