/**
 * Add to cart and Add to account for one clip (SPEC §5, §7, §8), with the HD or 4K choice.
 * Server-rendered as one plain form whose two buttons post to their own endpoints, so both
 * work with JavaScript off; hydrated, they post in place, raise the "Confirmed!" toast and
 * turn into what the page shows after a reload: "In cart", or "Owned" with the download.
 */
import { useId, useRef, useState, type SubmitEvent } from 'react';
import ky, { HTTPError } from 'ky';
import { confirmStock } from '../../stores/stockToast.ts';
import StockOwned from './StockOwned.tsx';
import { showCartLines } from './topBarCartCount.ts';

interface StockButtonsStrings {
  quality: string;
  addToCart: string;
  addToAccount: string;
  /** SPEC §8: 'This clip could not be added to the cart.' */
  cartFailed: string;
  /** SPEC §8: 'Try again.' */
  tryAgain: string;
  /** SPEC §8: 'Something went wrong. Please try again.' (the call did not get through) */
  accountFailed: string;
  /** SPEC §8: 'Sorry, something weird happened. Please try again.' (a non-OK answer) */
  purchaseFailed: string;
  inCart: string;
  viewCart: string;
  /** 'Owned in HD', 'Owned in 4K', by quality. */
  ownedIn: Record<StockQualityChoice['quality'], string>;
  download: string;
  yourClips: string;
}

export interface StockQualityChoice {
  quality: 'HD' | '4K';
  /** 'HD', '4K' */
  label: string;
  /** The price to pay, already formatted for the locale. */
  price: string;
  /** The price before a discount, when there is one. */
  originalPrice?: string | undefined;
}

export interface StockButtonsProps {
  clipId: number;
  title: string;
  /** POST /api/cart/stock, localized. */
  cartAction: string;
  /** POST /api/users/{userId}/purchases/stocks/{clipId}?clip_uri=/videos/{clipId}, localized. */
  accountAction: string;
  /** The viewer's CSRF token (xsrft). */
  token: string;
  /** The API JWT of the viewer context, for the purchase call (SPEC §7). */
  jwt: string | null;
  /** Where a form posted without JavaScript comes back to. */
  returnTo: string;
  showCart: boolean;
  showAccount: boolean;
  /** The quality (its label) the clip already waits in the cart in; null when it is not there. */
  inCart?: string | null;
  /** /stock/cart, localized. */
  cartHref: string;
  /** GET /api/stock/{clipId}/download_url, localized: the download once the clip is added to the account. */
  downloadUrlAction: string;
  /** Manage Clips: /stock/clips, localized. */
  clipsHref: string;
  qualities: StockQualityChoice[];
  /** Error of a form posted without JavaScript, already chosen by the server. */
  initialError?: string | null;
  strings: StockButtonsStrings;
}

type Action = 'cart' | 'account';

/** "In cart · HD": a quiet badge, not a call to action. */
const IN_CART =
  'rounded-sm border border-line bg-transparent px-2 py-1 text-sm font-semibold text-ink';

interface StockErrorReply {
  error?: { message?: string };
}

interface Owned {
  quality: StockQualityChoice['quality'];
  download: string | null;
}

