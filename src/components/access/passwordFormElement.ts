/**
 * <vitrine-password-form>: submits the password form in place (SPEC §4 "Password form").
 * The server answers { password, error_code, hashed_pass, message? }; a right password
 * reloads the page, which the server now opens (in an embed frame with the proof in its
 * address, data-carry-proof). Anything else shows the error under the field until it is edited.
 */
interface AuthReply {
  password?: boolean;
  error_code?: number | null;
  hashed_pass?: string | null;
  message?: string;
}

const ERROR_ID = 'showcase-password-error';

class PasswordFormElement extends HTMLElement {
  #form: HTMLFormElement | null = null;
  #field: HTMLInputElement | null = null;

  connectedCallback(): void {
    this.#form = this.querySelector('form');
    this.#field = this.querySelector('input[name="password"]');
    this.#form?.addEventListener('submit', this.#submit);
    this.#field?.addEventListener('input', this.#clearError);
    this.dataset['enhanced'] = '';
  }

  disconnectedCallback(): void {
    this.#form?.removeEventListener('submit', this.#submit);
    this.#field?.removeEventListener('input', this.#clearError);
  }

  #submit = async (event: SubmitEvent): Promise<void> => {
    const form = this.#form;
    const fieldset = form?.querySelector('fieldset');
    if (!form || !fieldset) return;
    event.preventDefault();
    // Read before disabling: a disabled fieldset's inputs are left out of FormData.
    const body = new FormData(form);
    this.#clearError();
    fieldset.disabled = true;
    form.setAttribute('aria-busy', 'true');
    let message: string;
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        body,
        credentials: 'same-origin',
        headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
      });
      const reply = (await response.json().catch(() => null)) as AuthReply | null;
      if (response.ok && reply?.password && reply.error_code === null) {
        if (this.dataset['carryProof'] !== undefined && reply.hashed_pass) {
          const url = new URL(window.location.href);
          url.searchParams.set('hash', reply.hashed_pass);
          window.location.replace(url);
        } else {
          window.location.reload();
        }
        return;
      }
      message =
        reply?.message ??
        (reply?.password === false ? this.dataset['wrong'] : undefined) ??
        this.dataset['failed'] ??
        '';
    } catch {
      message = this.dataset['failed'] ?? '';
    }
    fieldset.disabled = false;
    form.removeAttribute('aria-busy');
    this.#showError(message);
    this.#field?.focus();
  };

  #showError(message: string): void {
    const alert = document.createElement('p');
    alert.id = ERROR_ID;
    alert.setAttribute('role', 'alert');
    alert.className = 'm-0 text-sm text-[var(--danger)]';
    alert.textContent = message;
    this.#field?.after(alert);
    this.#field?.setAttribute('aria-invalid', 'true');
    this.#field?.setAttribute('aria-describedby', ERROR_ID);
  }

  #clearError = (): void => {
    this.querySelector(`#${ERROR_ID}`)?.remove();
    this.#field?.removeAttribute('aria-invalid');
    this.#field?.removeAttribute('aria-describedby');
  };
}

if (!customElements.get('vitrine-password-form'))
  customElements.define('vitrine-password-form', PasswordFormElement);
