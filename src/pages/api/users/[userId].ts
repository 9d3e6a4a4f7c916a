import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { eq } from 'drizzle-orm';
import { LOCALES } from '../../../lib/domain.ts';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { clearSessionCookie } from '../../../server/auth/sessions.ts';
import { getDb } from '../../../server/db/client.ts';
import { users } from '../../../server/db/schema.ts';
import { accountFields, readableAccount, userAnswer } from '../../../server/api/accountAnswers.ts';
import { apiJson, beginApiCall, parseId } from '../../../server/http/apiResponse.ts';
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
  return { ...userJson(user), ...accountFields(user) };
}

/**
 * GET /api/users/{userId}?fields= (SPEC §7): the user themselves is told their account; anybody
 * else sees the owner of a showcase anybody may open as its pages show them (name, picture).
 */
export const GET: APIRoute = async (context) => {
  const call = beginApiCall(context, 'public');
  if ('error' in call) return call.error;
  const account = await readableAccount(context, parseId(context.params.userId));
  if ('error' in account) return account.error;
  return userAnswer(context, account, call.version);
};

/** PATCH /api/users/{userId}: name and locale. */
export const PATCH: APIRoute = async (context) => {
  const negotiated = beginApiCall(context, 'edit');
  if ('error' in negotiated) return negotiated.error;
  const found = await self(context);
  if ('error' in found) return found.error;
  const parsed = patchSchema.safeParse(await context.request.json().catch(() => null));
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join('.') || '(body)');
    return jsonError(context.locals, 400, {
      error: context.locals.t('errors.apiInvalidParameter'),
      developer_message: `These fields cannot be set this way: ${fields.join(', ')}.`,
      invalid_parameters: fields.map((field) => ({ field })),
    });
  }
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
  const [user] = Object.keys(changes).length > 0 ? await (await getDb()).update(users).set(changes).where(eq(users.id, found.user.id)).returning() : [found.user];
  return apiJson(context, accountJson(user!), { resource: 'user', cache: 'private' }, negotiated.version);
};

/** DELETE /api/users/{userId}: deletes the account and everything it owns (cascades). */
export const DELETE: APIRoute = async (context) => {
  const call = beginApiCall(context, 'edit');
  if ('error' in call) return call.error;
  const found = await self(context);
  if ('error' in found) return found.error;
  await (await getDb()).delete(users).where(eq(users.id, found.user.id));
  clearSessionCookie(context.cookies);
  return new Response(null, { status: 204 });
};
