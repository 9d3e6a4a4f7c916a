/**
 * The team account a signed-in user works in (POST /manage/videos?action=SWITCH_TEAMS). The
 * cookie only names a team owner; it is honoured only while the user is still a member of
 * that owner's team, so it grants nothing by itself.
 */
import type { AstroCookies } from 'astro';
import type { Db } from '../db/client.ts';
import { membershipIn, type TeamMembershipRow } from './teamQueries.ts';

export const TEAM_OWNER_COOKIE = 'team_owner';
/** The team owner whose team-account notice the user dismissed. */
const TEAM_NOTICE_COOKIE = 'team_notice_dismissed';
const YEAR = 60 * 60 * 24 * 365;

export async function activeTeam(
  db: Db,
  userId: number,
  cookies: AstroCookies,
): Promise<TeamMembershipRow | null> {
  const raw = cookies.get(TEAM_OWNER_COOKIE)?.value;
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const ownerId = Number(raw);
  if (ownerId === userId) return null;
  return membershipIn(db, userId, ownerId);
}

/**
 * SWITCH_TEAMS: works in the account of the team owner `raw` names, or in the user's own when it
 * names them. False when they are no member of that team: nothing changes.
 */
export async function switchTeam(
  db: Db,
  userId: number,
  raw: string,
  cookies: AstroCookies,
  secure: boolean,
): Promise<boolean> {
  const ownerId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
  if (ownerId === userId) rememberTeamOwner(cookies, null, secure);
  else if (ownerId !== null && (await membershipIn(db, userId, ownerId)))
    rememberTeamOwner(cookies, ownerId, secure);
  else return false;
  return true;
}

/** Switches to a team owner's account, or back to the user's own (ownerId null). */
export function rememberTeamOwner(
  cookies: AstroCookies,
  ownerId: number | null,
  secure: boolean,
): void {
  if (ownerId === null) cookies.delete(TEAM_OWNER_COOKIE, { path: '/' });
  else
    cookies.set(TEAM_OWNER_COOKIE, String(ownerId), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: YEAR,
    });
}

export function teamNoticeDismissed(cookies: AstroCookies, ownerId: number): boolean {
  return cookies.get(TEAM_NOTICE_COOKIE)?.value === String(ownerId);
}

export function dismissTeamNotice(cookies: AstroCookies, ownerId: number, secure: boolean): void {
  cookies.set(TEAM_NOTICE_COOKIE, String(ownerId), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: YEAR,
  });
}
