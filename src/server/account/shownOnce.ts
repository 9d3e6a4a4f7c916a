/**
 * A new token or app secret is shown once, on the page the creating form redirects to
 * (post-redirect-get, so a reload never creates another). It waits for that page in a
 * short-lived HttpOnly cookie scoped to the page, is cleared by the first view, and is only
 * shown to the user who made it.
 */
import type { AstroCookies } from 'astro';

export type NewCredential =
  | { kind: 'token'; userId: number; name: string; token: string }
  | { kind: 'app'; userId: number; name: string; clientId: string; clientSecret: string };

const COOKIE = 'vitrine_shown_once';
/** Long enough for the redirect on a slow network, short enough not to linger unseen. */
const MAX_AGE_SECONDS = 120;

export function keepShownOnce(
  cookies: AstroCookies,
  path: string,
  secure: boolean,
  credential: NewCredential,
): void {
  cookies.set(COOKIE, credential, {
    path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

/** The credential waiting for `userId`'s view of the page at `path`, taken so it is never shown again. */
export function takeShownOnce(
  cookies: AstroCookies,
  path: string,
  userId: number,
): NewCredential | null {
  const waiting = cookies.get(COOKIE);
  if (!waiting) return null;
  cookies.delete(COOKIE, { path });
  try {
    const credential = waiting.json() as NewCredential;
    return credential.userId === userId ? credential : null;
  } catch {
    return null;
  }
}
