/**
 * Who may see and replace a live event's stream key, against a real database: the event's
 * owner and their team's owners and admins, nobody else.
 */
import { describe, expect, it } from 'vitest';
import type { TeamRole } from '../../lib/domain.ts';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('managedlive');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { findManagedLiveEvent } = await import('./managedLiveEvent.ts');

const db = await getDb();

async function addUser(name: string): Promise<number> {
  const [user] = await db
    .insert(schema.users)
    .values({ email: `${name}@example.test`, name })
    .returning();
  return user!.id;
}

const ownerId = await addUser('owner');
const [team] = await db.insert(schema.teams).values({ ownerId, name: 'Studio' }).returning();
await db
  .insert(schema.teamMemberships)
  .values({ teamId: team!.id, userId: ownerId, role: 'Owner' });

async function member(role: TeamRole): Promise<number> {
  const userId = await addUser(role.replace(/\s/g, '').toLowerCase());
  await db.insert(schema.teamMemberships).values({ teamId: team!.id, userId, role });
  return userId;
}

const [live] = await db
  .insert(schema.videos)
  .values({ ownerId, name: 'Launch', type: 'live' })
  .returning();
await db.insert(schema.liveEvents).values({
  videoId: live!.id,
  status: 'ready',
  streamKey: 'launch-key-0123456789',
  lastError: 'stalled',
});
const [plain] = await db.insert(schema.videos).values({ ownerId, name: 'Reel' }).returning();

describe('findManagedLiveEvent', () => {
  it("gives the owner the event's key and last error", async () => {
    expect(await findManagedLiveEvent(db, ownerId, live!.id)).toEqual({
      videoId: live!.id,
      status: 'ready',
      streamKey: 'launch-key-0123456789',
      lastError: 'stalled',
    });
  });

  it("gives it to an admin of the owner's team", async () => {
    expect((await findManagedLiveEvent(db, await member('Admin'), live!.id))?.streamKey).toBe(
      'launch-key-0123456789',
    );
  });

  it.each<TeamRole>(['Contributor', 'Contributor Plus', 'Uploader', 'Viewer'])(
    'keeps it from a team member with the role %s',
    async (role) => {
      expect(await findManagedLiveEvent(db, await member(role), live!.id)).toBeNull();
    },
  );

  it('keeps it from anybody outside the team', async () => {
    expect(await findManagedLiveEvent(db, await addUser('stranger'), live!.id)).toBeNull();
  });

  it('finds nothing for a video that is not a live event', async () => {
    expect(await findManagedLiveEvent(db, ownerId, plain!.id)).toBeNull();
  });
});
