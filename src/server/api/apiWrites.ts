/**
 * What every write of the API starts with and how it is refused, in Vimeo's shapes: the
 * scope the call needs (edit, create, delete, upload), a user behind the token, a JSON body
 * read against its schema, and the studio's refusals of a field under the body's name.
 * The API writes to the token's own account, as its user would in the studio.
 */
import type { APIContext } from 'astro';
import type { z } from 'astro/zod';
import type { ApiScope } from '../../lib/apiScopes.ts';
import type { InvalidParameter } from '../../lib/vimeoWrites.ts';
import { apiViewerId } from '../auth/apiViewer.ts';
import { beginApiCall } from '../http/apiResponse.ts';
import { jsonError } from '../http/errorResponse.ts';
import { translator } from '../i18n/translator.ts';

export type WriteCall = { version: string; userId: number } | { error: Response };

/** The version, and the user the token (or session) writes as; refused without `scope` or a user. */
export function beginWriteCall(context: APIContext, scope: ApiScope): WriteCall {
  const call = beginApiCall(context, scope);
  if ('error' in call) return call;
  const userId = apiViewerId(context.locals);
  if (userId === null) return { error: jsonError(context.locals, 401) };
  return { version: call.version, userId };
}

/** The JSON body read by `schema`, or the 400 naming what was not understood; `expected` tells the developer the shape. */
export async function readBody<S extends z.ZodType>(
  context: APIContext,
  schema: S,
  expected: string,
): Promise<{ body: z.infer<S> } | { error: Response }> {
  const parsed = schema.safeParse(await context.request.json().catch(() => null));
  if (parsed.success) return { body: parsed.data };
  const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || '(body)'))];
  return {
    error: jsonError(context.locals, 400, {
      error: context.locals.t('errors.apiInvalidParameter'),
      developer_message: `Send JSON ${expected}; not understood: ${fields.join(', ')}.`,
      invalid_parameters: fields.map((field) => ({ field })),
    }),
  };
}

/** The studio's refusals of the body's fields: each in the reader's language, and in English for the developer. */
export function invalidFields(context: APIContext, invalid: InvalidParameter[]): Response {
  const english = translator('en');
  return jsonError(context.locals, 400, {
    error: context.locals.t('errors.apiInvalidParameter'),
    developer_message: `Nothing was saved: ${invalid
      .map(({ field, error, values }) => `${field}: ${english(error, values)}`)
      .join(' ')}`,
    invalid_parameters: invalid.map(({ field, error, values }) => ({
      field,
      error: context.locals.t(error, values),
      developer_message: english(error, values),
    })),
  });
}

/**
 * The refusal of a write to what is not the caller's: 403 when they may see it (it is
 * somebody else's to change), else 404, as anything they may not see answers.
 */
export function notTheirs(
  context: APIContext,
  visible: boolean,
  what: 'video' | 'album',
): Response {
  if (!visible) return jsonError(context.locals, 404);
  return jsonError(context.locals, 403, {
    developer_message: `Only the ${what}'s owner may change it, with a token of their own.`,
  });
}
