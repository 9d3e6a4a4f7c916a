/** The live hero's module: hydrates the `data-lazy="live-status"` host when it must run (lazyLoader.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import { provideLazy } from '../provideLazy.ts';
import LiveStatus from './LiveStatus.tsx';

provideLazy('live-status', (host) => hydrateIsland(host, LiveStatus));
