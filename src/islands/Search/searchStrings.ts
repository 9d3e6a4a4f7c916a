/**
 * The translated strings of the search island and of the server-rendered results page, in
 * one place so both say the same. Values only the browser knows travel as {name} markers
 * (src/lib/messageTemplate.ts). Server-side only: the island receives the result as props.
 */
import type { Translate } from '../../lib/translationKeys.ts';
import { markers } from '../../lib/messageTemplate.ts';
import type { SearchStrings } from './Search.tsx';
import { lockedVideoStrings } from '../LockedVideo/lockedVideoStrings.ts';

export function searchStrings(t: Translate): SearchStrings {
  return {
    label: t('showcase.searchLabel'),
    placeholder: t('showcase.searchPlaceholder'),
    submit: t('common.search'),
    close: t('showcase.closeSearch'),
    results: t('showcase.searchResults'),
    resultsFor: t('showcase.searchResultsFor', markers('query')),
    searching: t('showcase.searching'),
    noResults: t('showcase.noResults'),
    errorTitle: t('showcase.searchErrorTitle'),
    errorBody: t('showcase.searchErrorBody'),
    range: t('showcase.range', markers('from', 'to', 'total')),
    rangeAtLeast: t('showcase.rangeAtLeast', markers('from', 'to', 'total')),
    byOwner: t('showcase.byOwner', markers('name')),
    duration: t('showcase.durationLabel', markers('duration')),
    ...lockedVideoStrings(t),
    pagination: t('showcase.pagination'),
    previousPage: t('showcase.previousPage'),
    nextPage: t('showcase.nextPage'),
    pageOf: t('showcase.pageOf', markers('page', 'count')),
  };
}
