// The catalogue's URL state (?search=&category=&industry=&tab=&run=) and the
// search box that writes it after a pause.
//
// Issue 19 item 8: a filter chosen within the pause after typing was lost.
// React Router applies a navigation in a transition, and setSearchParams'
// updater is handed the params of the last render, so a write made before the
// previous one had rendered was built on the URL without it (the later write
// dropped the earlier). Here every write builds on the last URL this page
// wrote, a filter change carries the text typed so far with it, and the URL
// landing from our own write never refills the box over newer typing.
import { useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '@agentflow/shared';
import { filtersFromParams, withParam, type CatalogueFilters } from '../components/catalogueFilters';

/** How long the search box waits after the last keystroke before filtering (and writing the URL). */
export const SEARCH_DEBOUNCE_MS = 250;

type FilterKey = 'category' | 'industry' | 'tab' | 'run';

/** The URL value of the search text: blank text is no search. */
const searchValue = (text: string) => (text.trim() === '' ? '' : text);

export function useCatalogueUrl() {
  const [params, setParams] = useSearchParams();
  // Memoized on the params object (new on every URL change), so what is derived from it can be memoized too.
  const filters: CatalogueFilters = useMemo(() => filtersFromParams(params), [params]);

  // The URL as this page last wrote it, and its writes that have not rendered yet.
  const latest = useRef(params);
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const at = pending.current.indexOf(params.toString());
    if (at === -1) {
      // Not ours (back, a link, a voice search): it is the URL now.
      pending.current = [];
      latest.current = params;
    } else {
      pending.current = pending.current.slice(at + 1);
      if (pending.current.length === 0) latest.current = params;
    }
  }, [params]);

  const write = (change: (current: URLSearchParams) => URLSearchParams, replace = false) => {
    const next = change(new URLSearchParams(latest.current));
    latest.current = next;
    pending.current.push(next.toString());
    setParams(next, { replace });
  };

  // The box: typed text is written 250 ms after the last keystroke (replacing
  // the entry: no history step per letter); a URL that changes otherwise
  // (back, a voice search) refills it.
  const [searchText, setSearchText] = useState(filters.search);
  const [urlSearch, setUrlSearch] = useState(filters.search);
  // The search text this page wrote and has not yet seen land in the URL.
  const [writtenSearch, setWrittenSearch] = useState<string | null>(null);
  // Adjusted while rendering the new URL (state following a changed input, not an effect after it).
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    if (filters.search === writtenSearch) setWrittenSearch(null);
    else setSearchText(filters.search);
  }

  const writeSearch = (text: string, replace: boolean, change: (current: URLSearchParams) => URLSearchParams = (current) => current) => {
    const value = searchValue(text);
    setWrittenSearch(value);
    write((current) => withParam(change(current), 'search', value === '' ? null : value), replace);
  };

  // An effect event: writing the URL does not restart the wait; only the text (a keystroke, or the URL refilling the box) does.
  const onPause = useEffectEvent((text: string) => {
    if (searchValue(text) !== filters.search) writeSearch(text, true);
  });
  useEffect(() => {
    if (searchText === urlSearch) return undefined;
    const timer = setTimeout(() => onPause(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, urlSearch]);

  /** A filter, tab or notice change: a history step that also applies the text typed so far. */
  const setFilter = (key: FilterKey, value: string | null) => writeSearch(searchText, false, (current) => withParam(current, key, value));

  /** Search, category and industry back to everything. */
  const clearFilters = () => {
    setSearchText('');
    writeSearch('', false, (current) => ['category', 'industry'].reduce((next, key) => withParam(next, key, null), current));
  };

  return { filters, searchText, setSearchText, setFilter, clearFilters };
}
