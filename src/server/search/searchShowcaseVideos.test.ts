/**
 * Showcase search against a real database: embedded PGlite in a temporary folder, or the
 * PostgreSQL of DATABASE_URL. The migrations (pg_trgm, vitrine_search_fold, the trigram
 * index) are the ones the app runs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../db/testDatabase.ts';

await useTestDatabase('search');

const { getDb } = await import('../db/client.ts');
const schema = await import('../db/schema.ts');
const { normalizeSearchQuery, searchShowcaseVideos, MAX_SEARCH_QUERY_LENGTH } =
  await import('./searchShowcaseVideos.ts');
const { MAX_SEARCH_MATCHES } = await import('../../lib/pagination.ts');

let showcaseId = 0;

interface Fixture {
  name: string;
  description?: string;
  privacyView?: string;
  status?: string;
}

const SHOWCASE: Fixture[] = [
  { name: 'Harbour at dawn', description: 'Boats leave the quay.' },
  { name: 'Glass studio', description: 'Furnaces and a harbour view from the window.' },
  { name: 'Café crème', description: 'Morning at the corner café.' },
  { name: '港の夜明け', description: '漁船が港を出る朝の風景。' },
  { name: '한국어 영상', description: '서울의 밤 시장' },
  { name: '夜市的灯光', description: '台北的夜市' },
  { name: '100% pure', description: 'Nothing but the facts.' },
  { name: 'snake_case explained', description: 'Naming things.' },
  { name: 'Straße der Musik', description: 'Ein Abend in Köln.' },
  { name: 'Harbour secrets', description: 'Private to the owner.', privacyView: 'nobody' },
  { name: 'Harbour in processing', description: 'Not ready yet.', status: 'processing' },
  {
    name: 'Harbour password cut',
    description: 'Behind its own password.',
    privacyView: 'password',
  },
];

beforeAll(async () => {
  const db = await getDb();
  const [owner] = await db
    .insert(schema.users)
    .values({ email: 'o@example.test', name: 'Owner' })
    .returning();
  const [showcase] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Fixture' })
    .returning();
  const [other] = await db
    .insert(schema.showcases)
    .values({ ownerId: owner!.id, name: 'Another showcase' })
    .returning();
  showcaseId = showcase!.id;
  for (const [i, video] of SHOWCASE.entries()) {
    const [row] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, description: '', ...video })
      .returning();
    await db
      .insert(schema.showcaseVideos)
      .values({ showcaseId, videoId: row!.id, position: i + 1 });
  }
  // A video that matches but stands only in another showcase.
  const [elsewhere] = await db
    .insert(schema.videos)
    .values({ ownerId: owner!.id, name: 'Harbour from another showcase' })
    .returning();
  await db
    .insert(schema.showcaseVideos)
    .values({ showcaseId: other!.id, videoId: elsewhere!.id, position: 1 });
});

async function search(query: string, page = 1, perPage = 25) {
  return searchShowcaseVideos(await getDb(), {
    showcaseId,
    query,
    page,
    perPage,
    sort: 'arranged',
  });
}

const names = async (query: string, page = 1, perPage = 25) =>
  (await search(query, page, perPage)).items.map((i) => i.video.name);

describe('given a showcase of videos titled in several languages', () => {
  it('finds a title whatever its case', async () => {
    expect(await names('DAWN')).toEqual(['Harbour at dawn']);
    expect((await names('HARBOUR AT'))[0]).toBe('Harbour at dawn');
    expect(await names('glass STUDIO')).toEqual(['Glass studio']);
  });

  it('ignores accents on either side', async () => {
    expect(await names('cafe creme')).toEqual(['Café crème']);
    expect(await names('CAFÉ')).toEqual(['Café crème']);
    expect(await names('strasse')).toEqual(['Straße der Musik']);
    expect(await names('koln')).toEqual(['Straße der Musik']);
  });

  it('finds a Japanese title by a part of it, without word splitting', async () => {
    expect(await names('夜明け')).toEqual(['港の夜明け']);
    expect(await names('漁船')).toEqual(['港の夜明け']);
  });

  it('finds Korean and Chinese text', async () => {
    expect(await names('영상')).toEqual(['한국어 영상']);
    expect(await names('夜市')).toEqual(['夜市的灯光']);
  });

  it('reads full-width letters as their ASCII forms', async () => {
    expect(await names('ＧＬＡＳＳ')).toEqual(['Glass studio']);
  });

  it('puts a title match before a description match', async () => {
    expect(await names('harbour')).toEqual(['Harbour at dawn', 'Glass studio']);
  });

  it('keeps the album order among equally good matches', async () => {
    expect(await names('the')).toEqual([
      'Harbour at dawn',
      'Glass studio',
      'Café crème',
      '100% pure',
    ]);
  });

  it('tolerates a small spelling difference', async () => {
    expect(await names('harbor')).toContain('Harbour at dawn');
  });

  it('takes %, _ and \\ in the text literally', async () => {
    expect(await names('%')).toEqual(['100% pure']);
    expect(await names('_')).toEqual(['snake_case explained']);
    expect(await names('e_c')).toEqual(['snake_case explained']);
    expect(await names('％')).toEqual(['100% pure']);
    expect(await names('\\')).toEqual([]);
    expect(await names("'; drop table videos; --")).toEqual([]);
  });

  it('never returns private, unfinished or other showcases’ videos', async () => {
    const found = await names('harbour');
    for (const hidden of [
      'Harbour secrets',
      'Harbour in processing',
      'Harbour password cut',
      'Harbour from another showcase',
    ]) {
      expect(found).not.toContain(hidden);
    }
    expect(await names('secrets')).toEqual([]);
  });

  it('finds nothing for nonsense or blank text', async () => {
    expect(await search('zqxjkvw')).toEqual({ total: 0, items: [] });
    expect(await search('   ')).toEqual({ total: 0, items: [] });
  });

  it('pages with the total of all matches', async () => {
    const first = await search('a', 1, 2);
    const second = await search('a', 2, 2);
    expect(first.items).toHaveLength(2);
    expect(second.total).toBe(first.total);
    expect(new Set([...first.items, ...second.items].map((i) => i.video.id)).size).toBe(4);
    const past = await search('a', 50, 2);
    expect(past.items).toEqual([]);
    expect(past.total).toBe(first.total);
  });
});

describe('a search that matches more videos than it ranks', () => {
  const MORE = MAX_SEARCH_MATCHES + 10;
  let largeId = 0;

  beforeAll(async () => {
    const db = await getDb();
    const [owner] = await db.select().from(schema.users).limit(1);
    const [large] = await db
      .insert(schema.showcases)
      .values({ ownerId: owner!.id, name: 'Large' })
      .returning();
    largeId = large!.id;
    // Descriptions hold "lantern"; the last video's title too, beyond the first matches.
    const made = await db
      .insert(schema.videos)
      .values(
        Array.from({ length: MORE }, (_, i) => ({
          ownerId: owner!.id,
          name: i === MORE - 1 ? 'Lantern parade' : `Reel ${i + 1}`,
          description: 'Paper lanterns at night.',
        })),
      )
      .returning();
    await db
      .insert(schema.showcaseVideos)
      .values(
        made.map((video, i) => ({ showcaseId: largeId, videoId: video.id, position: i + 1 })),
      );
    // A close spelling only, placed first in the arrangement.
    const [close] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: 'Lanterm', description: '' })
      .returning();
    await db
      .insert(schema.showcaseVideos)
      .values({ showcaseId: largeId, videoId: close!.id, position: 0 });
  });

  const inLarge = async (query: string, page: number, perPage = 25) =>
    searchShowcaseVideos(await getDb(), {
      showcaseId: largeId,
      query,
      page,
      perPage,
      sort: 'arranged',
    });

  it(`counts at most ${MAX_SEARCH_MATCHES} matches and pages through exactly those`, async () => {
    const first = await inLarge('lantern', 1, 100);
    expect(first.total).toBe(MAX_SEARCH_MATCHES);
    const seen = new Set(first.items.map((i) => i.video.id));
    for (let page = 2; page <= Math.ceil(MAX_SEARCH_MATCHES / 100); page++) {
      const next = await inLarge('lantern', page, 100);
      expect(next.total).toBe(MAX_SEARCH_MATCHES);
      for (const item of next.items) seen.add(item.video.id);
    }
    expect(seen.size).toBe(MAX_SEARCH_MATCHES);
    expect((await inLarge('lantern', 4, 100)).items).toEqual([]);
  });

  it('ranks the text typed before a close spelling, and keeps the arrangement among equals', async () => {
    const { items } = await inLarge('lantern', 1);
    expect(items.slice(0, 3).map((i) => i.video.name)).toEqual(['Reel 1', 'Reel 2', 'Reel 3']);
    const last = await inLarge('lantern', MAX_SEARCH_MATCHES / 25);
    expect(last.items.at(-1)?.video.name).toBe('Lanterm');
  });

  it('finds a video beyond the first matches when the text names it alone', async () => {
    const found = await inLarge('lantern parade', 1);
    expect(found.items[0]?.video.name).toBe('Lantern parade');
  });
});

describe('the folded text stored with each video', () => {
  it('is the title and description folded, and follows them when they change', async () => {
    const db = await getDb();
    const { eq } = await import('drizzle-orm');
    const [owner] = await db.select().from(schema.users).limit(1);
    const [video] = await db
      .insert(schema.videos)
      .values({ ownerId: owner!.id, name: 'Jürgen’s ＦＩＬＭ', description: 'Œuvre' })
      .returning();
    await db
      .insert(schema.showcaseVideos)
      .values({ showcaseId, videoId: video!.id, position: 100 });
    expect(video).toMatchObject({
      searchText: 'jurgen’s film oeuvre',
      searchName: 'jurgen’s film',
    });
    expect(await names('jurgen')).toEqual(['Jürgen’s ＦＩＬＭ']);
    expect(await names('oeuvre')).toEqual(['Jürgen’s ＦＩＬＭ']);
    const [renamed] = await db
      .update(schema.videos)
      .set({ name: 'Ærøskøbing' })
      .where(eq(schema.videos.id, video!.id))
      .returning();
    expect(renamed).toMatchObject({ searchText: 'aeroskobing oeuvre', searchName: 'aeroskobing' });
    expect(await names('jurgen')).toEqual([]);
    expect(await names('aeroskobing')).toEqual(['Ærøskøbing']);
    await db.delete(schema.videos).where(eq(schema.videos.id, video!.id));
  });
});

describe('normalizeSearchQuery', () => {
  it('reads NUL and other control characters as spaces, since no database text holds a NUL', () => {
    expect(normalizeSearchQuery('gl\u0000ass')).toBe('gl ass');
    expect(normalizeSearchQuery('\u0001night\u007f')).toBe('night');
  });

  it('trims and collapses whitespace', () => {
    expect(normalizeSearchQuery('  night \n market ')).toBe('night market');
    expect(normalizeSearchQuery(null)).toBe('');
  });

  it(`cuts text at ${MAX_SEARCH_QUERY_LENGTH} characters, counting CJK and emoji as one each`, () => {
    expect([...normalizeSearchQuery('港'.repeat(500))]).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
    expect([...normalizeSearchQuery('🎬'.repeat(500))]).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
  });
});
