import { describe, expect, it } from 'vitest';
import { pageLoadErrorTarget } from './pageLoadError.ts';

describe('after page-load error 2286', () => {
  it('goes to / on the album’s own domain', () => {
    expect(pageLoadErrorTarget(12, true)).toBe('/');
  });
  it('goes to /showcase/{albumId} elsewhere', () => {
    expect(pageLoadErrorTarget(12, false)).toBe('/showcase/12');
  });
});
