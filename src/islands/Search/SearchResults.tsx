/**
 * The dark search results view (SPEC §2 "Search results view (dark) with loading, error,
 * no-results states; replaces the grid while active"). Presentational only: the island
 * renders it from the search store, and the no-JavaScript results page
 * (/showcase/{albumId}/search) renders the same markup on the server.
 */
import type { ReactNode } from 'react';
import { formatDuration } from '../../lib/formatDuration.ts';
import { rangeNumbers } from '../../lib/localeNumber.ts';
import { searchRangeKey } from '../../lib/pagination.ts';
import { fillMessage, wordsAround } from '../../lib/messageTemplate.ts';
import type { SearchStatus } from '../../lib/searchState.ts';
import type { SearchHit } from '../../stores/search.ts';
import { LockedPicture } from '../LockedVideo/LockedPicture.tsx';
import { ratingName, type LockedVideoStrings } from '../LockedVideo/lockedVideoStrings.ts';

export interface SearchResultsStrings extends LockedVideoStrings {
  /** 'Search results': the heading while there is no text to name. */
  results: string;
  /** 'Results for “{query}”'. */
  resultsFor: string;
  searching: string;
  noResults: string;
  errorTitle: string;
  errorBody: string;
  /** '{from} - {to} of {total}'. */
  range: string;
  /** '{from} - {to} of {total} or more': a search's total at its cap. */
  rangeAtLeast: string;
  /** 'by {name}'. */
  byOwner: string;
  /** 'Duration {duration}'. */
  duration: string;
}

export interface SearchResultsProps {
  /** Id of the heading, so the section and focus moves can point at it. */
  id: string;
  status: Exclude<SearchStatus, 'idle'>;
  /** The text searched, trimmed. */
  query: string;
  items: SearchHit[];
  total: number;
  page: number;
  perPage: number;
  /** The page's locale, which writes the range's numbers. */
  locale: string;
  /** The link of a result: its video page, localized, carrying the share hash. */
  hrefFor: (hit: SearchHit) => string;
  /** The link of a locked result: the filter page or the log-in page, localized. */
  lockHrefFor: (hit: SearchHit) => string;
  /** Offsite or embedded, links open a new tab (SPEC §6). */
  newTab?: boolean;
  /**
   * The island's live region already says the state (searching, the range, no results, the
   * error): the panel shows it without a screen reader reading it a second time.
   */
  announced?: boolean;
  strings: SearchResultsStrings;
  /** Closes the view: a button in the island, a link back to the showcase without JavaScript. */
  close?: ReactNode;
  /** The pager, under the list. */
  children?: ReactNode;
}

export function SearchResults({
  id,
  status,
  query,
  items,
  total,
  page,
  perPage,
  locale,
  hrefFor,
  lockHrefFor,
  newTab = false,
  announced = false,
  strings,
  close,
  children,
}: SearchResultsProps) {
  const linkTarget = newTab ? { target: '_blank', rel: 'noopener' } : {};
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const spoken = announced ? { 'aria-hidden': true } : {};
  return (
    <section
      data-theme="dark"
      data-state={status}
      aria-labelledby={id}
      aria-busy={status === 'searching'}
      className="rounded-xl bg-bg px-4 py-6 text-ink sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h2 id={id} tabIndex={-1} className="m-0 text-xl font-semibold outline-none">
            {query ? fillMessage(strings.resultsFor, { query }) : strings.results}
          </h2>
          {status === 'results' && (
            <p
              className="m-0 text-sm text-muted tabular-nums"
              data-testid="search-range"
              {...spoken}
            >
              {fillMessage(
                strings[searchRangeKey(total)],
                rangeNumbers({ from, to, total }, locale),
              )}
            </p>
          )}
        </div>
        {close}
      </div>
      {status === 'searching' && (
        <p className="m-0 mt-6 flex items-center gap-3 text-muted" {...spoken}>
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-line border-t-ink"
          />
          {strings.searching}
        </p>
      )}
      {status === 'empty' && (
        <p className="m-0 mt-6 text-lg" {...spoken}>
          {strings.noResults}
        </p>
      )}
      {status === 'error' && (
        <div className="mt-6" {...spoken}>
          <p className="m-0 text-lg font-semibold">{strings.errorTitle}</p>
          <p className="m-0 mt-1 text-muted">{strings.errorBody}</p>
        </div>
      )}
      {status === 'results' && (
        <ul className="m-0 mt-6 grid list-none gap-x-6 gap-y-8 p-0 grid-cols-[repeat(auto-fill,minmax(240px,1fr))]">
          {items.map((hit) =>
            hit.content_lock ? (
              <LockedResult
                key={hit.uri}
                hit={hit}
                href={lockHrefFor(hit)}
                linkTarget={linkTarget}
                strings={strings}
              />
            ) : (
              <SearchResult
                key={hit.uri}
                hit={hit}
                href={hrefFor(hit)}
                linkTarget={linkTarget}
                strings={strings}
              />
            ),
          )}
        </ul>
      )}
      {children}
    </section>
  );
}

interface ResultProps {
  hit: SearchHit;
  href: string;
  linkTarget: { target?: string; rel?: string };
  strings: SearchResultsStrings;
}

function SearchResult({ hit, href, linkTarget, strings }: ResultProps) {
  const sizes = hit.pictures?.sizes ?? [];
  const smallest = sizes[0];
  const duration = formatDuration(hit.duration);
  const words = wordsAround(strings.duration, 'duration');
  return (
    <li>
      <article className="group relative flex flex-col gap-2">
        <div className="relative aspect-video overflow-hidden rounded-lg bg-surface">
          {smallest && (
            <img
              src={smallest.link}
              srcSet={sizes.map((s) => `${s.link} ${s.width}w`).join(', ')}
              sizes="(max-width: 767px) 100vw, (max-width: 1279px) 50vw, 400px"
              width={smallest.width}
              height={smallest.height}
              alt=""
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover"
            />
          )}
          <span className="absolute bottom-2 right-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-semibold text-white tabular-nums">
            {words.before && <span className="sr-only">{words.before}</span>}
            <span>{duration}</span>
            {words.after && <span className="sr-only">{words.after}</span>}
          </span>
        </div>
        <h3 className="m-0 text-base font-semibold leading-snug">
          <a
            href={href}
            {...linkTarget}
            className="focus-ring rounded-sm no-underline hover:underline after:absolute after:inset-0 after:content-['']"
          >
            {hit.name}
          </a>
        </h3>
        {hit.description && (
          <p className="m-0 line-clamp-2 text-sm text-muted">{hit.description}</p>
        )}
        <p className="m-0 text-sm text-muted">
          {fillMessage(strings.byOwner, { name: hit.user.name })}
        </p>
      </article>
    </li>
  );
}

/** A result this viewer may not watch: its rating and what would open it, no picture (src/lib/contentGates.ts). */
function LockedResult({ hit, href, linkTarget, strings }: ResultProps) {
  const filtered = hit.content_lock === 'content_filter';
  return (
    <li data-locked={hit.content_lock}>
      <article className="flex flex-col gap-2">
        <LockedPicture
          rating={ratingName(strings, hit.content_rating_class)}
          className="bg-surface"
        />
        <h3 className="m-0 text-base font-semibold leading-snug">
          {filtered ? strings.lockedByFilter : hit.name}
        </h3>
        <a
          href={href}
          {...linkTarget}
          className="focus-ring rounded-sm text-sm font-semibold underline underline-offset-2"
        >
          {filtered ? strings.changeFilter : strings.logInToWatch}
        </a>
      </article>
    </li>
  );
}
