import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readStylesheets } from './builtStylesheets.ts';

const root = mkdtempSync(path.join(tmpdir(), 'vitrine-sheets-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the built stylesheets', () => {
  it('are the build’s CSS files, by the address a page links them at', () => {
    mkdirSync(path.join(root, '_astro'));
    writeFileSync(path.join(root, '_astro', 'Shell.a1.css'), 'body{margin:0}');
    writeFileSync(path.join(root, '_astro', 'app.b2.js'), 'export {};');
    writeFileSync(path.join(root, 'print.css'), 'p{}');
    const sheets = readStylesheets(root);
    expect([...sheets.keys()]).toEqual(['/_astro/Shell.a1.css']);
    expect(new TextDecoder().decode(sheets.get('/_astro/Shell.a1.css'))).toBe('body{margin:0}');
  });

  it('are none where no build wrote them', () => {
    expect(readStylesheets(path.join(root, 'missing')).size).toBe(0);
  });
});
