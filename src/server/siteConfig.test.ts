import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SITE_CONFIG, SiteConfigError } from '../lib/siteConfig.ts';
import { readSiteConfig } from './siteConfig.ts';

const folder = mkdtempSync(join(tmpdir(), 'vitrine-site-config-'));
const startedIn = process.cwd();

afterEach(() => process.chdir(startedIn));

describe('readSiteConfig', () => {
  it('configures no optional link when the default file is absent', () => {
    process.chdir(folder);
    expect(readSiteConfig(undefined)).toEqual(EMPTY_SITE_CONFIG);
  });

  it('reads site.config.json in the folder the server starts in', () => {
    const own = mkdtempSync(join(tmpdir(), 'vitrine-site-config-'));
    writeFileSync(
      join(own, 'site.config.json'),
      JSON.stringify({ links: { press: 'https://press.example.com/' } }),
    );
    process.chdir(own);
    expect(readSiteConfig(undefined).links.press).toBe('https://press.example.com/');
  });

  it('refuses a file SITE_CONFIG names that is not there, naming it', () => {
    const missing = join(folder, 'nowhere.json');
    expect(() => readSiteConfig(missing)).toThrow(SiteConfigError);
    expect(() => readSiteConfig(missing)).toThrow(`Cannot read the site configuration ${missing}`);
  });

  it('refuses a bad file with the field at fault', () => {
    const bad = join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ links: { careers: 'ftp://jobs.example.com' } }));
    expect(() => readSiteConfig(bad)).toThrow(
      /links\.careers: must be an http:\/\/ or https:\/\/ address/,
    );
  });
});
