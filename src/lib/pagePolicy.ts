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

const DIRECTIVES = ["default-src 'self'", "img-src 'self' data:", "media-src 'self' blob:", "connect-src 'self'", "frame-src 'self'", "object-src 'none'", "base-uri 'self'"];

// An HTML parser ends a script's or a style's text at the first closing tag, whatever it holds.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style[\s/>]/gi;
const EXTERNAL = /\ssrc\s*=/i;
const TYPE = /\stype\s*=\s*["']?([^"'\s>]*)/i;
/** Types a browser runs; any other (application/ld+json, say) is data that no policy covers. */
const RUNNABLE = /^(module|(text|application)\/(java|ecma)script)?$/i;

function runs(attributes: string): boolean {
  if (EXTERNAL.test(attributes)) return false;
  return RUNNABLE.test(TYPE.exec(attributes)?.[1] ?? '');
}

function source(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/** The hash sources of the page's inline scripts and style elements, each once. */
export function inlineSources(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT)) if (runs(attributes)) scripts.add(source(text));
  for (const [, text = ''] of html.matchAll(STYLE)) styles.add(source(text));
  return { scripts: [...scripts], styles: [...styles] };
}

/** The whole policy of a page, with its framing rule (`frame-ancestors …`, src/middleware.ts). */
export function pagePolicy(html: string, framing: string): string {
  const { scripts, styles } = inlineSources(html);
  return [...DIRECTIVES, ["script-src 'self'", ...scripts].join(' '), ["style-src 'self'", ...styles].join(' '), "style-src-attr 'unsafe-inline'", framing].join('; ');
}
