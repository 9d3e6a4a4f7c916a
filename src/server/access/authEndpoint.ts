/**
 * GET and POST of /showcase/{id}/auth and /auth (SPEC §7). GET answers the access state as
 * JSON; POST checks a password from a form (JavaScript off: redirect or the password screen
 * again) or from the island (JSON).
 */
import type { AstroGlobal } from 'astro';
import { ACCESS_CODE } from '../../lib/albumAccess.ts';
import { safeReturnTo } from '../../lib/safeRedirect.ts';
import { localizePath } from '../../lib/localeNegotiation.ts';
import { getDb } from '../db/client.ts';
import { formText, readForm, readJsonObject } from '../http/badRequest.ts';
import { wantsJson } from '../http/errorResponse.ts';
import { tooManyRequestsResponse } from '../rateLimit/tooManyRequests.ts';
import { findShowcase } from '../showcases/showcaseQueries.ts';
import { signInBranding } from '../showcases/signInBranding.ts';
import { authJson, authMetadata, type AuthReply } from './authReply.ts';
import { checkShowcasePassword } from './passwordCheck.ts';
import { passwordProof } from './passwordProof.ts';
import { openShowcase, showcaseViewerFrom, type DeniedView } from './showcaseAccess.ts';

/**
 * A finished response, or what a browser without JavaScript sees next: the password screen
 * again (wrong password) or the "Whoa there!" screen (too many tries). The page renders
 * those, because a request whose body was read cannot be rewritten.
 */
export type AuthOutcome = Response | DeniedView | { kind: 'limited'; retryAfterSeconds: number };

interface PasswordSubmission {
  password: string;
  refererUrl: string | null;
  /** From an embed frame: the proof goes back in the address, where no cookie may be kept. */
  carryProof: boolean;
}

/** A JSON object or a form; any other body is the client's mistake (400). */
async function readPassword(request: Request): Promise<PasswordSubmission> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = await readJsonObject(request);
    const text = (name: string) => (typeof body[name] === 'string' ? body[name] : null);
    return { password: text('password') ?? '', refererUrl: text('referer_url'), carryProof: false };
  }
  const form = await readForm(request);
  return {
    password: formText(form, 'password'),
    refererUrl: formText(form, 'referer_url') || null,
    carryProof: form.get('carry_proof') === '1',
  };
}

export async function authEndpoint(
  astro: AstroGlobal,
  albumId: number | null,
): Promise<AuthOutcome> {
  const db = await getDb();
  const { request, locals } = astro;
  const json = wantsJson(request, locals.path) || request.method === 'GET';

  if (request.method === 'GET') {
    const access = await openShowcase(
      db,
      albumId ?? 0,
      showcaseViewerFrom(astro, albumId ?? 0, { embedded: astro.url.searchParams.has('embed') }),
    );
    // A denied viewer learns only what the sign-in and password screens show (the team's name).
    const reply: AuthReply = access.open
      ? {
          error_code: null,
          hashed_pass:
            access.showcase.found.showcase.privacyView === 'password'
              ? passwordProof(access.showcase.found.showcase)
              : null,
          metadata: authMetadata(
            access.showcase.found,
            true,
            await signInBranding(db, access.showcase.found),
          ),
        }
      : {
          error_code: access.denied.code,
          hashed_pass: null,
          metadata: authMetadata(null, false, access.denied.branding),
        };
    return authJson(reply);
  }

  const { password, refererUrl, carryProof } = await readPassword(request);
  // Read fresh, not from the read cache: a password just changed must be checked as it is now.
  const found = albumId ? await findShowcase(db, albumId) : null;
  if (!found)
    return authJson({ password: false, error_code: ACCESS_CODE.unknown, hashed_pass: null });
  const outcome = await checkShowcasePassword(astro, found.showcase, password);

  if (outcome.kind === 'limited') {
    if (json)
      return tooManyRequestsResponse({ retryAfterSeconds: outcome.retryAfterSeconds, t: locals.t });
    return { kind: 'limited', retryAfterSeconds: outcome.retryAfterSeconds };
  }
  if (outcome.kind === 'right') {
    if (json) return authJson({ password: true, error_code: null, hashed_pass: outcome.proof });
    const back = new URL(
      safeReturnTo(refererUrl ?? localizePath(locals.locale, `/showcase/${found.showcase.id}`)),
      astro.url,
    );
    if (carryProof) back.searchParams.set('hash', outcome.proof);
    return astro.redirect(back.pathname + back.search, 303);
  }
  if (json)
    return authJson({
      password: false,
      error_code: ACCESS_CODE.passwordIncorrect,
      hashed_pass: null,
    });
  return {
    kind: 'denied',
    code: ACCESS_CODE.passwordIncorrect,
    screen: 'password',
    albumId: found.showcase.id,
    branding: await signInBranding(db, found),
  };
}
