/**
 * The account a signed-in user works in from the studio (their own, or the team account they
 * switched to on /manage/videos) and their role in it, and the one gate every studio page and
 * route passes: signed in, then `mayDo(role, action)` (src/lib/studioPermissions.ts).
 */
import type { APIContext, AstroCookies } from 'astro';
import type { TeamRole } from '../../lib/domain.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { mayDo, type StudioAction } from '../../lib/studioPermissions.ts';
import type { Db } from '../db/client.ts';
import { jsonError, pageError } from '../http/errorResponse.ts';
import { activeTeam } from '../teams/teamContext.ts';

export interface StudioAccount {
  /** The signed-in user. */
  userId: number;
  /** The account whose library, showcases and events are managed. */
  ownerId: number;
  ownerName: string;
  role: TeamRole;
}

export async function studioAccount(
  db: Db,
  user: { id: number; name: string },
  cookies: AstroCookies,
): Promise<StudioAccount> {
  const team = await activeTeam(db, user.id, cookies);
  if (team)
    return { userId: user.id, ownerId: team.ownerId, ownerName: team.ownerName, role: team.role };
  return { userId: user.id, ownerId: user.id, ownerName: user.name, role: 'Owner' };
}

export type StudioGate = { ok: true; account: StudioAccount } | { ok: false; response: Response };

type PageContext = Pick<
  APIContext,
  'locals' | 'cookies' | 'redirect' | 'rewrite' | 'request' | 'url'
>;

/** A studio page: anonymous viewers go to sign in and come back; a role without `action` gets 403. */
export async function studioPageGate(
  db: Db,
  context: PageContext,
  action: StudioAction | null,
): Promise<StudioGate> {
  const { viewer, locale, path } = context.locals;
  if (!viewer) {
    const back = encodeURIComponent(localizePath(locale, path));
    return {
      ok: false,
      response: context.redirect(`${localizePath(locale, '/log_in')}?redirect=${back}`),
    };
  }
  const account = await studioAccount(db, viewer.user, context.cookies);
  if (action !== null && !mayDo(account.role, action))
    return { ok: false, response: await pageError(context, 403) };
  return { ok: true, account };
}

/** A studio JSON route: 401 without a session, 403 "Permission Denied" without `action`. */
export async function studioApiGate(
  db: Db,
  context: Pick<APIContext, 'locals' | 'cookies'>,
  action: StudioAction,
): Promise<StudioGate> {
  const { viewer } = context.locals;
  if (!viewer) return { ok: false, response: jsonError(context.locals, 401) };
  const account = await studioAccount(db, viewer.user, context.cookies);
  if (!mayDo(account.role, action)) return { ok: false, response: jsonError(context.locals, 403) };
  return { ok: true, account };
}
