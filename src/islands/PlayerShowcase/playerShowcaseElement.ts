/**
 * <vitrine-player-showcase>: the player layout, server-rendered as links that open each
 * video's view, hydrated the first time someone reaches for it (lazyIsland.ts) so that
 * reading the title card and the row costs no React; the first Start watching plays in place.
 */
import { defineLazyIsland } from '../lazyIsland.ts';

defineLazyIsland('vitrine-player-showcase', () => import('./mountPlayerShowcase.tsx'));
