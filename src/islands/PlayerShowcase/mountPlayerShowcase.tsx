/** The player layout's module: hydrates each `data-lazy="player-showcase"` host on first interaction (lazyLoader.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import { provideLazy } from '../provideLazy.ts';
import PlayerShowcase from './PlayerShowcase.tsx';

provideLazy('player-showcase', (host) => hydrateIsland(host, PlayerShowcase));
