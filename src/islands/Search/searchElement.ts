/**
 * <vitrine-search>: the server-rendered search form, hydrated the first time someone reaches
 * for it (lazyIsland.ts); until then it is a plain GET form and the page carries no React.
 */
import { defineLazyIsland } from '../lazyIsland.ts';

defineLazyIsland('vitrine-search', () => import('./mountSearch.tsx'));
