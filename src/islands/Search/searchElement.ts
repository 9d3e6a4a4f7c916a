/**
 * <vitrine-search>: holds the server-rendered search form and hydrates the React island the
 * first time someone reaches for it (pointer over it, focus, a key, typing). Until then the
 * page ships this element and nothing of React, and the form still works as a plain GET form.
 */
const TRIGGERS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'input'] as const;

class SearchElement extends HTMLElement {
  #started = false;

  connectedCallback(): void {
    for (const type of TRIGGERS) this.addEventListener(type, this.#start, { passive: true });
    // Focus may already be inside (autofocus, or a restored page).
    if (this.contains(document.activeElement)) this.#start();
  }

  disconnectedCallback(): void {
    for (const type of TRIGGERS) this.removeEventListener(type, this.#start);
  }

  #start = (): void => {
    if (this.#started) return;
    this.#started = true;
    for (const type of TRIGGERS) this.removeEventListener(type, this.#start);
    import('./mountSearch.tsx').then(
      ({ mountSearch }) => mountSearch(this),
      () => {
        // A failed load (offline, a deploy in between) leaves the plain form working; the
        // next interaction tries again.
        this.#started = false;
        for (const type of TRIGGERS) this.addEventListener(type, this.#start, { passive: true });
      },
    );
  };
}

if (!customElements.get('vitrine-search')) customElements.define('vitrine-search', SearchElement);
