/**
 * <vitrine-embed-sign-in>: opens the sign-in page in an 800x600 popup centred over the
 * window, and reloads the frame when the popup reports a success. Only `{ type: 'success' }`
 * from this site's origin counts; anything else from any other window is ignored. A failure,
 * or a popup that cannot open, is logged and shown in the alert under the button.
 */
import { popupFeatures, popupGeometry, signInMessage } from '../../lib/signInPopup.ts';

const POPUP_NAME = 'vitrine-sign-in';

class EmbedSignInElement extends HTMLElement {
  #link: HTMLAnchorElement | null = null;
  #alert: HTMLElement | null = null;
  #popup: Window | null = null;

  connectedCallback(): void {
    this.#link = this.querySelector('a');
    this.#alert = this.querySelector('[role="alert"]');
    // The link opens a popup from now on, not a new tab.
    this.querySelector('[data-new-tab-hint]')?.remove();
    this.#link?.addEventListener('click', this.#open);
    window.addEventListener('message', this.#onMessage);
    this.dataset['enhanced'] = '';
  }

  disconnectedCallback(): void {
    this.#link?.removeEventListener('click', this.#open);
    window.removeEventListener('message', this.#onMessage);
  }

  #open = (event: MouseEvent): void => {
    if (!this.#link) return;
    event.preventDefault();
    this.#say('');
    const box = popupGeometry({
      left: window.screenX,
      top: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    });
    const opened = window.open(this.#link.href, POPUP_NAME, popupFeatures(box));
    if (!opened) {
      console.error('Vitrine: the sign-in window could not open (blocked?)');
      this.#say(this.dataset['blocked'] ?? '');
      return;
    }
    this.#popup = opened;
    opened.focus();
  };

  #onMessage = (event: MessageEvent): void => {
    const type = signInMessage(event, window.location.origin);
    if (type === 'success') {
      window.location.reload();
    } else if (type === 'failure') {
      console.error('Vitrine: sign-in failed in the sign-in window');
      this.#popup?.close();
      this.#popup = null;
      this.#say(this.dataset['failed'] ?? '');
    }
  };

  #say(message: string): void {
    if (!this.#alert) return;
    this.#alert.textContent = message;
    this.#alert.hidden = message === '';
  }
}

if (!customElements.get('vitrine-embed-sign-in'))
  customElements.define('vitrine-embed-sign-in', EmbedSignInElement);
