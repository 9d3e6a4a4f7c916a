/** The share dialog's module: hydrates each `data-lazy="share"` host on first interaction (lazyLoader.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import { provideLazy } from '../provideLazy.ts';
import ShareDialog from './ShareDialog.tsx';

provideLazy('share', (host) => hydrateIsland(host, ShareDialog));
