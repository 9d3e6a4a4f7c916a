/**
 * What the signed-in chrome needs about the viewer's account: their teams, the team account
 * they switched to, and the quota of the account they upload to (SPEC §6 "Quota widget for
 * team owner's account when team owner id given").
 */
import type { AstroCookies } from 'astro';
import { accountQuota, type AccountQuota } from '../quota/uploadQuota.ts';
import { cartLineCount } from '../stock/buyerState.ts';
import type { Db } from '../db/client.ts';
import { activeTeam } from './teamContext.ts';
import { teamsOf, type TeamMembershipRow } from './teamQueries.ts';

export interface AccountContext {
  memberships: TeamMembershipRow[];
  /** The team account switched to; null while working in the viewer's own account. */
  team: TeamMembershipRow | null;
  quota: AccountQuota | null;
  /** Lines in the viewer's stock cart, for the top bar's Cart link. */
  cartLines: number;
}

export async function accountContext(db: Db, userId: number, cookies: AstroCookies): Promise<AccountContext> {
  const [memberships, team] = await Promise.all([teamsOf(db, userId), activeTeam(db, userId, cookies)]);
  const [quota, cartLines] = await Promise.all([accountQuota(db, team?.ownerId ?? userId), cartLineCount(db, userId)]);
  return { memberships, team, quota, cartLines };
}
