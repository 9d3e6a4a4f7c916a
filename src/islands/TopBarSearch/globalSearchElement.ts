/**
 * <vitrine-global-search>: the top bar's search box, closed until asked for (SPEC §2 "global
 * search box opened by Ctrl+K (Cmd+K on Mac) when toggleable"). The trigger is a link to
 * /search, so without JavaScript it simply leads to the search page.
 */
const isMac = () => /Mac|iPhone|iPad/.test(navigator.userAgent);

class GlobalSearchElement extends HTMLElement {
  #trigger: HTMLAnchorElement | null = null;
  #panel: HTMLElement | null = null;
  #input: HTMLInputElement | null = null;

  connectedCallback(): void {
    this.#trigger = this.querySelector('[data-search-trigger]');
    this.#panel = this.querySelector('[data-search-panel]');
    this.#input = this.querySelector('input[name="q"]');
    if (!this.#trigger || !this.#panel || !this.#input) return;
    const hint = this.querySelector('[data-shortcut]');
    if (hint && isMac()) hint.textContent = '⌘ K';
    this.#trigger.setAttribute('role', 'button');
    this.#trigger.setAttribute('aria-expanded', 'false');
    this.#trigger.addEventListener('click', this.#onTrigger);
    this.#panel.addEventListener('keydown', this.#onPanelKey);
    document.addEventListener('keydown', this.#onShortcut);
  }

  disconnectedCallback(): void {
    this.#trigger?.removeEventListener('click', this.#onTrigger);
    this.#panel?.removeEventListener('keydown', this.#onPanelKey);
    document.removeEventListener('keydown', this.#onShortcut);
  }

  #setOpen(open: boolean): void {
    if (!this.#panel || !this.#trigger || !this.#input) return;
    this.#panel.hidden = !open;
    this.#trigger.setAttribute('aria-expanded', String(open));
    if (open) {
      this.#input.focus();
      this.#input.select();
    } else {
      this.#trigger.focus();
    }
  }

  #onTrigger = (event: MouseEvent): void => {
    event.preventDefault();
    this.#setOpen(this.#panel?.hidden ?? false);
  };

  #onShortcut = (event: KeyboardEvent): void => {
    if (event.key.toLowerCase() !== 'k' || event.altKey || event.shiftKey) return;
    if (!(isMac() ? event.metaKey : event.ctrlKey)) return;
    event.preventDefault();
    this.#setOpen(this.#panel?.hidden ?? false);
  };

  #onPanelKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') this.#setOpen(false);
  };
}

if (!customElements.get('vitrine-global-search'))
  customElements.define('vitrine-global-search', GlobalSearchElement);
