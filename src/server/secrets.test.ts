import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-secrets-'));
process.env['DATA_DIR'] = dataDir;
delete process.env['MEDIA_SECRET'];
delete process.env['SESSION_SECRET'];
const { secret } = await import('./secrets.ts');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('secret', () => {
  it('generates a key once and keeps it in the data folder', () => {
    const made = secret('media');
    expect(made).toHaveLength(32);
    expect(
      Buffer.from(readFileSync(path.join(dataDir, 'secrets/media.key'), 'utf8'), 'base64url'),
    ).toEqual(made);
  });

  it('replaces an empty key file that a full disk left behind, instead of signing with nothing', () => {
    mkdirSync(path.join(dataDir, 'secrets'), { recursive: true });
    writeFileSync(path.join(dataDir, 'secrets/session.key'), '');
    expect(secret('session')).toHaveLength(32);
  });
});
