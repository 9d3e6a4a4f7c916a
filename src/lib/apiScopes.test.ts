import { describe, expect, it } from 'vitest';
import { scopeAllows } from './apiScopes.ts';

describe('scopeAllows', () => {
  it('lets the site’s own credentials do anything', () => {
    expect(scopeAllows(null, 'upload')).toBe(true);
  });

  it('holds a token to the scopes granted', () => {
    expect(scopeAllows(['public'], 'public')).toBe(true);
    expect(scopeAllows(['public'], 'private')).toBe(false);
    expect(scopeAllows(['public', 'upload'], 'upload')).toBe(true);
    expect(scopeAllows([], 'public')).toBe(false);
  });
});
