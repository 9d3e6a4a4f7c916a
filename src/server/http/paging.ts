import { apiPathOf } from '../../lib/apiOrigin.ts';
import { pageCount } from '../../lib/pagination.ts';
import { BadRequestError } from './badRequest.ts';

const MAX_PER_PAGE = 100;

/** Digits only, and few enough that the page's offset stays a number the database takes. */
const WHOLE_NUMBER = /^\d{1,9}$/;

/** A paging parameter: absent or blank is `fallback`; anything but a whole number is a BadRequestError. */
function pagingNumber(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name)?.trim();
  if (!raw) return fallback;
  if (!WHOLE_NUMBER.test(raw)) throw new BadRequestError(`${name} is not a whole number`);
  return Number(raw);
}

/** page and per_page of an API query, clamped to sane values (page ≥ 1, per_page 1–100, default 25). */
export function parsePaging(
  query: URLSearchParams,
  defaultPerPage = 25,
): { page: number; perPage: number } {
  const page = Math.max(1, pagingNumber(query, 'page', 1));
  const perPage = Math.min(
    MAX_PER_PAGE,
    Math.max(1, pagingNumber(query, 'per_page', defaultPerPage)),
  );
  return { page, perPage };
}

/**
 * The paging envelope: next/previous are null past either end (SPEC §7 "paging.next"). The
 * links are paths of the API origin (src/lib/apiOrigin.ts), as Vimeo's are of api.vimeo.com.
 */
function pagingLinks(url: URL, page: number, perPage: number, total: number) {
  const last = pageCount(total, perPage);
  const link = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    target.searchParams.set('per_page', String(perPage));
    return apiPathOf(target.pathname) + target.search;
  };
  return {
    next: page < last ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, last)) : null,
    first: link(1),
    last: link(last),
  };
}

/** A list answer in Vimeo's envelope, as every list of the API is given. */
export function listEnvelope<T>(
  url: URL,
  { page, perPage }: { page: number; perPage: number },
  total: number,
  data: T[],
) {
  return { total, page, per_page: perPage, paging: pagingLinks(url, page, perPage, total), data };
}
