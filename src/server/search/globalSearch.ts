/**
 * The top bar's global search (GET /search): the signed-in viewer's own videos and the
 * public showcases, matched on folded title (and description for showcases) as substrings,
 * as the showcase search does. At most 25 of each (SPEC §9 search page size).
 */
import { and, asc, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { showcases, videos } from '../db/schema.ts';
import { normalizeSearchQuery } from './searchShowcaseVideos.ts';

const LIMIT = 25;

/** `folded` (text already through vitrine_search_fold) holds `text` folded alike, its %, _ and \ taken literally. */
export function holdsText(folded: SQL, text: string): SQL {
  const query = sql`vitrine_search_fold(${text}::text)`;
  return sql`${folded} like '%' || replace(replace(replace(${query}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
}

function contains(column: SQL, text: string): SQL {
  return holdsText(sql`vitrine_search_fold(${column})`, text);
}

export interface OwnVideoHit {
  id: number;
  name: string;
  privacyView: string;
}

export interface ShowcaseHit {
  id: number;
  name: string;
  description: string;
}

export async function searchOwnVideos(
  db: Db,
  userId: number,
  query: string,
): Promise<OwnVideoHit[]> {
  const text = normalizeSearchQuery(query);
  if (text === '') return [];
  return db
    .select({ id: videos.id, name: videos.name, privacyView: videos.privacyView })
    .from(videos)
    .where(and(eq(videos.ownerId, userId), contains(sql`${videos.name}`, text)))
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .limit(LIMIT);
}

/** Showcases anybody may open from a list: public, and not embed-only. */
export async function searchPublicShowcases(db: Db, query: string): Promise<ShowcaseHit[]> {
  const text = normalizeSearchQuery(query);
  if (text === '') return [];
  return db
    .select({ id: showcases.id, name: showcases.name, description: showcases.description })
    .from(showcases)
    .where(
      and(
        eq(showcases.privacyView, 'anybody'),
        notInArray(showcases.layout, ['embed-only']),
        contains(sql`${showcases.name} || ' ' || ${showcases.description}`, text),
      ),
    )
    .orderBy(asc(showcases.name))
    .limit(LIMIT);
}
