import type { APIRoute } from 'astro';
import { z } from 'astro/zod';
import { LOCALES } from '../../../lib/domain.ts';
import { apiViewerId } from '../../../server/auth/apiViewer.ts';
import { clearSessionCookie } from '../../../server/auth/sessions.ts';
import {
  changeAccount,
  deleteAccount,
  findAccount,
  type Account,
} from '../../../server/account/ownAccount.ts';
import { getDb } from '../../../server/db/client.ts';
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
  const user = await findAccount(await getDb(), id);
  return user ? { user } : { error: jsonError(context.locals, 404) };
}

function accountJson(user: Account) {
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
  const changes = Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined),
  );
  const user = await changeAccount(await getDb(), found.user, changes);
  return apiJson(
    context,
    accountJson(user),
    { resource: 'user', cache: 'private' },
    negotiated.version,
  );
};

/** DELETE /api/users/{userId}: deletes the account and everything it owns (cascades). */
export const DELETE: APIRoute = async (context) => {
  const call = beginApiCall(context, 'edit');
  if ('error' in call) return call.error;
  const found = await self(context);
  if ('error' in found) return found.error;
  await deleteAccount(await getDb(), found.user.id);
  clearSessionCookie(context.cookies);
  return new Response(null, { status: 204 });
};
