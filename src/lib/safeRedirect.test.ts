import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './safeRedirect.ts';

describe('safeReturnTo', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeReturnTo('/showcase/12?page=2')).toBe('/showcase/12?page=2');
  });
  it('keeps a locale-prefixed path', () => {
    expect(safeReturnTo('/ja-JP/showcase/12')).toBe('/ja-JP/showcase/12');
  });
  it('drops the fragment', () => {
    expect(safeReturnTo('/stock#top')).toBe('/stock');
  });
  it.each([
    ['a protocol-relative URL', '//evil.example/x'],
    ['a backslash authority', '/\\evil.example'],
    ['a tab hidden after the slash', '/\t/evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'showcase/1'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an empty string', ''],
    ['a non-string', 42],
    ['a missing value', undefined],
  ])('answers / for %s', (_, value) => {
    expect(safeReturnTo(value)).toBe('/');
  });
  it('answers / for an overlong path', () => {
    expect(safeReturnTo(`/${'a'.repeat(3000)}`)).toBe('/');
  });
});
