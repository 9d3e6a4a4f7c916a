/**
 * Auto-linking of showcase and video descriptions (SPEC §2: "description with auto-linked
 * links"). Descriptions are plain text written by owners, so instead of producing HTML this
 * splits the text into segments that a component renders as text nodes and <a> elements;
 * no markup in the description can ever reach the DOM as markup.
 *
 * Recognised: http:// and https:// URLs, bare www. hosts (linked as https://) and e-mail
 * addresses (mailto:). No other scheme is ever linked, so javascript:, data: or vbscript:
 * text stays text. Trailing sentence punctuation is left out of links, as is a closing
 * bracket that has no opening partner inside the link ("(see http://x.com/a)").
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Alternatives in priority order: an e-mail first so 'www.joe@example.com' is an address,
 * not a host. Length caps keep scanning linear on long runs of letters without an '@'.
 */
const PATTERN =
  /([a-z0-9._%+-]{1,64}@[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,63})|(https?:\/\/[^\s<>"]+)|(www\.[^\s<>"]+)/gi;

const EMAIL_LOCAL_CHAR = /[a-z0-9._%+-]/i;
/** A URL glued to a preceding word ('xhttp://', 'foo.www.') is not a link of its own. */
const URL_GLUE_CHAR = /[a-z0-9.@/_-]/i;

const TRAILING_PUNCTUATION = new Set(['.', ',', ';', ':', '!', '?', "'", '’', '…', '*']);
const CLOSERS: Readonly<Record<string, string>> = { ')': '(', ']': '[', '}': '{' };

function count(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n += 1;
  return n;
}

/** Drops trailing punctuation and unbalanced closing brackets from a URL candidate. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1);
    if (last === undefined) return url;
    if (TRAILING_PUNCTUATION.has(last)) {
      url = url.slice(0, -1);
      continue;
    }
    const opener = CLOSERS[last];
    if (opener !== undefined && count(url, last) > count(url, opener)) {
      url = url.slice(0, -1);
      continue;
    }
    return url;
  }
}

function parseUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** The href for a web link, or null when the candidate is not a usable http(s) URL. */
function webHref(text: string, isWww: boolean): string | null {
  const href = isWww ? `https://${text}` : text;
  const url = parseUrl(href);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  if (url.hostname === '') return null;
  if (isWww) {
    // 'www.' alone or 'www.example' is not a host anyone means; want www.<name>.<tld>.
    if (url.username !== '' || !/^www\.[^.]+\.[^.]+/i.test(url.hostname)) return null;
  }
  return href;
}

function push(out: Segment[], segment: Segment): void {
  const previous = out.at(-1);
  if (segment.kind === 'text') {
    if (segment.text === '') return;
    if (previous?.kind === 'text') {
      out[out.length - 1] = { kind: 'text', text: previous.text + segment.text };
      return;
    }
  }
  out.push(segment);
}

export function autolink(input: string): Segment[] {
  if (typeof input !== 'string' || input === '') return [];
  const out: Segment[] = [];
  const pattern = new RegExp(PATTERN.source, PATTERN.flags);
  let cursor = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(input)) !== null) {
    const [whole, email, web, www] = match;
    const start = match.index;
    const before = start > 0 ? input.charAt(start - 1) : '';
    let text = whole;
    let href: string | null = null;

    if (email !== undefined) {
      // A 65th local-part character before the match means the real address is longer.
      if (before === '' || !EMAIL_LOCAL_CHAR.test(before)) href = `mailto:${email}`;
    } else if (web !== undefined || www !== undefined) {
      if (before === '' || !URL_GLUE_CHAR.test(before)) {
        text = trimUrl(whole);
        href = webHref(text, www !== undefined);
      }
    }

    if (href === null) {
      // Not a link after all: retry from the next character so a later, valid match is kept.
      pattern.lastIndex = start + 1;
      continue;
    }
    push(out, { kind: 'text', text: input.slice(cursor, start) });
    push(out, { kind: 'link', text, href });
    cursor = start + text.length;
    pattern.lastIndex = cursor;
  }
  push(out, { kind: 'text', text: input.slice(cursor) });
  return out;
}
