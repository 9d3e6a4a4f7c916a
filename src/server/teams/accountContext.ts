/**
 * What the signed-in chrome needs about the viewer's account: their teams, the team account
 * they switched to, and the quota of the account they upload to (SPEC §6 "Quota widget for
 * team owner's account when team owner id given").
 */
import type { AstroCookies } from 'astro';
import { createTtlCache } from '../../lib/ttlCache.ts';
import { onViewersChanged } from '../db/pageChangeSignal.ts';
import { accountQuota, type AccountQuota } from '../quota/uploadQuota.ts';
import { cartLineCount } from '../stock/buyerState.ts';
import { followedShowcaseIds } from '../watch/showcaseFollows.ts';
import type { Db } from '../db/client.ts';
import { activeTeam, TEAM_OWNER_COOKIE } from './teamContext.ts';
import { teamsOf, type TeamMembershipRow } from './teamQueries.ts';

export interface AccountContext {
  memberships: TeamMembershipRow[];
  /** The team account switched to; null while working in the viewer's own account. */
  team: TeamMembershipRow | null;
  quota: AccountQuota | null;
  /** Lines in the viewer's stock cart, for the top bar's Cart link. */
  cartLines: number;
  /** The showcases the viewer follows, for the follow button of showcase pages. */
  followedShowcases: number[];
}

async function accountContext(
  db: Db,
  userId: number,
  cookies: AstroCookies,
): Promise<AccountContext> {
  const [memberships, team] = await Promise.all([
    teamsOf(db, userId),
    activeTeam(db, userId, cookies),
  ]);
  const [quota, cartLines, followedShowcases] = await Promise.all([
    accountQuota(db, team?.ownerId ?? userId),
    cartLineCount(db, userId),
    followedShowcaseIds(db, userId),
  ]);
  return { memberships, team, quota, cartLines, followedShowcases };
}

/**
 * The signed-in chrome's account, read in the last seconds, by viewer and the team account
 * they work in: every page a signed-in viewer opens shows it. Any change to an account, a team,
 * a cart, an upload or a follow forgets it on every node before the write is answered
 * (drizzle/0010_viewer_changes.sql); the time limit bounds how long a quota period's turn
 * (a new week) goes unseen.
 */
const accountReads = createTtlCache<AccountContext>({ ttlMs: 30_000, max: 10_000 });
onViewersChanged(() => accountReads.clear());

export function cachedAccountContext(
  db: Db,
  userId: number,
  cookies: AstroCookies,
): Promise<AccountContext> {
  return accountReads.get(`${userId}:${cookies.get(TEAM_OWNER_COOKIE)?.value ?? ''}`, () =>
    accountContext(db, userId, cookies),
  );
}
