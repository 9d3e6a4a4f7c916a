/** The player layout's entry for <vitrine-player-showcase> (playerShowcaseElement.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import PlayerShowcase from './PlayerShowcase.tsx';

export function mount(host: HTMLElement): void {
  hydrateIsland(host, PlayerShowcase);
}
