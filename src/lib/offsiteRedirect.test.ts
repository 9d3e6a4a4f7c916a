import { describe, expect, it } from 'vitest';
import { offsiteDestination, showcaseIdOf, signInReturnTo } from './offsiteRedirect.ts';

describe('signInReturnTo', () => {
  it('comes straight back when the showcase is shown here', () => {
    expect(signInReturnTo('/showcase/7', {})).toBe('/showcase/7');
    expect(signInReturnTo('/showcase/7?app=showcase', { app: 'showcase' })).toBe(
      '/showcase/7?app=showcase',
    );
  });
  it('goes through /offsite_redirect when the showcase was opened with offsite=redirect', () => {
    expect(signInReturnTo('/es/showcase/7?offsite=redirect', { offsite: 'redirect' })).toBe(
      '/offsite_redirect?redirect=%2Fes%2Fshowcase%2F7%3Foffsite%3Dredirect',
    );
  });
});

describe('showcaseIdOf', () => {
  it('reads the showcase of a return path, in any locale', () => {
    expect(showcaseIdOf('/showcase/7?offsite=redirect')).toBe(7);
    expect(showcaseIdOf('/ja-JP/showcase/12/video/3')).toBe(12);
  });
  it('is null for anything else', () => {
    expect(showcaseIdOf('/stock')).toBeNull();
    expect(showcaseIdOf('/showcase/abc')).toBeNull();
  });
});

describe('offsiteDestination', () => {
  const redirect = `/showcase/7?offsite=redirect&referrer=${encodeURIComponent('https://films.northwind.example/watch?id=7')}`;

  it("returns to the referring page on the showcase's own domain", () => {
    expect(offsiteDestination({ redirect, ownDomain: 'Films.Northwind.example' })).toBe(
      'https://films.northwind.example/watch?id=7',
    );
  });
  it('returns to the showcase here when the referrer is another site', () => {
    expect(offsiteDestination({ redirect, ownDomain: 'northwind.example' })).toBe(redirect);
  });
  it('returns to the showcase here when it has no own domain', () => {
    expect(offsiteDestination({ redirect, ownDomain: null })).toBe(redirect);
  });
  it('never follows a referrer that is not a web page', () => {
    const script = `/showcase/7?referrer=${encodeURIComponent('javascript:alert(1)//films.northwind.example')}`;
    expect(offsiteDestination({ redirect: script, ownDomain: 'films.northwind.example' })).toBe(
      script,
    );
  });
  it('never leaves the site for a redirect that is not a path here', () => {
    expect(offsiteDestination({ redirect: 'https://evil.example/', ownDomain: null })).toBe('/');
    expect(offsiteDestination({ redirect: null, ownDomain: null })).toBe('/');
  });
});
