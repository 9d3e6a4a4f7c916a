import type { APIRoute } from 'astro';
import { offsiteDestination, showcaseIdOf } from '../lib/offsiteRedirect.ts';
import { getDb } from '../server/db/client.ts';
import { cachedFindShowcase } from '../server/showcases/cachedReads.ts';
import { NO_STORE_HEADERS } from '../server/http/cacheControl.ts';

/**
 * GET /offsite_redirect?redirect= (SPEC §2): where a sign-in from a showcase opened with
 * offsite=redirect comes back to; it sends the viewer on to the showcase's own site, or to
 * the showcase here (src/lib/offsiteRedirect.ts).
 */
export const GET: APIRoute = async ({ url }) => {
  const redirect = url.searchParams.get('redirect');
  const albumId = redirect ? showcaseIdOf(redirect) : null;
  const found = albumId ? await cachedFindShowcase(await getDb(), albumId) : null;
  const location = offsiteDestination({ redirect, ownDomain: found?.showcase.domain ?? null });
  return new Response(null, {
    status: 303,
    headers: { ...NO_STORE_HEADERS, Location: location },
  });
};
