/**
 * live.concurrent_viewers in API answers, against a database of its own: the owner's view
 * always counts an event on the air; anyone else's only where the owner shows it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

delete process.env['REDIS_URL'];
await useTestDatabase('api-viewers');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { withLiveViewers } = await import('./apiStats.ts');
const { liveSignals } = await import('../live/liveSignals.ts');

const db = await getDb();
const [owner] = await db
  .insert(schema.users)
  .values({ email: 'owner@example.test', name: 'Owner' })
  .returning();
const [onAir, later] = await db
  .insert(schema.videos)
  .values([
    { ownerId: owner!.id, name: 'On the air', type: 'live' },
    { ownerId: owner!.id, name: 'Later', type: 'live' },
  ])
  .returning();
await db.insert(schema.liveEvents).values([
  { videoId: onAir!.id, status: 'streaming' },
  { videoId: later!.id, status: 'ready' },
]);
const { viewers } = await liveSignals();
viewers.seen(onAir!.id, '1b4e28ba-2fa1-11d2-883f-0016d3cca427');
viewers.seen(onAir!.id, '6fa459ea-ee8a-3ca4-894e-db77e160355e');
await viewers.flush();

const shaped = (video: { id: number }, status: string) => ({
  uri: `/videos/${video.id}`,
  live: { status, concurrent_viewers: null },
});
const answer = () => [shaped(onAir!, 'streaming'), shaped(later!, 'ready')];
const counts = (videos: ReturnType<typeof answer>) =>
  videos.map((video) => video.live.concurrent_viewers);

describe('how many watch, in an API answer', () => {
  it('is there for the owner while on the air, and null for an event that is not', async () => {
    expect(counts(await withLiveViewers(db, answer(), { owner: true }))).toEqual([2, null]);
  });

  it('is kept from anyone else until the owner shows it on the public page', async () => {
    expect(counts(await withLiveViewers(db, answer(), { owner: false }))).toEqual([null, null]);
    await db
      .update(schema.liveEvents)
      .set({ showViewers: true })
      .where(eq(schema.liveEvents.videoId, onAir!.id));
    expect(counts(await withLiveViewers(db, answer(), { owner: false }))).toEqual([2, null]);
  });
});
