/**
 * Auto-linking of showcase and video descriptions (SPEC §2: "description with auto-linked
 * links"). Descriptions are plain text written by owners, so instead of producing HTML this
 * splits the text into segments that a component renders as text nodes and <a> elements;
 * no markup in the description can ever reach the DOM as markup.
 *
 * Recognised: http:// and https:// URLs, bare www. hosts and bare domains (linked as
 * https://), and e-mail addresses (mailto:), with Unicode local parts and internationalised
 * domain names ('jürgen@bücher.de'). No other scheme is ever linked, so javascript:, data: or
 * vbscript: text stays text. Trailing sentence punctuation is left out of links, as is a
 * closing bracket that has no opening partner inside the link ("(see http://x.com/a)").
 *
 * A bare domain is linked only when its top-level domain is a common one written in lower
 * case (BARE_TLDS), so file names ('README.md', 'clip.mov'), version numbers ('v1.2.3') and
 * a missing space after a full stop ('the end.It') stay text; any other host still links
 * with www. or a scheme.
 */

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Chinese, Japanese and Korean: prose in these scripts runs into an address without a space. */
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const ALPHABETIC = String.raw`\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}`;
const LABEL_CHAR = String.raw`\p{L}\p{N}\p{M}`;
const LABEL = `[${LABEL_CHAR}](?:[${LABEL_CHAR}-]{0,61}[${LABEL_CHAR}])?`;
/**
 * A top-level domain: punycode, a whole run of alphabetic letters (so 'example.deまで' ends
 * at 'de', before the Japanese that follows), or a run of CJK letters.
 */
const TLD = String.raw`xn--[a-z0-9-]{1,59}|[${ALPHABETIC}]{2,63}(?![${ALPHABETIC}\p{N}_-])|[${CJK}]{2,63}`;
/** At most eight labels: scanning a run like 'a.a.a.a…' must stay linear. */
const HOST = String.raw`(?:${LABEL}\.){1,8}(?:${TLD})`;
const EMAIL_LOCAL = `[${LABEL_CHAR}._%+-]`;

/**
 * Alternatives in priority order: an e-mail first so 'www.joe@example.com' is an address,
 * not a host; a bare domain last so 'www.' and schemes keep their own rules. Length caps
 * keep scanning linear on long runs of letters without an '@'.
 */
const PATTERN = new RegExp(
  String.raw`(${EMAIL_LOCAL}{1,64}@${HOST})|(https?://[^\s<>"]+)|(www\.[^\s<>"]+)|((?:${LABEL}\.){1,8}(${TLD})(?::\d{1,5})?(?:[/?#][^\s<>"]*)?)`,
  'giu',
);

/**
 * Top-level domains a bare domain may end in: the generic ones people write and the country
 * codes in wide use, less those that are also file extensions (md, py, sh, pl, rs, so, ps, ai…).
 */
const BARE_TLDS: ReadonlySet<string> = new Set(
  (
    'com org net edu gov int info biz name pro io co dev tv me xyz ' +
    'ae ar at au be bg br ca ch cl cn cz de dk ee es eu fi fr gr hk hr hu ie il it jp kr lt lu lv ' +
    'mx my nl no nz pe ph pt ro ru se sg si sk th tr tw ua uk us uy vn za ' +
    'рф 中国 中國 한국 香港 台灣 台湾'
  ).split(' '),
);

const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');
/** CJK prose in front of an address or domain: '連絡は' of '連絡はjürgen@example.de'. */
const CJK_LEAD = new RegExp(`^[${CJK}]+(?=[^${CJK}.@])`, 'u');
/** A URL glued to a preceding word ('xhttp://', 'foo.www.') is not a link of its own. */
const URL_GLUE_CHAR = /[a-z0-9.@/_-]/i;
/** A longer local part: a 65th character before the match means the real address is longer. */
const EMAIL_GLUE_CHAR = new RegExp(EMAIL_LOCAL, 'u');
/** A bare domain glued to a preceding word, path or address is part of something else. */
const HOST_GLUE_CHAR = new RegExp(`[${LABEL_CHAR}.@/:_%+-]`, 'u');

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

/** The href for a bare domain, or null when the URL standard refuses the host. */
function bareHref(text: string, tld: string): string | null {
  if (tld !== tld.toLowerCase() || !BARE_TLDS.has(tld)) return null;
  const href = `https://${text}`;
  return parseUrl(href) === null ? null : href;
}

/**
 * The mailto: href of an address (RFC 6068): the local part's non-ASCII characters and '%'
 * percent-encoded as UTF-8, the domain in its ASCII (punycode) form that every mail client
 * reads. Null when the URL standard refuses the domain.
 */
function mailHref(address: string): string | null {
  const at = address.lastIndexOf('@');
  const host = parseUrl(`http://${address.slice(at + 1)}`)?.hostname;
  if (!host) return null;
  const local = address.slice(0, at).replace(/[^\x21-\x7e]|%/gu, (c) => encodeURIComponent(c));
  return `mailto:${local}@${host}`;
}

/** Whether the character before a candidate makes it the tail of a longer word. */
function glued(before: string, first: string, glue: RegExp): boolean {
  if (before === '' || !glue.test(before)) return false;
  // CJK prose runs into a Latin address without a space ('連絡はinfo@example.jp'): no glue.
  return !(CJK_CHAR.test(before) && !CJK_CHAR.test(first));
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
    const [whole, email, , www, bare, tld] = match;
    let start = match.index;
    let text = whole;
    let href: string | null = null;

    if (email !== undefined || bare !== undefined) {
      // Both may have swallowed CJK prose written against them; the link starts after it.
      const lead = CJK_LEAD.exec(whole)?.[0].length ?? 0;
      start += lead;
      text = whole.slice(lead);
      const before = input.charAt(start - 1);
      if (email !== undefined) {
        if (!glued(before, text, EMAIL_GLUE_CHAR)) href = mailHref(text);
      } else if (!glued(before, text, HOST_GLUE_CHAR)) {
        text = trimUrl(text);
        href = bareHref(text, tld ?? '');
      }
    } else if (start === 0 || !URL_GLUE_CHAR.test(input.charAt(start - 1))) {
      text = trimUrl(whole);
      href = webHref(text, www !== undefined);
    }

    if (href === null) {
      // Not a link after all: retry from the next character so a later, valid match is kept.
      pattern.lastIndex = match.index + 1;
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
