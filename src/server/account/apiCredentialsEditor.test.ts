/** The form posts of /settings/tokens against a real database. */
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('credentials-editor');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const { listApps } = await import('../auth/apiApps.ts');
const { listPersonalTokens, resolveApiToken } = await import('../auth/apiTokens.ts');
const { handleCredentialsPost } = await import('./apiCredentialsEditor.ts');
const db = await getDb();

const [owner, stranger] = await db
  .insert(users)
  .values([
    { email: 'editor@example.test', name: 'Editor' },
    { email: 'stranger@example.test', name: 'Stranger' },
  ])
  .returning({ id: users.id });
const now = new Date('2026-05-01T10:00:00Z');

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) data.append(name, one);
  return data;
}

describe('creating a token', () => {
  it('makes a token with public and the ticked scopes, expiring after the chosen days', async () => {
    const outcome = await handleCredentialsPost(
      db,
      owner!.id,
      form({
        action: 'createToken',
        name: ' Nightly backup ',
        scope: ['upload', 'private'],
        expires: '30',
      }),
      now,
    );
    expect(outcome).toMatchObject({
      kind: 'created',
      credential: { kind: 'token', userId: owner!.id, name: 'Nightly backup' },
    });
    const token =
      outcome.kind === 'created' && outcome.credential.kind === 'token'
        ? outcome.credential.token
        : '';
    expect(await resolveApiToken(db, token, now)).toEqual({
      userId: owner!.id,
      scopes: ['public', 'private', 'upload'],
    });
    const listed = (await listPersonalTokens(db, owner!.id)).find(
      (t) => t.name === 'Nightly backup',
    );
    expect(listed?.expiresAt).toEqual(new Date('2026-05-31T10:00:00Z'));
  });

  it('asks for a name when none is given', async () => {
    expect(
      await handleCredentialsPost(
        db,
        owner!.id,
        form({ action: 'createToken', name: '  ', expires: '90' }),
        now,
      ),
    ).toEqual({
      kind: 'invalid',
      errors: { tokenName: 'apiTokens.nameRequired' },
    });
  });

  it('refuses a scope or a lifetime the page does not offer', async () => {
    expect(
      await handleCredentialsPost(
        db,
        owner!.id,
        form({ action: 'createToken', name: 'x', scope: 'admin', expires: '90' }),
        now,
      ),
    ).toEqual({ kind: 'refused' });
    expect(
      await handleCredentialsPost(
        db,
        owner!.id,
        form({ action: 'createToken', name: 'x', expires: '7' }),
        now,
      ),
    ).toEqual({ kind: 'refused' });
  });
});

describe('revoking a token', () => {
  it("revokes the user's own token, and refuses someone else's", async () => {
    await handleCredentialsPost(
      db,
      owner!.id,
      form({ action: 'createToken', name: 'Short-lived', expires: 'never' }),
      now,
    );
    const id = String(
      (await listPersonalTokens(db, owner!.id)).find((t) => t.name === 'Short-lived')!.id,
    );
    expect(
      await handleCredentialsPost(db, stranger!.id, form({ action: 'revokeToken', id })),
    ).toEqual({ kind: 'refused' });
    expect(await handleCredentialsPost(db, owner!.id, form({ action: 'revokeToken', id }))).toEqual(
      { kind: 'done', notice: 'revoked' },
    );
    expect((await listPersonalTokens(db, owner!.id)).some((t) => t.name === 'Short-lived')).toBe(
      false,
    );
  });

  it('refuses an id that is no id', async () => {
    expect(
      await handleCredentialsPost(
        db,
        owner!.id,
        form({ action: 'revokeToken', id: '1; drop table' }),
      ),
    ).toEqual({ kind: 'refused' });
  });
});

describe('apps', () => {
  it('registers an app with its id and secret to show once, and deletes it for its owner only', async () => {
    const outcome = await handleCredentialsPost(
      db,
      owner!.id,
      form({ action: 'registerApp', name: 'Kiosk' }),
    );
    expect(outcome).toMatchObject({
      kind: 'created',
      credential: {
        kind: 'app',
        name: 'Kiosk',
        clientId: expect.stringMatching(/^[0-9a-f]{40}$/),
        clientSecret: expect.stringMatching(/^vitsecret_/),
      },
    });
    const id = String((await listApps(db, owner!.id))[0]!.id);
    expect(
      await handleCredentialsPost(db, stranger!.id, form({ action: 'deleteApp', id })),
    ).toEqual({ kind: 'refused' });
    expect(await handleCredentialsPost(db, owner!.id, form({ action: 'deleteApp', id }))).toEqual({
      kind: 'done',
      notice: 'deleted',
    });
    expect(await listApps(db, owner!.id)).toEqual([]);
  });

  it('asks for a name when none is given', async () => {
    expect(
      await handleCredentialsPost(db, owner!.id, form({ action: 'registerApp', name: '' })),
    ).toEqual({ kind: 'invalid', errors: { appName: 'apiTokens.nameRequired' } });
  });
});
