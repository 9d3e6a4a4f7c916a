import { describe, expect, it } from 'vitest';
import { parseShowcaseSettings, type SettingsContext } from './showcaseSettings.ts';

const valid: Record<string, string> = {
  name: '  Spring reel ',
  description: 'Our best of spring',
  layout: 'grid',
  theme: 'dark',
  sort: 'arranged',
  privacy: 'anybody',
  brandColor: '#FF8800',
  password: '',
  domain: '',
  embedDomains: '',
  thumbnailVideoId: '',
  featuredVideoId: '',
  allowShare: 'on',
};
const context: SettingsContext = { hasPassword: false, videoIds: [7, 8] };
const parse = (fields: Record<string, string | undefined>, ctx = context) =>
  parseShowcaseSettings((name) => (name in fields ? (fields[name] ?? null) : null), ctx);

describe('parseShowcaseSettings', () => {
  it('reads a valid form, trimming text, lower-casing the colour and reading checkboxes by presence', () => {
    const parsed = parse(valid);
    expect(parsed.ok && parsed.settings).toMatchObject({
      name: 'Spring reel',
      theme: 'dark',
      brandColor: '#ff8800',
      allowShare: true,
      allowDownloads: false,
      newPassword: null,
      domain: null,
      embedDomains: [],
      thumbnailVideoId: null,
    });
  });

  it('names every bad field with its message', () => {
    const parsed = parse({
      ...valid,
      name: ' ',
      layout: 'carousel',
      brandColor: 'blue',
      sort: 'random',
      privacy: 'secret',
    });
    expect(parsed.ok ? null : parsed.errors).toEqual({
      name: 'studio.nameRequired',
      layout: 'studio.invalidChoice',
      brandColor: 'studio.invalidColor',
      sort: 'studio.invalidChoice',
      privacy: 'studio.invalidChoice',
    });
  });

  it('asks for a password when a showcase becomes password-protected without one', () => {
    expect(parse({ ...valid, privacy: 'password' })).toEqual({
      ok: false,
      errors: { password: 'studio.passwordRequired' },
    });
    const kept = parse({ ...valid, privacy: 'password' }, { ...context, hasPassword: true });
    expect(kept.ok && kept.settings.newPassword).toBeNull();
    const changed = parse({ ...valid, privacy: 'password', password: 'open sesame' });
    expect(changed.ok && changed.settings.newPassword).toBe('open sesame');
    expect(parse({ ...valid, password: 'abc' })).toEqual({
      ok: false,
      errors: { password: 'studio.passwordTooShort' },
    });
  });

  it('checks the own domain and the embed domains', () => {
    expect(parse({ ...valid, domain: 'not a host' })).toEqual({
      ok: false,
      errors: { domain: 'studio.invalidDomain' },
    });
    expect(parse({ ...valid, domain: '*.example.com' })).toEqual({
      ok: false,
      errors: { domain: 'studio.invalidDomain' },
    });
    const ok = parse({
      ...valid,
      domain: 'https://Videos.Example.com/',
      embedDomains: 'a.example\n*.b.example',
    });
    expect(ok.ok && [ok.settings.domain, ok.settings.embedDomains]).toEqual([
      'videos.example.com',
      ['a.example', '*.b.example'],
    ]);
    expect(parse({ ...valid, embedDomains: 'bad host!' })).toEqual({
      ok: false,
      errors: { embedDomains: 'studio.invalidEmbedDomains' },
    });
  });

  it('takes a thumbnail or featured video only from the showcase', () => {
    const ok = parse({ ...valid, thumbnailVideoId: '8', featuredVideoId: '7' });
    expect(ok.ok && [ok.settings.thumbnailVideoId, ok.settings.featuredVideoId]).toEqual([8, 7]);
    expect(parse({ ...valid, featuredVideoId: '9' })).toEqual({
      ok: false,
      errors: { featuredVideoId: 'studio.invalidChoice' },
    });
  });

  it('refuses a name or description over its limit', () => {
    expect(parse({ ...valid, name: 'x'.repeat(129), description: 'y'.repeat(5001) })).toEqual({
      ok: false,
      errors: { name: 'studio.nameTooLong', description: 'studio.descriptionTooLong' },
    });
  });
});
