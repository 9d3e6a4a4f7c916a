/**
 * What a sign-in or password screen may show of a showcase the viewer cannot open yet
 * (SPEC §3 sign-in props): the team or account name, never the showcase's own title.
 */
import { eq } from 'drizzle-orm';
import { normalizeBrandColor } from '../../lib/brandColor.ts';
import type { Db } from '../db/client.ts';
import type { CustomLogo } from '../../lib/customLogo.ts';
import { teams } from '../db/schema.ts';
import { teamSsoConnections } from '../sso/ssoConnections.ts';
import type { ShowcaseWithOwner } from './showcaseQueries.ts';

export interface SignInBranding {
  /** The team's name for a team showcase, else the owner's name. */
  name: string;
  id: number;
  brandColor: string;
  customLogo: CustomLogo | null;
  theme: 'standard' | 'dark';
  domain: string | null;
  teamId: number | null;
  ssoEnabled: boolean;
  ssoConnectionsCount: number;
  /** The team's connections by id and name, for the screen that lets the viewer pick one. */
  ssoConnections: { id: number; name: string }[];
}

export async function signInBranding(
  db: Db,
  { showcase, owner }: ShowcaseWithOwner,
): Promise<SignInBranding> {
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.ownerId, owner.id))
    .limit(1);
  const connections = team
    ? (await teamSsoConnections(db, team.id)).map(({ id, name }) => ({ id, name }))
    : [];
  const logo = showcase.customLogo;
  return {
    name: showcase.privacyView === 'team' && team ? team.name : owner.name,
    id: showcase.id,
    brandColor: normalizeBrandColor(showcase.brandColor),
    customLogo: logo?.active ? logo : null,
    theme: showcase.theme === 'dark' ? 'dark' : 'standard',
    domain: showcase.domain,
    teamId: team?.id ?? null,
    ssoEnabled: connections.length > 0,
    ssoConnectionsCount: connections.length,
    ssoConnections: connections,
  };
}
