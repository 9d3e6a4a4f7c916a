/**
 * The embedded sign-in popup (SPEC §2 /showcase/{id}/authorize, §4, §5, §9): its size and
 * place, and which messages from it count. Pure, so the rules are tested without a browser.
 */
import { splitLocalePath } from './localeNegotiation.ts';

/** SPEC §9: the popup is 800x600. */
export const POPUP_SIZE = { width: 800, height: 600 } as const;

/** A window's box on the screen: left/top (screenX/screenY) and outer size. */
export interface ScreenBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The popup's box, centred over the window that opens it (which may sit on any monitor). */
export function popupGeometry(
  opener: ScreenBox,
  size: { width: number; height: number } = POPUP_SIZE,
): ScreenBox {
  return {
    left: Math.round(opener.left + (opener.width - size.width) / 2),
    top: Math.round(opener.top + (opener.height - size.height) / 2),
    width: size.width,
    height: size.height,
  };
}

/** The feature string of window.open for that box. */
export function popupFeatures(box: ScreenBox): string {
  return `popup=yes,width=${box.width},height=${box.height},left=${box.left},top=${box.top}`;
}

export type SignInMessageType = 'success' | 'failure';

/**
 * SPEC §5: only a message from the sign-in origin counts, and only `{ type: 'success' }`
 * is a sign-in; `{ type: 'failure' }` from there reports a failed one. Anything else, from
 * any other window or origin, is nobody's business here: null.
 */
export function signInMessage(
  event: { origin: string; data: unknown },
  signInOrigin: string,
): SignInMessageType | null {
  if (event.origin !== signInOrigin) return null;
  const type =
    typeof event.data === 'object' && event.data !== null
      ? (event.data as { type?: unknown }).type
      : undefined;
  return type === 'success' || type === 'failure' ? type : null;
}

/** The query flag that tells the popup page a sign-in failed (it then reports failure). */
export const SIGN_IN_FAILED_PARAM = 'sign_in_failed';

/** True for a path (with any locale prefix and query) of the sign-in popup page. */
export function isAuthorizePath(path: string): boolean {
  return /^\/showcase\/[1-9]\d*\/authorize(\?|$)/.test(splitLocalePath(path).path);
}

/** The popup page that reports a failed sign-in to its opener. */
export function signInFailedPath(authorizePath: string): string {
  const url = new URL(authorizePath, 'http://vitrine.invalid');
  url.searchParams.set(SIGN_IN_FAILED_PARAM, '1');
  return url.pathname + url.search;
}