export default function StockButtons({
  clipId,
  title,
  cartAction,
  accountAction,
  token,
  jwt,
  returnTo,
  showCart,
  showAccount,
  inCart = null,
  cartHref,
  downloadUrlAction,
  clipsHref,
  qualities,
  initialError = null,
  strings,
}: StockButtonsProps) {
  const [quality, setQuality] = useState<StockQualityChoice['quality']>(
    qualities[0]?.quality ?? 'HD',
  );
  const [carted, setCarted] = useState<string | null>(inCart);
  const [owned, setOwned] = useState<Owned | null>(null);
  // The pressed button stays where it is once the clip is in the cart, saying so, and keeps the
  // focus; the toast's live region tells what happened.
  const [cartedHere, setCartedHere] = useState(false);
  const addToCart = useRef<HTMLButtonElement>(null);
  // Busy buttons stay enabled, so the focus stays on them; a press while busy is dropped here.
  const busy = useRef(false);
  // A refused cart keeps SPEC §8's sentence; the server's reason, when it gives another, follows it.
  const [state, setState] = useState<{
    busy: boolean;
    error: string | null;
    detail: string | null;
    failed: Action | null;
  }>({ busy: false, error: initialError, detail: null, failed: null });
  const id = useId();

  async function add(action: Action) {
    if (busy.current) return;
    busy.current = true;
    setState({ busy: true, error: null, detail: null, failed: null });
    const headers: Record<string, string> = { 'X-XSRF-Token': token, Accept: 'application/json' };
    try {
      if (action === 'cart') {
        const cart = await ky
          .post(cartAction, {
            json: { stocks_to_add: [{ clip_id: clipId, quality }] },
            headers,
            retry: 0,
          })
          .json<{ items: unknown[] }>();
        setCarted(qualities.find((choice) => choice.quality === quality)?.label ?? quality);
        setCartedHere(true);
        showCartLines(cart.items.length);
      } else {
        await ky.post(accountAction, {
          json: { quality },
          headers: jwt ? { ...headers, Authorization: `Bearer ${jwt}` } : headers,
          retry: 0,
        });
        // Adding to the account takes the clip out of the cart.
        if (carted !== null) showCartLines((shown) => shown - 1);
        setOwned({ quality, download: await ownedDownload() });
      }
      setState({ busy: false, error: null, detail: null, failed: null });
      confirmStock({ kind: action, title });
    } catch (cause) {
      const reply =
        cause instanceof HTTPError && cause.data && typeof cause.data === 'object'
          ? (cause.data as StockErrorReply)
          : null;
      const error =
        action === 'cart'
          ? strings.cartFailed
          : cause instanceof HTTPError
            ? strings.purchaseFailed
            : strings.accountFailed;
      const detail =
        action === 'cart' && reply?.error?.message && reply.error.message !== strings.cartFailed
          ? reply.error.message
          : null;
      setState({ busy: false, error, detail, failed: action });
    } finally {
      busy.current = false;
    }
  }

  /** The download of the clip just added; without it the owned clip still links to the viewer's clips. */
  async function ownedDownload(): Promise<string | null> {
    try {
      return (
        await ky
          .get(downloadUrlAction, { headers: { Accept: 'application/json' }, retry: 0 })
          .json<{ downloadUrl: string }>()
      ).downloadUrl;
    } catch {
      return null;
    }
  }

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = event.nativeEvent.submitter;
    void add(submitter?.getAttribute('value') === 'account' ? 'account' : 'cart');
  }

  if (owned) {
    return (
      <StockOwned
        label={strings.ownedIn[owned.quality]}
        download={owned.download}
        downloadLabel={strings.download}
        title={title}
        clipsHref={clipsHref}
        clipsLabel={strings.yourClips}
        takeFocus
      />
    );
  }

  // A clip waiting in the cart, with no Add to account beside it, leaves nothing to choose.
  const choosing = (showCart && carted === null) || showAccount;
  return (
    <form
      method="post"
      action={cartAction}
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-busy={state.busy}
    >
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="return_to" value={returnTo} />
      <input type="hidden" name="stocks_to_add[0][clip_id]" value={clipId} />
      {choosing && (
        <fieldset className="m-0 flex flex-wrap gap-3 border-0 p-0">
          <legend className="mb-2 text-sm font-semibold">{strings.quality}</legend>
          {qualities.map((choice) => (
            <label
              key={choice.quality}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2"
            >
              <input
                type="radio"
                name="quality"
                value={choice.quality}
                checked={quality === choice.quality}
                onChange={() => setQuality(choice.quality)}
              />
              <span className="font-semibold">{choice.label}</span>
              {choice.originalPrice && (
                <del className="text-sm text-muted">{choice.originalPrice}</del>
              )}
              <span className="tabular-nums">{choice.price}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div
        className="flex flex-wrap items-center gap-3"
        data-testid={showCart && carted !== null ? 'stock-in-cart' : undefined}
      >
        {showCart && carted !== null && !cartedHere && (
          <span className={IN_CART}>
            {strings.inCart} · {carted}
          </span>
        )}
        {showCart && (carted === null || cartedHere) && (
          <button
            ref={addToCart}
            type={cartedHere ? 'button' : 'submit'}
            name="add"
            value="cart"
            className={cartedHere ? `focus-ring ${IN_CART}` : 'btn-brand'}
            aria-disabled={cartedHere || state.busy || undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
          >
            {cartedHere ? `${strings.inCart} · ${carted}` : strings.addToCart}
          </button>
        )}
        {showCart && carted !== null && (
          <a href={cartHref} className="focus-ring rounded-sm">
            {strings.viewCart}
          </a>
        )}
        {showAccount && (
          <button
            type="submit"
            name="add"
            value="account"
            formAction={accountAction}
            className="btn"
            aria-disabled={state.busy || undefined}
            aria-describedby={state.error ? `${id}-error` : undefined}
          >
            {strings.addToAccount}
          </button>
        )}
      </div>
      <div role="alert" id={`${id}-error`} className="text-sm">
        {state.error && (
          <p className="m-0 flex flex-wrap items-center gap-2 text-[var(--danger)]">
            {state.error}
            {state.detail && <span>{state.detail}</span>}
            {state.failed === 'cart' && (
              <button
                type="button"
                className="btn px-2 py-0.5 text-sm"
                onClick={() => {
                  // Try again goes with the error it answers: the keyboard goes back to Add to cart.
                  addToCart.current?.focus();
                  void add('cart');
                }}
              >
                {strings.tryAgain}
              </button>
            )}
          </p>
        )}
      </div>
    </form>
  );
}
