import type { APIRoute } from 'astro';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { servedOverHttps } from '../../server/http/publicOrigin.ts';
import { dismissTeamNotice } from '../../server/teams/teamContext.ts';

/** POST /manage/team_notice: dismisses the team-account notice of one team, then goes back. */
export const POST: APIRoute = async ({ request, cookies, locals, redirect, url }) => {
  if (!locals.viewer) return redirect(localizePath(locals.locale, '/log_in'), 303);
  const form = await request.formData();
  const raw = String(form.get('team_owner_id') ?? '');
  if (/^[1-9]\d{0,9}$/.test(raw)) dismissTeamNotice(cookies, Number(raw), servedOverHttps(url));
  return redirect(safeReturnTo(form.get('redirect')), 303);
};
