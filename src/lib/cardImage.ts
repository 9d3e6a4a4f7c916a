/**
 * How the picture of a card in a list loads: the first card, the page's largest paint, starts
 * at once and ahead of everything else; every other card waits for layout and loads when it is
 * near the viewport (at once for the rest of the first row). On a phone on a slow network
 * the first row's other pictures, fetched eagerly, shared the first one's bandwidth and held
 * the largest paint back by more than half a second (Lighthouse mobile, `npm run bench`).
 * `sizes` tells the browser how wide the card shows before layout, so it fetches one picture
 * of the ones offered (640, 960, 1280 and 1680 pixels wide).
 */

/** The grid of showcases and stock (cards at least 280 px wide) or the player layout's row (200 px). */
export type CardList = 'grid' | 'row';

export interface CardImageAttributes {
  loading: 'eager' | 'lazy';
  fetchpriority: 'high' | undefined;
  decoding: 'async';
  sizes: string;
}

/**
 * Below 920 px a grid has one or two columns, each up to half the width: a phone's single
 * column is named half its width too, so a 2–3× phone takes the 640 w picture (1.6–1.8
 * device pixels per CSS pixel on a 360–430 px screen, sharp enough for a card) rather than
 * the 960 or 1280 w at twice to four times the bytes. The row's cards are narrower still.
 */
const SIZES: Record<CardList, string> = {
  grid: '(max-width: 919px) 50vw, (max-width: 1223px) 33vw, (max-width: 1527px) 25vw, 300px',
  row: '(max-width: 767px) 50vw, 300px',
};

/**
 * The featured layout's hero: the page's width on a phone (named half of it, as a phone's
 * single grid column is), three fifths of it beside the title from 768 px.
 */
export const HERO_SIZES = '(max-width: 767px) 50vw, (max-width: 1599px) 60vw, 930px';

/** The player layout's title card, the page's largest paint: as wide as the page up to 1280 px, half of it named on a phone. */
export const TITLE_CARD_SIZES = '(max-width: 767px) 50vw, min(100vw, 1280px)';

/** The srcset of a picture's sizes: one string for the image and its preload, which must match to share a download. */
export function srcsetOf(sizes: readonly { link: string; width: number }[]): string {
  return sizes.map((s) => `${s.link} ${s.width}w`).join(', ');
}

/**
 * The attributes of the card at `index` of its list (null: a list further down its page).
 * Under a hero picture (the featured and player layouts), the hero is the largest paint and
 * goes first.
 */
export function cardImage(
  index: number | null,
  list: CardList,
  { belowHero = false } = {},
): CardImageAttributes {
  const largestPaint = index === 0 && !belowHero;
  return {
    loading: largestPaint ? 'eager' : 'lazy',
    fetchpriority: largestPaint ? 'high' : undefined,
    decoding: 'async',
    sizes: SIZES[list],
  };
}
