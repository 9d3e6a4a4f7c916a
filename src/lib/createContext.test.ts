import { describe, expect, it } from 'vitest';
import { clearedCookie, CREATE_CONTEXT_COOKIE } from './createContext.ts';

describe('clearedCookie', () => {
  it('empties the create-context cookie with a past max-age on the whole site', () => {
    expect(clearedCookie(CREATE_CONTEXT_COOKIE)).toBe(
      'create_context=; Max-Age=-1; Path=/; SameSite=Lax',
    );
  });
});
