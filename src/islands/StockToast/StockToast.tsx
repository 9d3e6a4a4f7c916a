/**
 * The "Confirmed!" toast card (SPEC §2, §4): after a clip is added, a card with the clip,
 * where it went and the Manage Clips link; gone after 4 s (held while hovered or focused) or
 * on Dismiss. The live region is
 * on the page from the start, so screen readers announce the card when it fills.
 */
import { useEffect, useState } from 'react';
import {
  confirmStock,
  dismissStockToast,
  holdStockToast,
  releaseStockToast,
  stockToast,
  type StockConfirmation,
} from '../../stores/stockToast.ts';
import { useSignal } from '../../stores/useSignal.ts';

interface StockToastStrings {
  /** 'Confirmed!' */
  confirmed: string;
  /** 'Added to your cart' */
  addedToCart: string;
  /** 'Added to your account' */
  addedToAccount: string;
  /** 'Manage Clips' */
  manageClips: string;
  /** 'View cart' */
  viewCart: string;
  /** 'Dismiss' */
  dismiss: string;
}

export interface StockToastProps {
  /** Where Manage Clips leads: the viewer's clips. */
  manageClipsHref: string;
  cartHref: string;
  /** A confirmation the server already made (a form posted without JavaScript). */
  initial?: StockConfirmation | null;
  strings: StockToastStrings;
}

export default function StockToast({
  manageClipsHref,
  cartHref,
  initial = null,
  strings,
}: StockToastProps) {
  const live = useSignal(stockToast);
  // The server's confirmation shows as rendered, then starts its 4 s once hydrated.
  const [pending, setPending] = useState(initial);
  useEffect(() => {
    if (!pending) return;
    confirmStock(pending);
    setPending(null);
  }, [pending]);
  const shown = live ?? pending;

  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed bottom-4 right-4 z-[9990] w-[min(22rem,calc(100vw-2rem))]"
    >
      {shown && (
        <section
          aria-labelledby="stock-toast-title"
          data-testid="stock-toast"
          className="rounded-lg border border-line bg-surface p-4 text-ink shadow-lg"
          onMouseEnter={holdStockToast}
          onMouseLeave={releaseStockToast}
          onFocus={holdStockToast}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) releaseStockToast();
          }}
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id="stock-toast-title" className="m-0 text-base font-semibold">
              {strings.confirmed}
            </h2>
            <button type="button" className="btn px-2 py-0.5 text-sm" onClick={dismissStockToast}>
              {strings.dismiss}
            </button>
          </div>
          <p className="m-0 mt-1 text-sm">
            {shown.kind === 'cart' ? strings.addedToCart : strings.addedToAccount}:{' '}
            <strong>{shown.title}</strong>
          </p>
          <p className="m-0 mt-3 flex gap-4 text-sm">
            <a className="focus-ring rounded-sm font-semibold" href={manageClipsHref}>
              {strings.manageClips}
            </a>
            {shown.kind === 'cart' && (
              <a className="focus-ring rounded-sm" href={cartHref}>
                {strings.viewCart}
              </a>
            )}
          </p>
        </section>
      )}
    </div>
  );
}
