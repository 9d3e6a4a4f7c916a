import { describe, expect, it } from 'vitest';
import { precompressedChoice, precompressedName, textTypeOf } from './precompressed.ts';

const written = new Set([
  '/_astro/app.js.br',
  '/_astro/app.js.gz',
  '/_astro/page.css.gz',
  '/icon.svg.br',
]);

describe('precompressedChoice', () => {
  it('sends brotli when the client takes it, else gzip, with the original type', () => {
    expect(precompressedChoice('/_astro/app.js', 'gzip, deflate, br, zstd', written)).toEqual({
      file: '/_astro/app.js.br',
      encoding: 'br',
      type: 'text/javascript; charset=utf-8',
    });
    expect(precompressedChoice('/_astro/app.js', 'gzip, deflate', written)).toEqual({
      file: '/_astro/app.js.gz',
      encoding: 'gzip',
      type: 'text/javascript; charset=utf-8',
    });
    expect(precompressedChoice('/_astro/app.js', 'br;q=0, gzip;q=0.5', written)?.encoding).toBe(
      'gzip',
    );
    expect(precompressedChoice('/icon.svg', 'br', written)).toEqual({
      file: '/icon.svg.br',
      encoding: 'br',
      type: 'image/svg+xml',
    });
  });

  it('falls back to an encoding the build wrote, and to none', () => {
    expect(precompressedChoice('/_astro/page.css', 'br, gzip', written)).toEqual({
      file: '/_astro/page.css.gz',
      encoding: 'gzip',
      type: 'text/css; charset=utf-8',
    });
    expect(precompressedChoice('/_astro/page.css', 'br', written)).toBeNull();
    expect(precompressedChoice('/_astro/other.js', 'br, gzip', written)).toBeNull();
  });

  it('sends the file as it is to a client that takes no compression', () => {
    expect(precompressedChoice('/_astro/app.js', undefined, written)).toBeNull();
    expect(precompressedChoice('/_astro/app.js', 'identity', written)).toBeNull();
    expect(precompressedChoice('/_astro/app.js', 'br;q=0, gzip;q=0', written)).toBeNull();
  });
});

describe('textTypeOf', () => {
  it('names the text files worth compressing, whatever the case of their extension', () => {
    expect(textTypeOf('/_astro/client.CGwTLu3e.js')).toBe('text/javascript; charset=utf-8');
    expect(textTypeOf('/STYLE.CSS')).toBe('text/css; charset=utf-8');
    expect(textTypeOf('/demo/poster.jpg')).toBeNull();
    expect(textTypeOf('/fonts/a.woff2')).toBeNull();
    expect(textTypeOf('/_astro/app.js.br')).toBeNull();
  });

  it('names a compressed copy beside its file', () => {
    expect(precompressedName('/_astro/app.js', 'br')).toBe('/_astro/app.js.br');
    expect(precompressedName('/_astro/app.js', 'gzip')).toBe('/_astro/app.js.gz');
  });
});
