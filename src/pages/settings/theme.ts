/**
 * POST /settings/theme: the footer's light/dark toggle (SPEC §4 "Theme toggle switches
 * light/dark"). Form fields token, theme (light | dark; auto forgets the choice) and
 * return_to; the choice is remembered in the 'theme' cookie and the viewer sent back, 303.
 * Islands sending JSON get {ok:true} or 400 {ok:false, message}.
 */
import type { APIRoute } from 'astro';
import { FOOTER_STATUS, THEME_COOKIE } from '../../lib/footerPreferences.ts';
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
  const theme = submission.get('theme');
  const returnTo = safeReturnTo(submission.get('return_to'));

  if (theme === 'light' || theme === 'dark') {
    cookies.set(THEME_COOKIE, theme, preferenceCookie(url));
  } else if (theme === 'auto') {
    cookies.delete(THEME_COOKIE, { path: '/' });
  } else {
    if (submission.json)
      return jsonAnswer({ ok: false, message: locals.t('footer.settingsFailed') });
    return seeOther(returnTo, FOOTER_STATUS.failed);
  }
  return submission.json ? jsonAnswer({ ok: true }) : seeOther(returnTo);
};
