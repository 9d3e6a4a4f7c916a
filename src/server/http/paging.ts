import { pageCount } from '../../lib/pagination.ts';

const MAX_PER_PAGE = 100;

/** page and per_page of an API query, clamped to sane values (per_page 1–100, default 25). */
export function parsePaging(query: URLSearchParams, defaultPerPage = 25): { page: number; perPage: number } {
  const page = Math.max(1, Math.trunc(Number(query.get('page'))) || 1);
  const perPage = Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(Number(query.get('per_page'))) || defaultPerPage));
  return { page, perPage };
}

/** The paging envelope: next/previous are null past either end (SPEC §7 "paging.next"). */
export function pagingLinks(url: URL, page: number, perPage: number, total: number) {
  const last = pageCount(total, perPage);
  const link = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    target.searchParams.set('per_page', String(perPage));
    return target.pathname + target.search;
  };
  return {
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
    first: link(1),
    last: link(last),
  };
}
