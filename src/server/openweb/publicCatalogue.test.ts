/**
 * What sitemaps and feeds may list, against a real database (PGlite in a temporary folder, or
 * the PostgreSQL of DATABASE_URL): showcases of every privacy and layout, videos of every
 * privacy, rating and status.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('openweb');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { readPublicCatalogue, readPublicShowcase } = await import('./publicCatalogue.ts');

const ORIGIN = 'https://videos.example';
const ids: Record<string, number> = {};

const SHOWCASES: { key: string; privacyView: string; layout: string; embedDomains?: string[] }[] = [
  { key: 'public', privacyView: 'anybody', layout: 'grid' },
  {
    key: 'framedOnly',
    privacyView: 'anybody',
    layout: 'player',
    embedDomains: ['partner.example'],
  },
  { key: 'embedOnly', privacyView: 'anybody', layout: 'embed-only' },
  { key: 'password', privacyView: 'password', layout: 'grid' },
  { key: 'team', privacyView: 'team', layout: 'grid' },
  { key: 'unlisted', privacyView: 'unlisted', layout: 'grid' },
  { key: 'private', privacyView: 'nobody', layout: 'grid' },
];

const VIDEOS = [
  { key: 'open', privacyView: 'anybody' },
  { key: 'noPicture', privacyView: 'anybody' },
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
    .values({ email: 'openweb@example.test', name: 'Olivia Okafor' })
    .returning();
  for (const { key, ...video } of VIDEOS) {
    const [row] = await db
      .insert(schema.videos)
      .values({
        ownerId: owner!.id,
        name: `Video ${key}`,
        description: `About ${key}`,
        duration: 30,
        ...video,
      })
      .returning();
    ids[key] = row!.id;
    if (key !== 'noPicture')
      await db.insert(schema.videoPictures).values({
        videoId: row!.id,
        width: 1280,
        height: 700,
        storageKey: `videos/${row!.id}/pictures/p-1280x700.jpg`,
      });
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

describe('the public catalogue', () => {
  it('holds only the showcases a stranger may open', async () => {
    const catalogue = await readPublicCatalogue(await getDb(), ORIGIN);
    expect(catalogue.map((s) => s.name)).toEqual(['Showcase public', 'Showcase framedOnly']);
  });

  it('holds, in each, only the videos anybody may watch signed out: no mature, unrated, unlisted, unfinished or private one', async () => {
    const showcase = await readPublicShowcase(await getDb(), ids['public']!, ORIGIN);
    expect(showcase!.videos.map((v) => v.name)).toEqual(['Video open', 'Video noPicture']);
  });

  it('gives each video its stable public picture on the site origin, or none when it has none', async () => {
    const [open, noPicture] = (await readPublicShowcase(await getDb(), ids['public']!, ORIGIN))!
      .videos;
    expect(open!.thumbnail!.url).toMatch(
      new RegExp(`^${ORIGIN}/thumbnails/${ids['open']}-[A-Za-z0-9_-]{16}-1280\\.jpg$`),
    );
    expect(noPicture!.thumbnail).toBeNull();
    expect(open!.familyFriendly).toBe(true);
  });

  it('knows which showcases let any site frame their player', async () => {
    const db = await getDb();
    expect((await readPublicShowcase(db, ids['public']!, ORIGIN))!.embeddableAnywhere).toBe(true);
    expect((await readPublicShowcase(db, ids['framedOnly']!, ORIGIN))!.embeddableAnywhere).toBe(
      false,
    );
  });

  it('has nothing for a showcase behind a password, a team, a share link, private to its owner, embed-only or unknown', async () => {
    const db = await getDb();
    for (const key of ['password', 'team', 'unlisted', 'private', 'embedOnly'])
      expect(await readPublicShowcase(db, ids[key]!, ORIGIN), key).toBeNull();
    expect(await readPublicShowcase(db, 999_999, ORIGIN)).toBeNull();
  });
});
