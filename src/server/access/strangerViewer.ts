/**
 * The open web's reader: signed out, with no password proof and no share link, outside any
 * embed and any regulated region, its filter letting every rating through. That is what a
 * search engine, a feed reader or a link preview is. Sitemaps and feeds list only what the
 * one access path (showcaseAccess.ts) opens for this viewer, so they never list more than a
 * stranger may see.
 */
import { carriedQuery } from '../../lib/carriedQuery.ts';
import { allowedRatings, DEFAULT_RATING_SELECTION } from '../../lib/footerPreferences.ts';
import type { Db } from '../db/client.ts';
import { openShowcase, type OpenShowcase, type ShowcaseViewer } from './showcaseAccess.ts';

/** A viewer with nothing: no account, proof, share link or preference of their own. */
export const STRANGER: ShowcaseViewer = {
  access: { viewerId: null, proof: null, shareHash: null, embedded: false },
  carried: carriedQuery(new URLSearchParams()),
  offsite: false,
  allowedRatings: allowedRatings(DEFAULT_RATING_SELECTION),
  ofcomQualifies: false,
  ageConfirmed: false,
};

/** The showcase as a stranger may open it, or null when a stranger may not. */
export async function openToStrangers(db: Db, albumId: number): Promise<OpenShowcase | null> {
  const access = await openShowcase(db, albumId, STRANGER);
  return access.open ? access.showcase : null;
}
