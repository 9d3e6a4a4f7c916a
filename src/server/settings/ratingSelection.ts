/**
 * Where the mature-content filter is kept (SPEC §7 POST /settings): on the account
 * (viewer_settings) when signed in, in the content_rating cookie otherwise. Read back by
 * src/middleware.ts (locals.ratingSelection) for every request.
 */
import type { AstroCookies } from 'astro';
import {
  CONTENT_RATING_COOKIE,
  serializeRatingSelection,
  type RatingSelection,
} from '../../lib/footerPreferences.ts';
import type { Db } from '../db/client.ts';
import { viewerSettings } from '../db/schema.ts';

export interface SelectionOwner {
  db: Db;
  cookies: AstroCookies;
  /** The signed-in account, if any. */
  userId: number | null;
  /** Options of a long-lived preference cookie. */
  cookieOptions: Parameters<AstroCookies['set']>[2];
}

export async function saveRatingSelection(
  { db, cookies, userId, cookieOptions }: SelectionOwner,
  selection: RatingSelection,
): Promise<void> {
  if (userId === null) {
    cookies.set(CONTENT_RATING_COOKIE, serializeRatingSelection(selection), cookieOptions);
    return;
  }
  const values = {
    contentRatingPreset: selection.preset,
    contentRatings: selection.preset === 'custom' ? selection.ratings : [],
    updatedAt: new Date(),
  };
  await db
    .insert(viewerSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: viewerSettings.userId, set: values });
  // The account's choice is the one that counts from now on, on every device.
  cookies.delete(CONTENT_RATING_COOKIE, { path: '/' });
}
