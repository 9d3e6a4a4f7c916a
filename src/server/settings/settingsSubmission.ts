/**
 * POST /settings (SPEC §7): the mature-content filter, as form-encoded token plus
 * content_rating (everything, safest, a single rating, or 'custom' from the no-JS form) or
 * content_ratings[] (safe, unrated, explicit). The middleware has checked the token. A
 * right choice is kept (src/server/settings/ratingSelection.ts) and answered with {ok:true},
 * or for a plain form 303 back to return_to with the footer's "Your preferences were
 * successfully updated."; a wrong one with 400 and "Sorry, something went wrong."
 */
import type { AstroGlobal } from 'astro';
import { FOOTER_STATUS, parseRatingSelection } from '../../lib/footerPreferences.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { jsonAnswer, preferenceCookie, readSubmission, seeOther } from './footerSubmission.ts';
import { getDb } from '../db/client.ts';
import { saveRatingSelection } from './ratingSelection.ts';

/** A finished answer, or the settings page again with its error (a plain form sent wrong values). */
export type SettingsOutcome = Response | { kind: 'failed'; returnTo: string };

export async function submitSettings({
  request,
  cookies,
  locals,
  url,
}: AstroGlobal): Promise<SettingsOutcome> {
  const submission = await readSubmission(request, locals.path);
  const ratings = [
    ...submission.getAll('content_ratings[]'),
    ...submission.getAll('content_ratings'),
  ];
  const selection = parseRatingSelection(submission.get('content_rating'), ratings);
  const returnTo = safeReturnTo(submission.get('return_to'));
  if (selection === null) {
    return submission.json
      ? jsonAnswer({ ok: false, message: locals.t('footer.settingsFailed') })
      : { kind: 'failed', returnTo };
  }
  await saveRatingSelection(
    {
      db: await getDb(),
      cookies,
      userId: locals.viewer?.user.id ?? null,
      cookieOptions: preferenceCookie(url),
    },
    selection,
  );
  return submission.json ? jsonAnswer({ ok: true }) : seeOther(returnTo, FOOTER_STATUS.saved);
}
