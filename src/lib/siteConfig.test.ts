import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SITE_CONFIG,
  FEATURE_SLUGS,
  parseSiteConfig,
  SiteConfigError,
} from './siteConfig.ts';

const parse = (value: unknown) => parseSiteConfig(JSON.stringify(value), 'site.config.json');
const failure = (text: string) => {
  try {
    parseSiteConfig(text, '/srv/vitrine/site.config.json');
  } catch (error) {
    expect(error).toBeInstanceOf(SiteConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('parseSiteConfig', () => {
  it('reads an empty object as no optional link', () => {
    expect(parse({})).toEqual(EMPTY_SITE_CONFIG);
    expect(parse({ links: {} })).toEqual(EMPTY_SITE_CONFIG);
  });

  it('keeps https addresses and paths of this host', () => {
    const parsed = parse({
      links: {
        blog: 'https://blog.example.com/',
        careers: '/jobs',
        features: { webinar: 'https://example.com/webinars' },
      },
    });
    expect(parsed.links.blog).toBe('https://blog.example.com/');
    expect(parsed.links.careers).toBe('/jobs');
    expect(parsed.links.features.webinar).toBe('https://example.com/webinars');
    expect(parsed.links.press).toBeUndefined();
  });

  it('refuses an address that is neither http(s) nor a path, naming the field and the file', () => {
    const message = failure(
      JSON.stringify({
        links: { press: 'javascript:alert(1)', features: { webinar: '//elsewhere.example' } },
      }),
    );
    expect(message).toContain('/srv/vitrine/site.config.json');
    expect(message).toMatch(/links\.press: must be an http:\/\/ or https:\/\/ address/);
    expect(message).toMatch(/links\.features\.webinar: must be/);
  });

  it('refuses a misspelt link rather than silently ignoring it', () => {
    expect(failure(JSON.stringify({ links: { blgo: 'https://blog.example.com' } }))).toMatch(
      /links: .*blgo/,
    );
    expect(
      failure(JSON.stringify({ links: { features: { webinars: 'https://x.example' } } })),
    ).toMatch(/links\.features: .*webinars/);
  });

  it('says so when the file is not JSON', () => {
    expect(failure('{ links: ')).toMatch(
      /^Invalid site configuration in \/srv\/vitrine\/site\.config\.json: not JSON/,
    );
  });

  it('accepts the documented example, which sets every link', () => {
    const example = parseSiteConfig(
      readFileSync(new URL('../../site.config.example.json', import.meta.url), 'utf8'),
      'site.config.example.json',
    );
    const { features, ...others } = example.links;
    expect(Object.keys(features).sort()).toEqual([...FEATURE_SLUGS].sort());
    expect(Object.values(others).every(Boolean)).toBe(true);
    expect(Object.keys(others)).toHaveLength(16);
  });
});
