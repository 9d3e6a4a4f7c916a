/**
 * Gathers the facts of src/lib/albumAccess.ts for one request (who is asking, which proofs
 * they carry) and decides. Pages, the /auth call and the API all decide through here.
 */
import { and, eq } from 'drizzle-orm';
import { decideAccess, type AccessDecision } from '../../lib/albumAccess.ts';
import type { Layout, ShowcasePrivacy, TeamRole } from '../../lib/domain.ts';
import { deriveTeamRole } from '../../lib/teamRole.ts';
import { createTtlCache } from '../../lib/ttlCache.ts';
import type { Db } from '../db/client.ts';
import { onViewersChanged } from '../db/pageChangeSignal.ts';
import { teamMemberships, teams } from '../db/schema.ts';
import type { ShowcaseRow } from '../showcases/showcaseQueries.ts';
import { isValidProof } from './passwordProof.ts';

export interface AccessRequest {
  viewerId: number | null;
  /** hashed_pass from the proof cookie or the _hashed_pass parameter. */
  proof: string | null;
  /** The sh parameter: a share hash (the unlisted hash of an unlisted showcase). */
  shareHash: string | null;
  embedded: boolean;
  passwordRejected?: boolean;
}

export interface ResolvedAccess {
  decision: AccessDecision;
  teamRole: TeamRole | null;
}

/** The viewer's memberships in the album owner's team (SPEC §6 role derivation). */
function membershipsFor(db: Db, viewerId: number, albumOwnerId: number) {
  return db
    .select({
      teamOwnerId: teams.ownerId,
      role: teamMemberships.role,
      teamShowcaseId: teams.teamShowcaseId,
    })
    .from(teamMemberships)
    .innerJoin(teams, eq(teams.id, teamMemberships.teamId))
    .where(and(eq(teamMemberships.userId, viewerId), eq(teams.ownerId, albumOwnerId)));
}

type Memberships = Awaited<ReturnType<typeof membershipsFor>>;

/**
 * Memberships read in the last seconds: every page of a team showcase asks them. A change to a
 * team or a membership forgets them on every node before the write is answered
 * (drizzle/0010_viewer_changes.sql), so a member removed loses the team's showcases at once.
 */
const membershipReads = createTtlCache<Memberships>({ ttlMs: 30_000, max: 10_000 });
onViewersChanged(() => membershipReads.clear());

export async function resolveAccess(
  db: Db,
  showcase: ShowcaseRow | null,
  request: AccessRequest,
): Promise<ResolvedAccess> {
  if (!showcase) {
    return {
      decision: decideAccess({
        exists: false,
        privacy: 'nobody',
        layout: 'grid',
        embedded: request.embedded,
        signedIn: request.viewerId !== null,
        teamRole: null,
        passwordProofValid: false,
        passwordRejected: false,
        shareHashValid: false,
      }),
      teamRole: null,
    };
  }
  const memberships =
    request.viewerId !== null && request.viewerId !== showcase.ownerId
      ? await membershipReads.get(`${request.viewerId}:${showcase.ownerId}`, () =>
          membershipsFor(db, request.viewerId!, showcase.ownerId),
        )
      : [];
  const teamRole = deriveTeamRole(
    request.viewerId,
    showcase.ownerId,
    memberships.map((m) => ({ ...m, role: m.role as TeamRole })),
  );
  const decision = decideAccess({
    exists: true,
    privacy: showcase.privacyView as ShowcasePrivacy,
    layout: showcase.layout as Layout,
    embedded: request.embedded,
    signedIn: request.viewerId !== null,
    teamRole,
    passwordProofValid:
      showcase.privacyView === 'password' && isValidProof(showcase, request.proof),
    passwordRejected: request.passwordRejected ?? false,
    shareHashValid: Boolean(
      showcase.unlistedHash && request.shareHash && request.shareHash === showcase.unlistedHash,
    ),
  });
  return { decision, teamRole };
}
