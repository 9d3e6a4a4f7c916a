/**
 * The side of a lazily loaded module (lazyLoader.ts): it hands the page's loader the function
 * that takes over each of its hosts.
 */
import type { LazyMount, LazyWindow } from './lazyLoader.ts';

export function provideLazy(key: string, mount: LazyMount): void {
  (window as LazyWindow).vitrineLazy?.(key, mount);
}
