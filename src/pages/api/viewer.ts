import type { APIRoute } from 'astro';
import { viewerContext } from '../../server/auth/viewerContext.ts';
import { siteOrigin } from '../../server/http/publicOrigin.ts';
import { PRIVATE_HEADERS } from '../../server/http/cacheControl.ts';

/** GET /api/viewer: the viewer context (SPEC §3); never cached, it carries a fresh JWT. */
export const GET: APIRoute = async ({ locals, url }) =>
  Response.json(await viewerContext(locals, siteOrigin(url)), {
    headers: PRIVATE_HEADERS,
  });
