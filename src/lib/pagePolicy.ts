/**
 * The Content-Security-Policy of an HTML page: scripts and styles come from this site, or are
 * inline ones the page itself holds, allowed by their SHA-256, those inside a `<template>`
 * included (the lazy loader runs them later: src/islands/lazyLoader.ts). Style attributes
 * carry CSS variables (brand colour, footer rotation) and cannot run code.
 *
 * The hashes are of what this page holds, not of every inline script the site has: the
 * header stays a few hundred bytes, and a page's first response fits in TCP's first round
 * trip (14.6 KB) on a slow phone network, which the largest paint waits for.
 */
import { createHash } from 'node:crypto';

const DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
];

// An HTML parser ends a script's or a style's text at the first closing tag, whatever it holds.
// `d`: each match tells where its text starts and ends.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/dgi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/dgi;
const EXTERNAL = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]*)/i;
/** Types a browser runs; any other (application/ld+json, say) is data that no policy covers. */
const RUNNABLE = /^(module|(text|application)\/(java|ecma)script)?$/i;

function runs(attributes: string): boolean {
  if (EXTERNAL.test(attributes)) return false;
  return RUNNABLE.test(TYPE.exec(attributes)?.[1] ?? '');
}

/** The hash source of the bytes from `start` to `end`: a browser hashes an element's text as UTF-8. */
function source(page: Buffer, [start, end]: [number, number]): string {
  return `'sha256-${createHash('sha256').update(page.subarray(start, end)).digest('base64')}'`;
}

/**
 * The hash sources of the page's inline scripts and style elements, each once. The page is
 * searched as Latin-1, a character a byte: its tags are ASCII, and a match's place is then its
 * place in the bytes, hashed as they are, with no decoding of the whole page.
 */
export interface InlineSources {
  scripts: readonly string[];
  styles: readonly string[];
}

export function inlineSources(page: Uint8Array): InlineSources {
  const bytes = Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  const text = bytes.toString('latin1');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const match of text.matchAll(SCRIPT))
    if (runs(match[1] ?? '')) scripts.add(source(bytes, match.indices![2]!));
  for (const match of text.matchAll(STYLE)) styles.add(source(bytes, match.indices![1]!));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The sources of a page joined from parts, each part's found on its own: an element never spans two. */
export function joinSources(...parts: readonly InlineSources[]): InlineSources {
  return {
    scripts: [...new Set(parts.flatMap((part) => part.scripts))],
    styles: [...new Set(parts.flatMap((part) => part.styles))],
  };
}

/** The whole policy of a page from its inline sources, with its framing rule (`frame-ancestors …`, src/middleware.ts). */
export function pagePolicy({ scripts, styles }: InlineSources, framing: string): string {
  return [
    ...DIRECTIVES,
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    "style-src-attr 'unsafe-inline'",
    framing,
  ].join('; ');
}
