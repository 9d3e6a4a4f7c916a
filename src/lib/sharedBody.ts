/**
 * A signed-in page made of a body shared by every viewer of one class and the viewer's own
 * piece (the top bar and the account's banners), the way an edge joins an include into a
 * cached page. The render marks the personal piece; what the body holds of the viewer
 * besides (the session's CSRF token, the frame's JWT) is named by the render and cut out as
 * holes, filled anew for each viewer. A body that still carries something of its viewer after
 * that is never shared (`bodyTemplate`): a missed dependency costs a render, never a leak.
 */
import { compressedPart, joinGzip, storedPart, type GzipPart } from './gzipJoin.ts';
import { inlineSources, type InlineSources } from './pagePolicy.ts';

export const PERSONAL_START = '<!--vitrine:personal-->';
export const PERSONAL_END = '<!--/vitrine:personal-->';

/** The values of one viewer a render wrote into the body, by name, each filled anew per viewer. */
export type PersonalValues = ReadonlyMap<string, string>;

/** A body with holes: bytes, the personal piece (`null`), or a personal value by name. */
export interface BodyTemplate {
  parts: readonly (Buffer | { hole: string } | null)[];
  /** The personal values its holes name. */
  holes: readonly string[];
  /** Bytes the parts hold, for the cache's size bound. */
  bytes: number;
  /**
   * The inline scripts and styles of the body without its piece (src/lib/pagePolicy.ts), the
   * same for every viewer; null when a hole falls inside one, whose hash then is each viewer's.
   */
  sources: InlineSources | null;
}

export interface SplitPage {
  before: string;
  personal: string;
  after: string;
}

/** The page cut around its one personal piece; null when it has none, or more than one. */
export function splitPersonal(html: string): SplitPage | null {
  const start = html.indexOf(PERSONAL_START);
  if (start < 0 || html.indexOf(PERSONAL_START, start + 1) >= 0) return null;
  const end = html.indexOf(PERSONAL_END, start);
  if (end < 0) return null;
  return {
    before: html.slice(0, start),
    personal: html.slice(start, end + PERSONAL_END.length),
    after: html.slice(end + PERSONAL_END.length),
  };
}

const ONCE_PER_PAGE = /<script\b[^>]*>[\s\S]*?<\/script>|<astro-island\b[^>]*>/gi;
const ISLAND_ATTRIBUTE = /\s(component-url|renderer-url|client|before-hydration-url)="([^"]*)"/g;

/**
 * What a personal piece emits that Astro writes once per page: its scripts, and its islands'
 * components, renderers and directives. The body rendered after it leaves out what it already
 * emitted, so a body fits only a piece of the same signature.
 */
export function personalSignature(personal: string): string {
  const emitted = new Set<string>();
  for (const [tag] of personal.matchAll(ONCE_PER_PAGE)) {
    if (tag.startsWith('<script') || tag.startsWith('<SCRIPT')) emitted.add(tag);
    else
      for (const [, name, value] of tag.matchAll(ISLAND_ATTRIBUTE)) emitted.add(`${name}=${value}`);
  }
  return [...emitted].sort().join('\n');
}

function cutHoles(text: string, values: PersonalValues): (string | { hole: string })[] {
  let parts: (string | { hole: string })[] = [text];
  for (const [name, value] of values) {
    if (!value) continue;
    parts = parts.flatMap((part) =>
      typeof part !== 'string'
        ? [part]
        : part.split(value).flatMap((piece, i) => (i === 0 ? [piece] : [{ hole: name }, piece])),
    );
  }
  return parts;
}

/**
 * The body of a split page with each personal value cut out as a hole, kept as bytes so that a
 * page is joined without encoding it again; null when the body still holds any of `secrets`
 * (an e-mail address, a token) outside its holes.
 */
export function bodyTemplate(
  page: SplitPage,
  values: PersonalValues,
  secrets: readonly string[],
): BodyTemplate | null {
  const pieces = [...cutHoles(page.before, values), null, ...cutHoles(page.after, values)];
  const keepsSomething = pieces.some(
    (piece) =>
      typeof piece === 'string' &&
      secrets.some((secret) => secret !== '' && piece.includes(secret)),
  );
  if (keepsSomething) return null;
  const parts = pieces
    .filter((piece) => piece !== '')
    .map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece));
  const holes = [
    ...new Set(parts.flatMap((part) => (part && !Buffer.isBuffer(part) ? [part.hole] : []))),
  ];
  const bytes = parts.reduce((sum, part) => sum + (Buffer.isBuffer(part) ? part.length : 0), 0);
  return { parts, holes, bytes, sources: sharedSources(parts, values) };
}

/** The body's sources when no value of its viewer changes them: found with their values and with others. */
function sharedSources(parts: BodyTemplate['parts'], values: PersonalValues): InlineSources | null {
  const sourcesWith = (fill: (value: string) => string) =>
    inlineSources(
      Buffer.concat(
        parts.map((part) =>
          part === null
            ? Buffer.alloc(0)
            : Buffer.isBuffer(part)
              ? part
              : Buffer.from(fill(values.get(part.hole) ?? '')),
        ),
      ),
    );
  const own = sourcesWith((value) => value);
  const other = sourcesWith((value) => `${value}~`);
  return JSON.stringify(own) === JSON.stringify(other) ? own : null;
}

/** The page for one viewer: the template with their piece and values in its holes; null when a value is missing. */
export function composePage(
  template: BodyTemplate,
  personal: Buffer,
  values: PersonalValues,
): Buffer<ArrayBuffer> | null {
  const chunks: Buffer[] = [];
  for (const part of template.parts) {
    if (part === null) chunks.push(personal);
    else if (Buffer.isBuffer(part)) chunks.push(part);
    else {
      const value = values.get(part.hole);
      if (value === undefined) return null;
      chunks.push(Buffer.from(value));
    }
  }
  return Buffer.concat(chunks);
}

/** A template's parts compressed once each (src/lib/gzipJoin.ts); the piece and the holes stay open. */
export type CompressedTemplate = readonly (GzipPart | null | { hole: string })[];

export function compressTemplate(template: BodyTemplate): CompressedTemplate {
  return template.parts.map((part) => (Buffer.isBuffer(part) ? compressedPart(part) : part));
}

/** The page for one viewer as one gzip stream, as composePage joins it; null when a value is missing. */
export function composeGzip(
  template: CompressedTemplate,
  personal: GzipPart,
  values: PersonalValues,
): Buffer<ArrayBuffer> | null {
  const parts: GzipPart[] = [];
  for (const part of template) {
    if (part === null) parts.push(personal);
    else if ('deflated' in part) parts.push(part);
    else {
      const value = values.get(part.hole);
      if (value === undefined) return null;
      parts.push(storedPart(Buffer.from(value)));
    }
  }
  return joinGzip(parts);
}

/** /showcase/{id} and /showcase/{id}/video/{videoId}, without locale prefix: the pages a class shares. */
export function sharedShowcaseRoute(
  path: string,
): { albumId: number; videoId: number | null } | null {
  const match = /^\/showcase\/([1-9]\d{0,9})(?:\/video\/([1-9]\d{0,9}))?\/?$/.exec(path);
  if (!match) return null;
  return { albumId: Number(match[1]), videoId: match[2] ? Number(match[2]) : null };
}
