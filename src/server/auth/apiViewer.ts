import { bearerToken, verifyJwt } from './jwt.ts';

/** The viewer of an API call: the session's user, else the subject of a valid JWT (SPEC §7). */
export async function apiViewerId(request: Request, locals: App.Locals): Promise<number | null> {
  return locals.viewer?.user.id ?? (await verifyJwt(bearerToken(request.headers.get('authorization'))));
}
