import type { AstroCookies } from 'astro';
import { proofCookieName } from './passwordProof.ts';
import type { AccessRequest } from './viewerAccess.ts';

interface RequestParts {
  url: URL;
  cookies: AstroCookies;
  locals: App.Locals;
}

/**
 * The access facts a request carries for one showcase: the signed-in viewer, the password
 * proof (cookie, or _hashed_pass as SPEC §7 sends it) and the share hash (sh).
 */
export function accessRequestFrom(
  { url, cookies, locals }: RequestParts,
  albumId: number,
  embedded = false,
): AccessRequest {
  return {
    viewerId: locals.viewer?.user.id ?? null,
    // The player frame receives the proof as `hash` (SPEC §2), the API as `_hashed_pass` (§7).
    proof:
      cookies.get(proofCookieName(albumId))?.value ??
      url.searchParams.get('_hashed_pass') ??
      url.searchParams.get('hash'),
    shareHash: url.searchParams.get('sh'),
    embedded,
  };
}
