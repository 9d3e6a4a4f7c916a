/**
 * Hydrates the search island inside its <vitrine-search> element, with the props the server
 * rendered it with (data-props), so React adopts the existing form instead of replacing it:
 * focus and anything already typed stay where they are.
 */
import { hydrateRoot } from 'react-dom/client';
import Search, { type SearchProps } from './Search.tsx';

export function mountSearch(host: HTMLElement): void {
  const props = JSON.parse(host.dataset['props'] ?? 'null') as SearchProps | null;
  if (!props) return;
  hydrateRoot(host, <Search {...props} />);
  host.dataset['hydrated'] = '';
}
