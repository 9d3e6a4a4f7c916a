/**
 * The site's keys on PostgreSQL (src/server/secrets.ts): nodes that share the database sign and
 * verify alike with no key configured, and a rotation signs nobody out. The second node is a
 * process of its own with a data folder of its own, as a second machine would have.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from './db/testDatabase.ts';

for (const name of ['MEDIA', 'SESSION', 'ACCESS', 'CAPTCHA']) delete process.env[`${name}_SECRET`];
await useTestDatabase('shared-secrets');
const onPostgres = process.env['DATABASE_URL'] !== undefined;
const { getDb } = await import('./db/client.ts');
const { acceptedSecrets, rotateSecret, secret, useSharedSecrets } = await import('./secrets.ts');
const { issueJwt, verifyJwt } = await import('./auth/jwt.ts');
const db = await getDb();

const stops: Array<() => void> = [];
afterAll(() => stops.forEach((stop) => stop()));
const readKeys = async () => stops.push((await useSharedSecrets(db)).stop);

/** What another node, started on the same database, makes of `token`: the user it names. */
async function anotherNodeReads(token: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-node-'));
  const module = (file: string) => JSON.stringify(path.resolve('src/server', file));
  const code = `
    import { closeDb, getDb } from ${module('db/client.ts')};
    import { useSharedSecrets } from ${module('secrets.ts')};
    import { verifyJwt } from ${module('auth/jwt.ts')};
    const keys = await useSharedSecrets(await getDb());
    process.stdout.write(String((await verifyJwt(process.argv[1]))?.userId));
    keys.stop();
    await closeDb();`;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '-e', code, token],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    return stdout;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe.runIf(onPostgres)('the site’s keys on PostgreSQL', () => {
  it('are the same on every node, with nothing configured', async () => {
    await readKeys();
    expect(await anotherNodeReads(issueJwt(7))).toBe('7');
  });

  it('rotate without signing anybody out', async () => {
    await readKeys();
    const before = issueJwt(7);
    const oldKey = secret('session');

    // Written now, the new key signs two minutes later: until then it is only accepted.
    await rotateSecret(db, 'session');
    await readKeys();
    expect(secret('session').equals(oldKey)).toBe(true);
    expect(acceptedSecrets('session')).toHaveLength(2);

    // Written long enough ago to be active: it signs, and the old key's tokens still pass.
    await rotateSecret(db, 'session', new Date(Date.now() - 3 * 60_000));
    await readKeys();
    expect(secret('session').equals(oldKey)).toBe(false);
    expect(await verifyJwt(before)).toMatchObject({ userId: 7 });
    expect(await anotherNodeReads(before)).toBe('7');
    expect(await anotherNodeReads(issueJwt(8))).toBe('8');
  });
});
