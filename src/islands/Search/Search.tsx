/**
 * The showcase search island (SPEC §2 search field, §4 search states, §5, §9). The server
 * renders it as a plain GET form to /showcase/{albumId}/search that works without
 * JavaScript, hydrated on the first interaction (client:interaction). Hydrated, typing
 * searches after a 1 s pause, the dark results view replaces the grid (the element `hides`
 * names gets data-state="open"), empty text, the close button or Escape close and reset.
 */
import { useEffect, useRef, type KeyboardEvent, type SubmitEvent } from 'react';
import { withQuery, type CarriedQuery } from '../../lib/carriedQuery.ts';
import { lockActionPath } from '../../lib/contentGates.ts';
import { formatCount, rangeNumbers } from '../../lib/localeNumber.ts';
import { fillMessage } from '../../lib/messageTemplate.ts';
import { SEARCH_PAGE_SIZE, pageCount, searchRangeKey } from '../../lib/pagination.ts';
import { connectSearch, useSearch, type SearchHit } from '../../stores/search.ts';
import { SearchResults, type SearchResultsStrings } from './SearchResults.tsx';

export interface SearchStrings extends SearchResultsStrings {
  /** 'Search this showcase': the field's label and the landmark's name. */
  label: string;
  placeholder: string;
  /** The submit button: 'Search'. */
  submit: string;
  close: string;
  pagination: string;
  previousPage: string;
  nextPage: string;
  /** 'Page {page} of {count}'. */
  pageOf: string;
}

export interface SearchProps {
  /** Prefix of the ids inside. */
  id: string;
  albumId: number;
  /** The GET form's target: the localized /showcase/{albumId}/search. */
  action: string;
  /** '' for English, else '/{locale}': result links stay in the viewer's language. */
  localePrefix: string;
  /** The page's locale, which writes the numbers shown. */
  locale: string;
  /** The showcase address's carried query (share hash, offsite markers, referrer, is_embed): searches and links keep it. */
  carried: CarriedQuery;
  /** Id of the element the results view replaces (the grid). */
  hides: string;
  /** Offsite or embedded, result links open a new tab (SPEC §6). */
  newTab: boolean;
  strings: SearchStrings;
}

export default function Search({
  id,
  albumId,
  action,
  localePrefix,
  locale,
  carried,
  hides,
  newTab,
  strings,
}: SearchProps) {
  const { query, status, results, open, input, submit, changePage, close } = useSearch();
  const field = useRef<HTMLInputElement>(null);
  const wasOpen = useRef(false);
  const headingId = `${id}-heading`;
  const fieldId = `${id}-field`;

  useEffect(() => {
    connectSearch({ albumId, carried });
    // Text typed while the island was still loading counts as typed now.
    const typed = field.current?.value ?? '';
    if (typed.trim() !== '') input(typed);
  }, [albumId, carried, input]);

  useEffect(() => {
    const grid = document.getElementById(hides);
    if (grid) grid.dataset['state'] = open ? 'open' : 'closed';
  }, [open, hides]);

  // The field is uncontrolled (typing before hydration must survive it): a close from
  // anywhere (button, Escape, a video starting) empties it here.
  useEffect(() => {
    if (wasOpen.current && !open && field.current) field.current.value = query;
    wasOpen.current = open;
  }, [open, query]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    input(field.current?.value ?? '');
    submit();
  }

  function reset() {
    close();
    if (field.current) {
      field.current.value = '';
      field.current.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape' || (!open && !field.current?.value)) return;
    event.preventDefault();
    reset();
  }

  function goToPage(page: number) {
    changePage(page);
    // The list is replaced: keep the keyboard at the top of the new page.
    document.getElementById(headingId)?.focus();
  }

  const count = pageCount(results.total, SEARCH_PAGE_SIZE);
  const hrefFor = (hit: SearchHit) => withQuery(`${localePrefix}${hit.link}`, carried);
  const lockHrefFor = (hit: SearchHit) =>
    hit.content_lock
      ? localePrefix +
        lockActionPath(hit.content_lock, {
          videoPath: hrefFor(hit),
          returnTo: withQuery(`${localePrefix}/showcase/${albumId}`, carried),
        })
      : hrefFor(hit);
  const announcement = {
    idle: '',
    searching: strings.searching,
    results: fillMessage(
      strings[searchRangeKey(results.total)],
      rangeNumbers(
        {
          from: (results.page - 1) * SEARCH_PAGE_SIZE + 1,
          to: Math.min(results.page * SEARCH_PAGE_SIZE, results.total),
          total: results.total,
        },
        locale,
      ),
    ),
    empty: strings.noResults,
    error: `${strings.errorTitle}. ${strings.errorBody}`,
  }[status];

  return (
    <div className="flex flex-col gap-4" onKeyDown={onKeyDown}>
      <form
        role="search"
        method="get"
        action={action}
        aria-label={strings.label}
        onSubmit={onSubmit}
        className="flex w-full max-w-[500px] gap-2"
      >
        {Object.entries(carried).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={fieldId} className="sr-only">
          {strings.label}
        </label>
        <input
          ref={field}
          id={fieldId}
          name="q"
          type="search"
          defaultValue=""
          placeholder={strings.placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          onInput={(event) => input(event.currentTarget.value)}
          className="focus-ring min-w-0 flex-1 rounded-md border border-line bg-bg px-3 py-2 text-ink"
        />
        <button type="submit" className="btn">
          {strings.submit}
        </button>
      </form>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {status !== 'idle' && (
        <SearchResults
          id={headingId}
          status={status}
          query={query.trim()}
          items={results.items}
          total={results.total}
          page={results.page}
          perPage={SEARCH_PAGE_SIZE}
          locale={locale}
          hrefFor={hrefFor}
          lockHrefFor={lockHrefFor}
          newTab={newTab}
          announced
          close={
            <button type="button" className="btn" onClick={reset}>
              {strings.close}
            </button>
          }
          strings={strings}
        >
          {status === 'results' && count > 1 && (
            <nav
              aria-label={strings.pagination}
              className="flex flex-wrap items-center justify-center gap-3 pt-8"
            >
              <button
                type="button"
                className="btn"
                disabled={results.page <= 1}
                onClick={() => goToPage(results.page - 1)}
              >
                {strings.previousPage}
              </button>
              <span className="text-sm tabular-nums">
                {fillMessage(strings.pageOf, {
                  page: formatCount(results.page, locale),
                  count: formatCount(count, locale),
                })}
              </span>
              <button
                type="button"
                className="btn"
                disabled={results.page >= count}
                onClick={() => goToPage(results.page + 1)}
              >
                {strings.nextPage}
              </button>
            </nav>
          )}
        </SearchResults>
      )}
    </div>
  );
}
