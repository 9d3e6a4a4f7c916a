import type { APIRoute } from 'astro';
import { ACCESS_CODE } from '../../../lib/albumAccess.ts';
import { authJson } from '../../../server/access/authReply.ts';
import { checkShowcasePassword } from '../../../server/access/passwordCheck.ts';
import { getDb } from '../../../server/db/client.ts';
import { parseId } from '../../../server/http/apiResponse.ts';
import { tooManyRequestsResponse } from '../../../server/rateLimit/tooManyRequests.ts';
import { findShowcase } from '../../../server/showcases/showcaseQueries.ts';

/**
 * GET /showcase/{id}/password?password= (SPEC §7, from an embed). Only for scripted calls
 * (X-Requested-With), so a password in a shared link opens nothing.
 */
export const GET: APIRoute = async (context) => {
  if (context.request.headers.get('x-requested-with') !== 'XMLHttpRequest')
    return authJson({ error: 'X-Requested-With required' }, 400);
  const id = parseId(context.params.albumId);
  const found = id ? await findShowcase(await getDb(), id) : null;
  if (!found)
    return authJson({ password: false, error_code: ACCESS_CODE.unknown, hashed_pass: null });
  const outcome = await checkShowcasePassword(
    context,
    found.showcase,
    context.url.searchParams.get('password') ?? '',
  );
  if (outcome.kind === 'limited')
    return tooManyRequestsResponse({
      retryAfterSeconds: outcome.retryAfterSeconds,
      t: context.locals.t,
    });
  if (outcome.kind === 'wrong')
    return authJson({
      password: false,
      error_code: ACCESS_CODE.passwordIncorrect,
      hashed_pass: null,
    });
  return authJson({ password: true, error_code: null, hashed_pass: outcome.proof });
};
