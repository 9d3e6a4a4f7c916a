/** The share dialog's entry for <vitrine-share> (shareElement.ts). */
import { hydrateIsland } from '../hydrateIsland.tsx';
import ShareDialog from './ShareDialog.tsx';

export function mount(host: HTMLElement): void {
  hydrateIsland(host, ShareDialog);
}
