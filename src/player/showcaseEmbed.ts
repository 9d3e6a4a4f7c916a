/**
 * The showcase embed in the browser (src/components/embed/ShowcaseEmbed.astro): choosing a
 * video of the list plays it in place, without reloading the frame, and keeps the address
 * and previous/next in step; under continuous play the next video starts when one ends.
 * Locked videos, other pages and anything unexpected fall back to the links, which work
 * without this script.
 */
import { listenForPlayerEnded } from '../lib/playerMessages.ts';
import type { ShowcasePlayer } from './showcaseApiRelay.ts';

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function withAutoplay(src: string): string {
  const url = new URL(src, window.location.href);
  url.searchParams.set('autoplay', '1');
  return `${url.pathname}${url.search}`;
}

/** Returns the embed's player, for the player API (showcaseApiRelay.ts); null without one. */
export function mountShowcaseEmbed(root: HTMLElement): ShowcasePlayer | null {
  const frame = root.querySelector<HTMLIFrameElement>('iframe[data-embed-player]');
  if (!frame) return null;
  const items = [...root.querySelectorAll<HTMLAnchorElement>('a[data-embed-item]')];
  const playable = (item: HTMLAnchorElement | undefined) =>
    item !== undefined && item.dataset['frameSrc'] !== undefined;
  const title = root.querySelector<HTMLElement>('[data-embed-title]');
  const previous = root.querySelector<HTMLAnchorElement>('a[data-embed-previous]');
  const next = root.querySelector<HTMLAnchorElement>('a[data-embed-next]');
  const pageEdges = {
    previous: root.dataset['previousPage'] ?? '',
    next: root.dataset['nextPage'] ?? '',
  };

  const play = (item: HTMLAnchorElement) => {
    frame.src = withAutoplay(item.dataset['frameSrc']!);
    if (item.dataset['frameTitle']) frame.title = item.dataset['frameTitle'];
    for (const other of items) other.removeAttribute('aria-current');
    item.setAttribute('aria-current', 'true');
    if (title) title.textContent = item.dataset['title'] ?? '';
    history.replaceState(null, '', item.href);
    const at = items.indexOf(item);
    // At either end of the page, the server's link: to the page before or after, or none.
    for (const [link, neighbour, edge] of [
      [previous, items[at - 1], pageEdges.previous],
      [next, items[at + 1], pageEdges.next],
    ] as const) {
      if (!link) continue;
      const href = neighbour?.href ?? edge;
      link.hidden = !href;
      if (href) link.href = href;
    }
  };

  const current = () => items.find((item) => item.getAttribute('aria-current') === 'true');

  root.addEventListener('click', (event) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>('a');
    if (!link) return;
    const target =
      link === previous
        ? items[items.indexOf(current()!) - 1]
        : link === next
          ? items[items.indexOf(current()!) + 1]
          : items.includes(link)
            ? link
            : undefined;
    if (!playable(target)) return;
    event.preventDefault();
    play(target!);
  });

  if (root.dataset['continuous'] === '1') {
    listenForPlayerEnded(window, frame, () => {
      const following = items[items.indexOf(current()!) + 1];
      if (playable(following)) play(following!);
      else if (next) window.location.assign(next.href);
    });
  }

  return {
    frame,
    currentVideoId: () => {
      const id = Number(current()?.dataset['embedItem']);
      return Number.isInteger(id) ? id : null;
    },
    load: (videoId) => {
      const item = items.find((candidate) => candidate.dataset['embedItem'] === String(videoId));
      if (!playable(item)) return false;
      play(item!);
      return true;
    },
  };
}
