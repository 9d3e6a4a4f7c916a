/**
 * Pages' body markup by address, for `/bench/markup` (src/pages/bench/markup.astro): fetched
 * once from this server, rendered (x-bench-uncached), and kept. A fetch that fails is forgotten,
 * so the next request tries again.
 */
import { bodyMarkup } from '../../lib/bodyMarkup.ts';
import { BENCH_UNCACHED_HEADER } from '../../lib/pageCache.ts';

const markups = new Map<string, Promise<string>>();

export function markupOf(page: URL): Promise<string> {
  const kept = markups.get(page.href);
  if (kept) return kept;
  const markup = fetch(page, {
    headers: { [BENCH_UNCACHED_HEADER]: '1' },
    redirect: 'manual',
  }).then(async (response) => {
    if (response.status !== 200) throw new Error(`${page.pathname} answered ${response.status}`);
    return bodyMarkup(await response.text());
  });
  markups.set(page.href, markup);
  markup.catch(() => markups.delete(page.href));
  return markup;
}
