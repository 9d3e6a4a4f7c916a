import type { APIRoute } from 'astro';
import { apiViewerId } from '../../../../server/auth/apiViewer.ts';
import { getDb } from '../../../../server/db/client.ts';
import { apiJson, negotiateVersion, parseId } from '../../../../server/http/apiResponse.ts';
import { jsonError } from '../../../../server/http/errorResponse.ts';
import { teamsOf } from '../../../../server/teams/teamQueries.ts';

/**
 * GET /api/users/{userId}/teams?fields=owner.uri,team_membership.role,team_data.team_showcase_id
 * (SPEC §7): the teams the user belongs to, for the user themselves.
 */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const id = parseId(context.params.userId);
  const viewerId = apiViewerId(context.locals);
  if (viewerId === null) return jsonError(context.locals, 401);
  if (id !== viewerId) return jsonError(context.locals, 403);
  const memberships = await teamsOf(await getDb(), id);
  const data = memberships.map((m) => ({
    owner: { uri: `/users/${m.ownerId}`, name: m.ownerName },
    team_membership: { role: m.role },
    team_data: { name: m.teamName, team_showcase_id: m.teamShowcaseId },
  }));
  return apiJson(
    context,
    { total: data.length, data },
    { resource: 'team', cache: 'private' },
    negotiated.version,
  );
};
