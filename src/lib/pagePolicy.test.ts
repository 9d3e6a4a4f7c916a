import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  inlineSources as sourcesOfBytes,
  joinSources,
  pagePolicy as policyOfSources,
} from './pagePolicy.ts';

const bytes = (html: string) => new TextEncoder().encode(html);
const inlineSources = (html: string) => sourcesOfBytes(bytes(html));
const pagePolicy = (html: string, framing: string) => policyOfSources(inlineSources(html), framing);
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe("a page's content security policy", () => {
  it('allows each inline script and style element the page holds by its hash, once', () => {
    const html =
      '<head><style>a{color:red}</style><script type="module">go()</script></head>' +
      '<body><script>one()</script><script>one()</script><style media="print">b{}</style></body>';
    expect(inlineSources(html)).toEqual({
      scripts: [hash('go()'), hash('one()')],
      styles: [hash('a{color:red}'), hash('b{}')],
    });
  });

  it('hashes a module written inert in a template, which the lazy loader runs later', () => {
    const html = `<template data-lazy-module="share"><script type="module">mount()</script></template>`;
    expect(inlineSources(html).scripts).toEqual([hash('mount()')]);
  });

  it('leaves out scripts from a file and data blocks, which no hash covers', () => {
    const html =
      '<script type="module" src="/_astro/a.js"></script>' +
      '<script type="application/ld+json">{"@type":"VideoObject"}</script>' +
      '<script data-src="x">run()</script>';
    expect(inlineSources(html).scripts).toEqual([hash('run()')]);
  });

  it('hashes the exact text, multi-byte characters and line breaks included', () => {
    const text = '\n  document.title = "Vidéo · 動画";\n';
    expect(inlineSources(`<SCRIPT>${text}</SCRIPT >`).scripts).toEqual([hash(text)]);
  });

  it('keeps every other source to the site and adds the framing rule', () => {
    const policy = pagePolicy('<style>p{}</style><script>x()</script>', "frame-ancestors 'self'");
    expect(policy.split('; ')).toEqual([
      "default-src 'self'",
      "img-src 'self' data:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      `script-src 'self' ${hash('x()')}`,
      `style-src 'self' ${hash('p{}')}`,
      "style-src-attr 'unsafe-inline'",
      "frame-ancestors 'self'",
    ]);
  });

  it('allows no inline script on a page without one', () => {
    expect(pagePolicy('<p>hello</p>', 'frame-ancestors *')).toContain(
      "script-src 'self'; style-src 'self'; ",
    );
  });

  it('finds the sources of a page joined from parts as those of the whole page', () => {
    const head = '<head><style>a{}</style><script>boot()</script></head><body>';
    const piece = '<header><script>boot()</script><script>bar()</script></header>';
    const rest = '<main><style>m{}</style></main></body>';
    expect(joinSources(inlineSources(head + rest), inlineSources(piece))).toEqual(
      inlineSources(head + piece + rest),
    );
  });
});
