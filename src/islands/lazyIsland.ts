/**
 * Custom elements that hold a server-rendered React island and hydrate it the first time
 * someone reaches for it: a pointer over it, focus, a key, typing. Until then the page ships
 * this loader and nothing of React, and the island's links and forms work as plain HTML.
 *
 * A click that lands before React has taken over (a quick tap, Enter on a focused link) is
 * held and given again to the same element once hydrated, so it acts in place rather than
 * following the link; if the island cannot load, the held link is followed as it would
 * have been without JavaScript.
 */
const TRIGGERS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'input'] as const;

export interface IslandModule {
  /** Hydrates the island inside `host`, from the props the server rendered it with. */
  mount(host: HTMLElement): void;
}

const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function defineLazyIsland(name: string, load: () => Promise<IslandModule>): void {
  if (customElements.get(name)) return;

  class LazyIsland extends HTMLElement {
    #state: 'waiting' | 'loading' | 'hydrated' = 'waiting';
    #held: HTMLElement | null = null;

    connectedCallback(): void {
      for (const type of TRIGGERS) this.addEventListener(type, this.#start, { passive: true });
      this.addEventListener('click', this.#hold, { capture: true });
      // Focus may already be inside (autofocus, or a restored page).
      if (this.contains(document.activeElement)) this.#start();
    }

    disconnectedCallback(): void {
      this.#stopListening();
    }

    #stopListening(): void {
      for (const type of TRIGGERS) this.removeEventListener(type, this.#start);
      this.removeEventListener('click', this.#hold, { capture: true });
    }

    #hold = (event: MouseEvent): void => {
      if (this.#state === 'hydrated' || !isPlainClick(event) || !(event.target instanceof Element)) return;
      const actor = event.target.closest<HTMLElement>('a[href], button');
      if (!actor || !this.contains(actor)) return;
      event.preventDefault();
      event.stopPropagation();
      this.#held = actor;
      this.#start();
    };

    #start = (): void => {
      if (this.#state !== 'waiting') return;
      this.#state = 'loading';
      load().then(
        ({ mount }) => {
          mount(this);
          this.#state = 'hydrated';
          this.#stopListening();
          this.dataset['hydrated'] = '';
          const held = this.#held;
          this.#held = null;
          // React replays a discrete event on content it has not hydrated yet, so the click
          // reaches the island's own handler.
          held?.click();
        },
        () => {
          // Offline, or a deploy in between: the plain HTML keeps working, and the next
          // interaction tries again.
          this.#state = 'waiting';
          const held = this.#held;
          this.#held = null;
          if (held instanceof HTMLAnchorElement) window.location.assign(held.href);
        },
      );
    };
  }

  customElements.define(name, LazyIsland);
}
