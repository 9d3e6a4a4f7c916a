/**
 * A team as /manage/team runs it, against a real database (embedded PGlite, or the
 * PostgreSQL of DATABASE_URL): invitations by mail with a role the inviter may give,
 * accepted once before they expire; roles changed and members removed, the owner never.
 */
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('team');

const { getDb } = await import('../db/client.ts');
const { users } = await import('../db/schema.ts');
const {
  acceptInvitation,
  createInvitation,
  ensureTeam,
  findInvitation,
  listInvitations,
  listMembers,
  removeMember,
  setMemberRole,
} = await import('./teamMembers.ts');
const { handleTeamPost } = await import('./teamEditor.ts');
const { outboxMailer } = await import('../mail/mailer.ts');
const db = await getDb();

const person = async (name: string) =>
  (
    await db
      .insert(users)
      .values({ email: `${name.toLowerCase()}@example.test`, name })
      .returning()
  )[0]!;
const owner = await person('Olivia');
const team = await ensureTeam(db, owner);
const invite = (email: string, role: 'Admin' | 'Viewer' | 'Uploader' = 'Viewer', now?: Date) =>
  createInvitation(db, { teamId: team.id, email, role, invitedBy: owner.id }, now);
const roleOf = async (userId: number) =>
  (await listMembers(db, team.id)).find((member) => member.userId === userId)?.role;

describe('an invitation', () => {
  it('makes its holder a member with its role, once', async () => {
    const rio = await person('Rio');
    const { token } = await invite('rio@example.test', 'Uploader');
    expect(await acceptInvitation(db, token, rio.id)).toBe(owner.id);
    expect(await roleOf(rio.id)).toBe('Uploader');
    expect((await findInvitation(db, token))?.usable).toBe(false);
    expect(await acceptInvitation(db, token, (await person('Later')).id)).toBeNull();
  });

  it('lasts fourteen days', async () => {
    const sent = new Date('2026-11-01T09:00:00Z');
    const { token } = await invite('late@example.test', 'Viewer', sent);
    expect((await findInvitation(db, token, new Date('2026-11-15T08:59:00Z')))?.usable).toBe(true);
    expect(
      await acceptInvitation(
        db,
        token,
        (await person('Late')).id,
        new Date('2026-11-15T09:01:00Z'),
      ),
    ).toBeNull();
  });

  it('gives a member already in the team the invitation’s role', async () => {
    const uma = await person('Uma');
    await acceptInvitation(db, (await invite('uma@example.test', 'Viewer')).token, uma.id);
    await acceptInvitation(db, (await invite('uma@example.test', 'Admin')).token, uma.id);
    expect(await roleOf(uma.id)).toBe('Admin');
  });

  it('cannot make the owner a member of their own team', async () => {
    expect(
      await acceptInvitation(db, (await invite('olivia@example.test')).token, owner.id),
    ).toBeNull();
    expect(await roleOf(owner.id)).toBe('Owner');
  });
});

describe('members', () => {
  it('keeps the owner as Owner: no role change, no removal', async () => {
    expect(await setMemberRole(db, team, owner.id, 'Viewer')).toBe(false);
    expect(await removeMember(db, team, owner.id)).toBe(false);
    expect(await roleOf(owner.id)).toBe('Owner');
  });

  it('changes a member’s role, and removes them', async () => {
    const vic = await person('Vic');
    await acceptInvitation(db, (await invite('vic@example.test')).token, vic.id);
    expect(await setMemberRole(db, team, vic.id, 'Contributor')).toBe(true);
    expect(await roleOf(vic.id)).toBe('Contributor');
    expect(await setMemberRole(db, team, vic.id, 'Owner')).toBe(false);
    expect(await removeMember(db, team, vic.id)).toBe(true);
    expect(await roleOf(vic.id)).toBeUndefined();
  });
});

describe('the invite form', () => {
  const sent: { to: string; subject: string; text: string }[] = [];
  const post = (
    role: 'Owner' | 'Admin' | 'Contributor',
    fields: Record<string, string>,
    mailer: Parameters<typeof handleTeamPost>[1]['mailer'] = {
      delivery: 'smtp',
      send: async (mail: { to: string; subject: string; text: string }) => void sent.push(mail),
    },
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ action: 'invite', ...fields }))
      form.set(name, value);
    return handleTeamPost(
      db,
      {
        account: { userId: owner.id, ownerId: owner.id, ownerName: owner.name, role },
        inviterName: 'Olivia',
        locale: 'en',
        origin: 'https://vitrine.example',
        mailer,
      },
      form,
    );
  };
  const pending = async (email: string) =>
    (await listInvitations(db, team.id)).filter((invitation) => invitation.email === email);

  it('mails the link with the role and lists the invitation as waiting', async () => {
    expect(await post('Owner', { email: 'wren@example.test', role: 'Contributor Plus' })).toEqual({
      kind: 'done',
      notice: 'invited',
    });
    expect(sent.at(-1)).toMatchObject({
      to: 'wren@example.test',
      subject: "You're invited to the team Olivia",
    });
    expect(sent.at(-1)!.text).toMatch(
      /as Contributor Plus\.[\s\S]*https:\/\/vitrine\.example\/invitations\/[\w-]{40,}/,
    );
    expect((await pending('wren@example.test')).map((invitation) => invitation.role)).toEqual([
      'Contributor Plus',
    ]);
  });

  it('refuses a role the inviter may not give, and a bad address, storing and mailing nothing', async () => {
    const before = sent.length;
    expect(await post('Admin', { email: 'xia@example.test', role: 'Owner' })).toEqual({
      kind: 'invalid',
      errors: { role: 'account.invalidRole' },
    });
    expect(await post('Contributor', { email: 'xia@example.test', role: 'Viewer' })).toEqual({
      kind: 'invalid',
      errors: { role: 'account.invalidRole' },
    });
    expect(await post('Owner', { email: 'xia@', role: 'Viewer' })).toEqual({
      kind: 'invalid',
      errors: { email: 'account.invalidEmail' },
    });
    expect(await pending('xia@example.test')).toEqual([]);
    expect(sent.length).toBe(before);
  });

  it('keeps no invitation whose mail could not be sent', async () => {
    const failing = {
      delivery: 'smtp' as const,
      send: () => Promise.reject(new Error('connection refused')),
    };
    expect(await post('Owner', { email: 'yan@example.test', role: 'Viewer' }, failing)).toEqual({
      kind: 'unsent',
    });
    expect(await pending('yan@example.test')).toEqual([]);
  });

  it('says the mail was kept in the outbox when no mail server is set up', async () => {
    const outbox = path.join(await mkdtemp(path.join(tmpdir(), 'vitrine-outbox-')), 'outbox');
    const kept = outboxMailer(outbox, 'Vitrine <no-reply@vitrine.example>');
    expect(await post('Owner', { email: 'zoe@example.test', role: 'Viewer' }, kept)).toEqual({
      kind: 'done',
      notice: 'invitedToOutbox',
    });
    expect(await readdir(outbox)).toEqual([expect.stringMatching(/\.eml$/)]);
    expect((await pending('zoe@example.test')).map((invitation) => invitation.role)).toEqual([
      'Viewer',
    ]);
  });
});
