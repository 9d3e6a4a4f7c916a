/** <vitrine-copy-field>: selects its field on focus and copies it with the Copy button. */
class CopyFieldElement extends HTMLElement {
  connectedCallback(): void {
    this.#field()?.addEventListener('focus', this.#select);
    const button = this.#button();
    if (!button || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener('click', this.#copy);
  }

  disconnectedCallback(): void {
    this.#field()?.removeEventListener('focus', this.#select);
    this.#button()?.removeEventListener('click', this.#copy);
  }

  #field = (): HTMLInputElement | null => this.querySelector('input');
  #button = (): HTMLButtonElement | null => this.querySelector('[data-copy]');

  #select = (): void => {
    this.#field()?.select();
  };

  #copy = async (): Promise<void> => {
    const field = this.#field();
    const status = this.querySelector<HTMLElement>('[data-copy-status]');
    if (!field || !status) return;
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = this.dataset['copied'] ?? '';
    } catch (error) {
      // The field stays there to copy by hand.
      console.error('Vitrine: could not copy', error);
      status.textContent = '';
    }
  };
}

if (!customElements.get('vitrine-copy-field'))
  customElements.define('vitrine-copy-field', CopyFieldElement);
