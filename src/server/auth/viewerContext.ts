/**
 * The viewer context of SPEC §3, handed to islands (as props) and to scripts (GET
 * /api/viewer): where the API is, a short-lived JWT for it, and who is looking.
 */
import type { Locale } from '../../lib/domain.ts';
import { issueJwt } from './jwt.ts';

export interface ViewerContext {
  apiUrl: string;
  jwt: string | null;
  locale: Locale;
  userId: number | null;
  xsrft: string;
  /** Plain-text permission level in the team whose showcase is open, if any. */
  teamUser: string | null;
  vuid: string | null;
  ribbonModifier: string | null;
  videoSiteUrl: string;
  recaptchaSiteKey: string | null;
  ofcomQualifies: boolean;
}

export async function viewerContext(
  locals: App.Locals,
  origin: string,
  teamUser: string | null = null,
): Promise<ViewerContext> {
  const viewer = locals.viewer;
  return {
    apiUrl: new URL('/api', origin).href,
    jwt: viewer ? issueJwt(viewer.user.id, viewer) : null,
    locale: locals.locale,
    userId: viewer?.user.id ?? null,
    // Anonymous viewers share by e-mail too: their token is the xsrft cookie's, made on first use.
    xsrft: locals.csrfToken,
    teamUser,
    // The session's opaque id doubles as the visitor id; anonymous visitors get none (no tracking cookie).
    vuid: viewer ? viewer.idHash.slice(0, 16) : null,
    ribbonModifier: null,
    videoSiteUrl: origin,
    // The share captcha is ALTCHA, self-hosted: there is no reCAPTCHA site key to hand out.
    recaptchaSiteKey: null,
    // The UK's Online Safety Act (src/lib/legalRegime.ts): the age gate applies there.
    ofcomQualifies: locals.legal.ofcom,
  };
}
