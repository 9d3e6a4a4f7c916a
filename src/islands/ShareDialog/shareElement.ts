/**
 * <vitrine-share>: the server-rendered Share link, hydrated into the dialog the first time
 * someone reaches for it (lazyIsland.ts); until then it leads to the share page.
 */
import { defineLazyIsland } from '../lazyIsland.ts';

defineLazyIsland('vitrine-share', () => import('./mountShare.tsx'));
