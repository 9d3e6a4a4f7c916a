/**
 * Sign-in from the embed frame (SPEC §2, §4, §5, §9): opens /showcase/{id}/authorize in an
 * 800x600 popup centred over the window, and reloads the frame when the popup reports a
 * success. Only `{ type: 'success' }` from this site's origin counts; anything else from
 * any other window is ignored. A failure, or a popup that cannot open, is logged and shown.
 * Without JavaScript the link opens the same page in a new tab.
 */
import { useEffect, useRef, useState, type ComponentPropsWithoutRef, type MouseEvent } from 'react';
import { popupFeatures, popupGeometry, signInMessage } from '../../lib/signInPopup.ts';

export interface EmbedSignInStrings {
  /** 'Sign in with SSO' or 'Sign in'. */
  signIn: string;
  popupBlocked: string;
  signInFailed: string;
  /** '(opens in a new tab)', for the link without JavaScript. */
  opensInNewTab: string;
}

export interface EmbedSignInProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  /** /showcase/{id}/authorize?use_sso={bool}, localized. */
  authorizeUrl: string;
  strings: EmbedSignInStrings;
}

const POPUP_NAME = 'vitrine-sign-in';

export default function EmbedSignIn({ authorizeUrl, strings, ...props }: EmbedSignInProps) {
  const popup = useRef<Window | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    function onMessage(event: MessageEvent) {
      const type = signInMessage(event, window.location.origin);
      if (type === 'success') {
        window.location.reload();
      } else if (type === 'failure') {
        console.error('Vitrine: sign-in failed in the sign-in window');
        popup.current?.close();
        popup.current = null;
        setError(strings.signInFailed);
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [strings.signInFailed]);

  function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setError(null);
    const box = popupGeometry({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight });
    const opened = window.open(authorizeUrl, POPUP_NAME, popupFeatures(box));
    if (!opened) {
      console.error('Vitrine: the sign-in window could not open (blocked?)');
      setError(strings.popupBlocked);
      return;
    }
    popup.current = opened;
    opened.focus();
  }

  return (
    <div {...props} data-state={error ? 'error' : 'idle'} className="flex flex-col gap-3">
      <a href={authorizeUrl} target="_blank" onClick={open} className="btn-brand w-full no-underline">
        {strings.signIn}
        {!hydrated && <span className="sr-only"> {strings.opensInNewTab}</span>}
      </a>
      {error && (
        <p role="alert" className="m-0 text-sm text-[var(--danger)]">
          {error}
        </p>
      )}
    </div>
  );
}
