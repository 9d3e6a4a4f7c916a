/** The search island's entry for <vitrine-search> (searchElement.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import Search from './Search.tsx';

export function mount(host: HTMLElement): void {
  hydrateIsland(host, Search);
}
