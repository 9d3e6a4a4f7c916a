/**
 * The popup side of the embedded sign-in: tells the embed that opened it how the sign-in
 * went, then closes. The message goes to this site's origin only (targetOrigin), so a page
 * elsewhere that opened the popup learns nothing.
 */
import type { SignInMessageType } from '../../lib/signInPopup.ts';

/** False when nothing opened this window (a new tab without JavaScript): the page stays. */
export function reportSignIn(type: SignInMessageType): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage({ type }, window.location.origin);
  window.close();
  return true;
}
