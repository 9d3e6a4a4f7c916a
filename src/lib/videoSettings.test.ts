import { describe, expect, it } from 'vitest';
import { parseVideoSettings } from './videoSettings.ts';

const form = {
  name: ' Harbour ',
  description: 'At dawn',
  privacyView: 'unlisted',
  contentRating: 'safe',
  password: '',
  privacyDownload: 'on',
};
const parse = (fields: Record<string, string>, context = { hasPassword: false, isStock: false }) =>
  parseVideoSettings((name) => fields[name] ?? null, context);

describe('parseVideoSettings', () => {
  it('reads a valid form', () => {
    expect(parse(form)).toEqual({
      ok: true,
      settings: {
        name: 'Harbour',
        description: 'At dawn',
        privacyView: 'unlisted',
        privacyDownload: true,
        contentRating: 'safe',
        newPassword: null,
      },
    });
  });

  it('names each bad field', () => {
    expect(parse({ ...form, name: '', privacyView: 'stock', contentRating: 'mature' })).toEqual({
      ok: false,
      errors: {
        name: 'library.nameRequired',
        privacyView: 'library.invalidChoice',
        contentRating: 'library.invalidChoice',
      },
    });
    expect(parse({ ...form, privacyView: 'password' })).toEqual({
      ok: false,
      errors: { password: 'library.passwordRequired' },
    });
    expect(parse({ ...form, password: 'abc' })).toEqual({
      ok: false,
      errors: { password: 'library.passwordLength' },
    });
  });

  it('keeps a stock clip stock and a password that is not changed', () => {
    expect(parse({ ...form, privacyView: 'stock' }, { hasPassword: false, isStock: true }).ok).toBe(
      true,
    );
    const kept = parse({ ...form, privacyView: 'password' }, { hasPassword: true, isStock: false });
    expect(kept.ok && kept.settings.newPassword).toBeNull();
  });
});
