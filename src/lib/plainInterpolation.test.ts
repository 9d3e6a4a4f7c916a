import { describe, expect, it } from 'vitest';
import { compilePlain, onlyValues } from './plainInterpolation.ts';

describe('a plain message', () => {
  it('fills each named value in, as often as it appears', () => {
    const fill = compilePlain('Play {{title}} — {{ title }} by {{owner}}')!;
    expect(fill({ title: 'Harbour', owner: 'Northwind' })).toBe(
      'Play Harbour — Harbour by Northwind',
    );
    expect(compilePlain('No values')!({})).toBe('No values');
    expect(compilePlain('{{page}}페이지')!({ page: 3 })).toBe('3페이지');
  });

  it('declines a missing or non-text value, for i18next to handle', () => {
    const fill = compilePlain('Hello {{name}}')!;
    expect(fill({})).toBeNull();
    expect(fill({ name: null })).toBeNull();
    expect(fill({ name: { first: 'A' } })).toBeNull();
  });
});

describe('a message that needs i18next', () => {
  it('is not compiled', () => {
    expect(compilePlain('{{count, number}} videos')).toBeNull();
    expect(compilePlain('{{- html}}')).toBeNull();
    expect(compilePlain('See $t(common.more)')).toBeNull();
    expect(compilePlain('{{user.name}}')).toBeNull();
  });

  it('is asked for when the call names an i18next option', () => {
    expect(onlyValues({ title: 'x' })).toBe(true);
    expect(onlyValues({ count: 2 })).toBe(false);
    expect(onlyValues({ title: 'x', defaultValue: 'y' })).toBe(false);
    expect(onlyValues(null)).toBe(false);
    expect(onlyValues(['x'])).toBe(false);
  });
});
