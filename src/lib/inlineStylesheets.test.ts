import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from './inlineStylesheets.ts';

const encoder = new TextEncoder();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const sheets = new Map([
  ['/_astro/Shell.a1.css', encoder.encode('body{margin:0}')],
  ['/_astro/Grid.b2.css', encoder.encode('.card::after{content:"—"}')],
]);

describe('stylesheets written into a page', () => {
  it('replaces each known sheet’s link with its text, in place and in order', () => {
    const page = encoder.encode(
      '<!DOCTYPE html><html><head><meta charset="utf-8">' +
        '<link rel="stylesheet" href="/_astro/Shell.a1.css"><title>Vidéo</title>' +
        '<link rel="stylesheet" href="/_astro/Grid.b2.css"></head><body>日本語</body></html>',
    );
    expect(text(inlineStylesheets(page, sheets))).toBe(
      '<!DOCTYPE html><html><head><meta charset="utf-8">' +
        '<style>body{margin:0}</style><title>Vidéo</title>' +
        '<style>.card::after{content:"—"}</style></head><body>日本語</body></html>',
    );
  });

  it('writes sheets linked one after the other into one element, in their order', () => {
    const page = encoder.encode(
      '<head><link rel="stylesheet" href="/_astro/Grid.b2.css"><link rel="stylesheet" href="/_astro/Shell.a1.css"></head>',
    );
    expect(text(inlineStylesheets(page, sheets))).toBe(
      '<head><style>.card::after{content:"—"}body{margin:0}</style></head>',
    );
  });

  it('keeps links to sheets it does not hold, and the same page when there is nothing to write', () => {
    const page = encoder.encode(
      '<html><head><link rel="stylesheet" href="https://fonts.example/a.css"><link rel="stylesheet" href="/_astro/Shell.a1.css"></head></html>',
    );
    expect(text(inlineStylesheets(page, sheets))).toBe(
      '<html><head><link rel="stylesheet" href="https://fonts.example/a.css"><style>body{margin:0}</style></head></html>',
    );
    const plain = encoder.encode(
      '<html><head><link rel="icon" href="/favicon.svg"></head><body></body></html>',
    );
    expect(inlineStylesheets(plain, sheets)).toBe(plain);
    expect(inlineStylesheets(page, new Map())).toBe(page);
  });

  it('leaves the body alone: only the head’s links are the page’s stylesheets', () => {
    const page = encoder.encode(
      '<html><head></head><body><script type="text/plain"><link rel="stylesheet" href="/_astro/Shell.a1.css"></script></body></html>',
    );
    expect(inlineStylesheets(page, sheets)).toBe(page);
    const headless = encoder.encode('<p><link rel="stylesheet" href="/_astro/Shell.a1.css"></p>');
    expect(inlineStylesheets(headless, sheets)).toBe(headless);
  });

  it('reads a page that is a view into a larger buffer', () => {
    const whole = encoder.encode(
      'xxxx<head><link rel="stylesheet" href="/_astro/Shell.a1.css"></head>yy',
    );
    expect(text(inlineStylesheets(whole.subarray(4, whole.length - 2), sheets))).toBe(
      '<head><style>body{margin:0}</style></head>',
    );
  });
});
