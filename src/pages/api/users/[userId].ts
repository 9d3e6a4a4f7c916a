import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { eq } from 'drizzle-orm';
import { LOCALES } from '../../../lib/domain.ts';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { clearSessionCookie } from '../../../server/auth/sessions.ts';
import { getDb } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema.ts';
import { apiJson, negotiateVersion, parseId } from '../../../server/http/apiResponse.ts';
import { jsonError } from '../../../server/http/errorResponse.ts';
import { userJson } from '../../../server/showcases/represent.ts';

/** What a user may change of their own account through the API. */
const patchSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    locale: z.enum(LOCALES).nullable().optional(),
  })
  .strict();

async function self(context: Parameters<APIRoute>[0]) {
  const id = parseId(context.params.userId);
  const viewerId = apiViewerId(context.locals);
  if (viewerId === null) return { error: jsonError(context.locals, 401) };
  // Only the user themselves: another account's id is answered as forbidden.
  if (id !== viewerId) return { error: jsonError(context.locals, 403) };
  const [user] = await (await getDb()).select().from(users).where(eq(users.id, id)).limit(1);
  return user ? { user } : { error: jsonError(context.locals, 404) };
}

function accountJson(user: typeof users.$inferSelect) {
  return {
    ...userJson(user),
    email: user.email,
    locale: user.locale,
    membership: { type: user.membershipType },
    capabilities: {
      hasLivePremium: user.hasLivePremium,
      hasEnterprise: user.hasEnterprise,
      hasTotalStorageCap: user.hasTotalStorageCap,
      hasMonthlyBilling: user.hasMonthlyBilling,
      hasStockEnterprise: user.hasStockEnterprise,
      canReceiveFreeStock: user.canReceiveFreeStock,
    },
  };
}

/** GET /api/users/{userId}?fields= (SPEC §7), for the user themselves. */
export const GET: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const found = await self(context);
  if ('error' in found) return found.error;
  return apiJson(context, accountJson(found.user), { resource: 'user', cache: 'private' }, negotiated.version);
};

/** PATCH /api/users/{userId}: name and locale. */
export const PATCH: APIRoute = async (context) => {
  const negotiated = negotiateVersion(context);
  if ('error' in negotiated) return negotiated.error;
  const found = await self(context);
  if ('error' in found) return found.error;
  const parsed = patchSchema.safeParse(await context.request.json().catch(() => null));
  if (!parsed.success) return Response.json({ error: 'Invalid fields', invalid_fields: parsed.error.issues.map((i) => i.path.join('.')) }, { status: 400 });
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const [user] = Object.keys(changes).length > 0 ? await (await getDb()).update(users).set(changes).where(eq(users.id, found.user.id)).returning() : [found.user];
  return apiJson(context, accountJson(user!), { resource: 'user', cache: 'private' }, negotiated.version);
};

/** DELETE /api/users/{userId}: deletes the account and everything it owns (cascades). */
export const DELETE: APIRoute = async (context) => {
  const found = await self(context);
  if ('error' in found) return found.error;
  await (await getDb()).delete(users).where(eq(users.id, found.user.id));
  clearSessionCookie(context.cookies);
  return new Response(null, { status: 204 });
};
