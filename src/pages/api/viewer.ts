import type { APIRoute } from 'astro';
import { viewerContext } from '../../server/auth/viewerContext.ts';

/** GET /api/viewer: the viewer context (SPEC §3); never cached, it carries a fresh JWT. */
export const GET: APIRoute = async ({ locals, url }) =>
  Response.json(await viewerContext(locals, url.origin), { headers: { 'Cache-Control': 'private, no-store' } });
