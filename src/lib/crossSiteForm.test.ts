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

describe('beside a static publication', () => {
  const form = 'application/x-www-form-urlencoded';
  it("takes a form from the publication's own origin", () => {
    expect(
      isCrossSiteForm(
        { method: 'POST', origin: 'https://www.example.com', contentType: form },
        'https://app.example.com',
        'https://www.example.com',
      ),
    ).toBe(false);
  });
  it('still refuses a form from any other site', () => {
    expect(
      isCrossSiteForm(
        { method: 'POST', origin: 'https://evil.example', contentType: form },
        'https://app.example.com',
        'https://www.example.com',
      ),
    ).toBe(true);
  });
});
