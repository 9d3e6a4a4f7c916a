import { describe, expect, it } from 'vitest';
import { isCrossSiteForm } from './crossSiteForm.ts';

const site = 'https://videos.example';

describe('a state-changing request', () => {
  it('is let through from the site itself', () => {
    expect(
      isCrossSiteForm(
        { method: 'POST', origin: site, contentType: 'application/x-www-form-urlencoded' },
        site,
      ),
    ).toBe(false);
  });

  it('is refused as a form from another site or from no site', () => {
    expect(
      isCrossSiteForm(
        {
          method: 'POST',
          origin: 'https://evil.example',
          contentType: 'multipart/form-data; boundary=x',
        },
        site,
      ),
    ).toBe(true);
    expect(
      isCrossSiteForm(
        { method: 'POST', origin: null, contentType: 'application/x-www-form-urlencoded' },
        site,
      ),
    ).toBe(true);
    expect(
      isCrossSiteForm(
        { method: 'PUT', origin: null, contentType: 'Text/Plain;charset=UTF-8' },
        site,
      ),
    ).toBe(true);
  });

  it('is refused from another site when it names no body type', () => {
    expect(
      isCrossSiteForm(
        { method: 'DELETE', origin: 'https://evil.example', contentType: null },
        site,
      ),
    ).toBe(true);
  });

  it('is let through from another site with a type no form can send, such as JSON', () => {
    expect(
      isCrossSiteForm(
        { method: 'POST', origin: 'https://evil.example', contentType: 'application/json' },
        site,
      ),
    ).toBe(false);
  });
});

describe('a reading request', () => {
  it('is never refused', () => {
    expect(
      isCrossSiteForm(
        { method: 'GET', origin: 'https://evil.example', contentType: 'text/plain' },
        site,
      ),
    ).toBe(false);
  });
});
