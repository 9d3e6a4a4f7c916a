/**
 * POST /settings (SPEC §7): the mature-content filter. Form-encoded token and either
 * content_rating (everything, safest, a single rating, or 'custom' from the no-JS form) or
 * content_ratings[] (safe, unrated, explicit). Until accounts exist the choice lives in the
 * 'content_rating' cookie (see allowedRatings in src/lib/footerPreferences.ts for readers).
 * Forms are sent back, 303, to return_to with the footer's 'Your preferences were
 * successfully updated.' message; islands get {ok:true}, or 400 {ok:false, message}.
 */
import type { APIRoute } from 'astro';
import { CONTENT_RATING_COOKIE, parseRatingSelection, serializeRatingSelection } from '../../lib/footerPreferences.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { FOOTER_STATUS, jsonAnswer, preferenceCookie, readSubmission, seeOther } from './_submission.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, cookies, locals, url }) => {
  const submission = await readSubmission(request, locals.path);
  const ratings = [...submission.getAll('content_ratings[]'), ...submission.getAll('content_ratings')];
  const selection = parseRatingSelection(submission.get('content_rating'), ratings);
  const returnTo = safeReturnTo(submission.get('return_to'));

  if (selection === null) {
    if (submission.json) return jsonAnswer({ ok: false, message: locals.t('footer.settingsFailed') });
    return seeOther(returnTo, FOOTER_STATUS.failed);
  }

  cookies.set(CONTENT_RATING_COOKIE, serializeRatingSelection(selection), preferenceCookie(url));
  if (submission.json) return jsonAnswer({ ok: true });
  return seeOther(returnTo, FOOTER_STATUS.saved);
};
