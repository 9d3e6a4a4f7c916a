/**
 * <vitrine-sso-sign-in>: SPEC §4 "unchecked disables button". Reads the box as the page shows
 * it when the script arrives, so a box unticked before then still disables the button.
 */
class SsoSignInElement extends HTMLElement {
  #consent: HTMLInputElement | null = null;
  #button: HTMLButtonElement | null = null;

  connectedCallback(): void {
    this.#consent = this.querySelector('input[name="consent"]');
    this.#button = this.querySelector('button[type="submit"]');
    this.#consent?.addEventListener('change', this.#sync);
    this.#sync();
    this.dataset['enhanced'] = '';
  }

  disconnectedCallback(): void {
    this.#consent?.removeEventListener('change', this.#sync);
  }

  #sync = (): void => {
    if (this.#consent && this.#button) this.#button.disabled = !this.#consent.checked;
  };
}

if (!customElements.get('vitrine-sso-sign-in'))
  customElements.define('vitrine-sso-sign-in', SsoSignInElement);
