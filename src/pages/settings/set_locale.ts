/**
 * POST /settings/set_locale (SPEC §7): the language picker. Islands send JSON {token, locale}
 * and get {ok:true}, or 400 {ok:false, message} with the SPEC §8 warning. The footer's form
 * (JavaScript off) sends token, locale and return_to and is sent back, 303, to the same page
 * in the new locale. An unknown locale changes nothing: the form goes back to its page with
 * the warning shown in the footer.
 */
import type { APIRoute } from 'astro';
import { getDb } from '../../server/db/client.ts';
import { changeAccount } from '../../server/account/ownAccount.ts';
import { FOOTER_STATUS } from '../../lib/footerPreferences.ts';
import { isLocale, LOCALE_COOKIE, localizePath } from '../../lib/localeNegotiation.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import {
  jsonAnswer,
  preferenceCookie,
  readSubmission,
  seeOther,
} from '../../server/settings/footerSubmission.ts';

export const prerender = false;

export const POST: APIRoute = async ({ request, cookies, locals, url }) => {
  const submission = await readSubmission(request, locals.path);
  const locale = submission.get('locale');
  const returnTo = safeReturnTo(submission.get('return_to'));

  if (!isLocale(locale)) {
    if (submission.json)
      return jsonAnswer({ ok: false, message: locals.t('footer.languageFailed') });
    return seeOther(returnTo, FOOTER_STATUS.languageFailed);
  }

  cookies.set(LOCALE_COOKIE, locale, preferenceCookie(url));
  // A signed-in viewer's choice follows them to other browsers (src/middleware.ts reads it).
  if (locals.viewer) await changeAccount(await getDb(), locals.viewer.user, { locale });
  if (submission.json) return jsonAnswer({ ok: true });
  return seeOther(localizePath(locale, returnTo));
};
