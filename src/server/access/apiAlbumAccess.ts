import type { APIContext } from 'astro';
import type { TeamRole } from '../../lib/domain.ts';
import { apiViewerId } from '../auth/apiViewer.ts';
import type { Db } from '../db/client.ts';
import { parseId } from '../http/apiResponse.ts';
import { cachedFindShowcase } from '../showcases/cachedReads.ts';
import type { ShowcaseWithOwner } from '../showcases/showcaseQueries.ts';
import { accessRequestFrom } from './accessRequest.ts';
import { resolveAccess } from './viewerAccess.ts';

/**
 * The album of an /api/albums/{albumId}… call if the caller (session or JWT, password proof,
 * share hash) may open it, else null: the API answers both cases alike, as missing.
 */
export async function findApiAlbum(context: APIContext, db: Db): Promise<{ found: ShowcaseWithOwner; cache: 'public' | 'private'; teamRole: TeamRole | null } | null> {
  const id = parseId(context.params['albumId']);
  const found = id ? await cachedFindShowcase(db, id) : null;
  const access = { ...accessRequestFrom(context, id ?? 0, context.url.searchParams.get('is_embed') === '1'), viewerId: await apiViewerId(context.request, context.locals) };
  const { decision, teamRole } = await resolveAccess(db, found?.showcase ?? null, access);
  if (!found || !decision.allowed) return null;
  return { found, cache: found.showcase.privacyView === 'anybody' && access.viewerId === null ? 'public' : 'private', teamRole };
}
