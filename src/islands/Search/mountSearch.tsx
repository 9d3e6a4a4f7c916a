/** The search island's module: hydrates each `data-lazy="search"` host on first interaction (lazyLoader.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import { provideLazy } from '../provideLazy.ts';
import Search from './Search.tsx';

provideLazy('search', (host) => hydrateIsland(host, Search));
