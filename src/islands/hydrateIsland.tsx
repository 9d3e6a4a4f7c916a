/**
 * Hydrates an island inside its lazy host (lazyLoader.ts) with the props the server
 * rendered it with (data-props), so React adopts the existing markup instead of replacing
 * it: focus and anything already typed stay where they are.
 */
import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIsland<P extends object>(host: HTMLElement, Island: ComponentType<P>): void {
  const props = JSON.parse(host.dataset['props'] ?? 'null') as P | null;
  if (props) hydrateRoot(host, <Island {...props} />);
}
