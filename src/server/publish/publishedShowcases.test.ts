/**
 * What the static publication holds, against a real database: showcases of every privacy and
 * layout, videos of every privacy, rating and status. It must be exactly what the one access
 * path (openShowcase) opens to a stranger, nothing it refuses and nothing it locks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('publish');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { openShowcase } = await import('../access/showcaseAccess.ts');
const { STRANGER } = await import('../access/strangerViewer.ts');
const { listShowcaseVideos } = await import('../showcases/showcaseQueries.ts');
const { publishedShowcases } = await import('./publishSite.ts');
const { publishPlan } = await import('../../lib/publishPlan.ts');

const ORIGIN = 'https://www.example.com';
const ids: Record<string, number> = {};

const SHOWCASES = [
  { key: 'public', privacyView: 'anybody', layout: 'grid' },
  { key: 'player', privacyView: 'anybody', layout: 'player' },
  { key: 'live', privacyView: 'anybody', layout: 'live' },
  { key: 'embedOnly', privacyView: 'anybody', layout: 'embed-only' },
  { key: 'password', privacyView: 'password', layout: 'grid' },
  { key: 'team', privacyView: 'team', layout: 'grid' },
  { key: 'unlisted', privacyView: 'unlisted', layout: 'grid' },
  { key: 'private', privacyView: 'nobody', layout: 'grid' },
] as const;

const VIDEOS = [
  { key: 'open', privacyView: 'anybody' },
  { key: 'mature', privacyView: 'anybody', contentRating: 'explicit' },
  { key: 'unrated', privacyView: 'anybody', contentRating: 'unrated' },
  { key: 'unlistedVideo', privacyView: 'unlisted' },
  { key: 'processing', privacyView: 'anybody', status: 'processing' },
  { key: 'draft', privacyView: 'nobody' },
] as const;

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'publish@example.test', name: 'Pia Publisher' })
    .returning();
  for (const { key, ...video } of VIDEOS) {
    const [row] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: `Video ${key}`, description: '', duration: 30, ...video })
      .returning();
    ids[key] = row!.id;
  }
  for (const { key, ...showcase } of SHOWCASES) {
    const [row] = await db
      .insert(schema.showcases)
      .values({ ownerId: owner!.id, name: `Showcase ${key}`, ...showcase })
      .returning();
    ids[key] = row!.id;
    await db.insert(schema.showcaseVideos).values(
      VIDEOS.map((video, i) => ({
        showcaseId: row!.id,
        videoId: ids[video.key]!,
        position: i + 1,
      })),
    );
  }
});

/** What openShowcase lets a stranger watch: each showcase it opens, and its unlocked, public videos. */
async function openedToStranger(): Promise<Map<number, number[]>> {
  const db = await getDb();
  const opened = new Map<number, number[]>();
  for (const { key } of SHOWCASES) {
    const access = await openShowcase(db, ids[key]!, STRANGER);
    if (!access.open) continue;
    const { items } = await listShowcaseVideos(db, {
      showcaseId: ids[key]!,
      sort: 'arranged',
      page: 1,
      perPage: 100,
    });
    opened.set(
      ids[key]!,
      items
        .filter((item) => access.showcase.lockOf(item) === null)
        .filter((item) => item.video.privacyView === 'anybody' && item.video.status === 'ready')
        .map((item) => item.video.id),
    );
  }
  return opened;
}

describe('the static publication', () => {
  it('holds exactly the showcases and videos openShowcase opens to a stranger', async () => {
    const published = await publishedShowcases(await getDb(), ORIGIN);
    const expected = await openedToStranger();
    expect(new Map(published.map((s) => [s.id, [...s.videoIds]]))).toEqual(expected);
  });

  it('publishes the public grid, player and live showcases, with only the open video', async () => {
    const published = await publishedShowcases(await getDb(), ORIGIN);
    expect(published.map((s) => s.id)).toEqual([ids['public'], ids['player'], ids['live']]);
    for (const showcase of published) expect(showcase.videoIds).toEqual([ids['open']]);
  });

  it('names no page of a password, team, unlisted, private or embed-only showcase, nor of a locked or private video', async () => {
    const plan = publishPlan(await publishedShowcases(await getDb(), ORIGIN), {
      siteOrigin: ORIGIN,
    });
    const addresses = [...plan.pages, ...plan.files].map((entry) => entry.address).join('\n');
    for (const key of ['password', 'team', 'unlisted', 'private', 'embedOnly'])
      expect(addresses, key).not.toMatch(new RegExp(`/showcase/${ids[key]}(?:/|$|\\n)`, 'm'));
    for (const key of ['mature', 'unrated', 'unlistedVideo', 'processing', 'draft'])
      expect(addresses, key).not.toMatch(new RegExp(`/video/${ids[key]}(?:/|$)`, 'm'));
  });
});
