/**
 * `client:interaction`: an island hydrates the first time someone reaches for it (a pointer over
 * it, a press, focus, a key, typing), or `after` milliseconds past the page's start when the
 * value says so (`client:interaction={{ after: 30000 }}`: a status poll's first turn). Astro
 * inlines this script in the pages that have such an island, so they fetch no JavaScript until
 * someone uses them.
 *
 * A click on a link or button of the island before it is hydrated (a quick tap, Enter on a
 * focused link) is held and given again to the same element once hydrated, so it acts in place
 * rather than following the link. If the island cannot load, a held link is followed as it would
 * have been without JavaScript, and the next interaction tries again.
 */
import type { ClientDirective } from 'astro';

export interface InteractionOptions {
  /** Hydrates this long after the page started, whether or not anyone reached for it. */
  after?: number;
}

const INTERACTIONS = ['pointerenter', 'pointerdown', 'focusin', 'keydown', 'input'] as const;

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

const interaction: ClientDirective = (load, options, island) => {
  let state: 'waiting' | 'loading' | 'hydrated' = 'waiting';
  let held: HTMLElement | undefined;

  const start = async () => {
    if (state !== 'waiting') return;
    state = 'loading';
    await (
      await load()
    )();
    const actor = held;
    held = undefined;
    // Astro removes `ssr` once the component hydrated; it stays when the module did not load.
    if (island.hasAttribute('ssr')) {
      state = 'waiting';
      if (actor instanceof HTMLAnchorElement) location.assign(actor.href);
      return;
    }
    state = 'hydrated';
    // React replays a discrete event on content it has not hydrated yet, so the click reaches
    // the island's own handler.
    actor?.click();
  };

  for (const type of INTERACTIONS)
    island.addEventListener(type, () => void start(), { capture: true, passive: true });

  island.addEventListener(
    'click',
    (event) => {
      if (state === 'hydrated' || !isPlainClick(event) || !(event.target instanceof Element))
        return;
      const actor = event.target.closest<HTMLElement>('a[href], button');
      if (!actor || !island.contains(actor)) return;
      event.preventDefault();
      event.stopPropagation();
      held = actor;
      void start();
    },
    { capture: true },
  );

  const { after } = (options.value ?? {}) as InteractionOptions;
  if (after !== undefined) setTimeout(() => void start(), after);
  // Focus may already be inside: autofocus, or a page the browser restored.
  if (island.contains(document.activeElement)) void start();
};

export default interaction;
