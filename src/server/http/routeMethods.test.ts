import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allowedMethods, exportedMethods, FORM_PAGES, routePatternOf } from './routeMethods.ts';

function astroPages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? astroPages(full) : full.endsWith('.astro') ? [full] : [];
  });
}

describe('allowedMethods', () => {
  it('answers what an endpoint exports, GET bringing HEAD', async () => {
    expect(await allowedMethods('/api/albums/[albumId]/videos/[videoId]/retrieve')).toEqual([
      'GET',
      'HEAD',
    ]);
    expect(await allowedMethods('/api/albums/[albumId]')).toEqual([
      'GET',
      'HEAD',
      'PATCH',
      'DELETE',
    ]);
    expect(await allowedMethods('/api/users/[userId]')).toEqual(['GET', 'HEAD', 'PATCH', 'DELETE']);
    expect(await allowedMethods('/log_out')).toEqual(['POST']);
    expect(await allowedMethods('/media/p/[exp]/[sig]/[...key]')).toEqual(['GET', 'HEAD']);
  });

  it('leaves every method to an endpoint that exports ALL (resumable uploads)', async () => {
    expect(await allowedMethods('/api/uploads/[...path]')).toBeNull();
    expect(exportedMethods({ ALL: () => null })).toBeNull();
  });

  it('shows a page on GET and HEAD, and takes POST only where a form posts', async () => {
    expect(await allowedMethods('/showcase/[albumId]')).toEqual(['GET', 'HEAD']);
    expect(await allowedMethods('/log_in')).toEqual(['GET', 'HEAD', 'POST']);
    expect(await allowedMethods('/showcase/[albumId]/auth')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('knows every page that reads a form post', () => {
    const pagesDir = path.resolve('src/pages');
    const posting = astroPages(pagesDir)
      .filter((file) =>
        /request\.method (===|!==) 'POST'|authEndpoint\(|logInForm\(/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) =>
        routePatternOf(`/src/pages/${path.relative(pagesDir, file).split(path.sep).join('/')}`),
      );
    expect(new Set(posting)).toEqual(FORM_PAGES);
  });
});
