/**
 * The live layout's list against a real database: a showcase that hides upcoming events
 * (SPEC §3 hideUpcoming, §7 filter=playable) shows only the events a viewer can watch.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('showcase-view');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { loadShowcaseView } = await import('./showcaseView.ts');

const showcaseIds = { hiding: 0, showing: 0 };

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'o@example.test', name: 'Owner' })
    .returning();
  const [hiding] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Hides upcoming', layout: 'live', hideUpcoming: true })
    .returning();
  const [showing] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Shows upcoming', layout: 'live' })
    .returning();
  showcaseIds.hiding = hiding!.id;
  showcaseIds.showing = showing!.id;
  const events = [
    { name: 'on the air', status: 'streaming' },
    { name: 'next week', status: 'pending' },
    { name: 'in ten minutes', status: 'ready' },
    { name: 'not scheduled', status: 'unavailable' },
    { name: 'ended', status: 'done' },
  ];
  for (const [i, event] of events.entries()) {
    const [video] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: event.name, type: 'live' })
      .returning();
    await db.insert(schema.liveEvents).values({ videoId: video!.id, status: event.status });
    for (const showcaseId of [hiding!.id, showing!.id])
      await db
        .insert(schema.showcaseVideos)
        .values({ showcaseId, videoId: video!.id, position: i + 1 });
  }
});

async function namesIn(albumId: number): Promise<string[]> {
  const view = await loadShowcaseView({
    albumId,
    basePath: `/showcase/${albumId}`,
    locale: 'en',
    page: null,
    viewer: {
      access: { viewerId: null, proof: null, shareHash: null, embedded: false },
      carried: {},
      offsite: false,
      allowedRatings: ['safe', 'unrated', 'explicit'],
      ofcomQualifies: false,
      ageConfirmed: false,
    },
  });
  if (view.kind !== 'showcase') throw new Error(`expected the showcase, got ${view.kind}`);
  return view.videos.map((v) => v.name);
}

describe('a live showcase', () => {
  it('hides the events still to come when it hides upcoming events', async () => {
    expect(await namesIn(showcaseIds.hiding)).toEqual(['on the air', 'ended']);
  });

  it('shows every event otherwise', async () => {
    expect(await namesIn(showcaseIds.showing)).toEqual([
      'on the air',
      'next week',
      'in ten minutes',
      'not scheduled',
      'ended',
    ]);
  });
});
