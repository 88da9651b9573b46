import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { errorKey } from '../../lib/client/api.ts';
import type { Page } from '../../lib/schemas/candidate.ts';
import { SCROLL_THRESHOLD, THROTTLE_MS } from './limits.ts';

/** Calls `fn` at most once per `wait` ms; a call in between runs once at the end of the wait. */
export function throttle(fn: () => void, wait: number): (() => void) & { cancel: () => void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    const remaining = wait - (Date.now() - last);
    if (remaining <= 0) {
      last = Date.now();
      fn();
    } else {
      timer ??= setTimeout(() => {
        timer = undefined;
        last = Date.now();
        fn();
      }, remaining);
    }
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

/** True once the bottom of the window has passed `threshold` of the element's height. */
export function scrolledPast(element: Element, threshold = SCROLL_THRESHOLD): boolean {
  const box = element.getBoundingClientRect();
  return window.innerHeight - box.top >= box.height * threshold;
}

type Loader<T> = (page: number, query: string, signal: AbortSignal) => Promise<Page<T>>;

/**
 * The first page with only the fields its list shows of each row: the island's props in the
 * page's HTML carry that, not the API's whole rows (docs/decisions/0020). The pages it loads
 * later are the API's, of which it reads the same fields.
 */
export function shownFields<T, K extends keyof T>(page: Page<T>, keys: readonly K[]): Page<Pick<T, K>> {
  return { ...page, data: page.data.map((row) => Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>) };
}

/**
 * A list loaded page by page from 1: the server renders the first page, `loadMore` asks for the
 * next while `totalPages` exceeds the pages loaded. A change of `query` starts again from page 1.
 */
export function usePagedList<T extends { id: string }>(initial: Page<T>, query: string, load: Loader<T>) {
  const [state, setState] = useState({
    items: initial.data,
    loaded: 1,
    totalPages: initial.pagination.totalPages,
    total: initial.pagination.totalRecords,
    /** false past the count limit: `total` is then a lower bound ("10 000+") */
    exact: initial.pagination.totalExact !== false,
    query,
  });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string>();
  const inflight = useRef<AbortController | null>(null);
  const loader = useRef(load);
  loader.current = load;

  const fetchPages = useCallback((pages: number[], q: string, replace: boolean) => {
    inflight.current?.abort();
    const controller = new AbortController();
    inflight.current = controller;
    setLoading(true);
    setError(undefined);
    Promise.all(pages.map((page) => loader.current(page, q, controller.signal)))
      .then((answers) => {
        if (controller.signal.aborted) return;
        const last = answers[answers.length - 1]!;
        setState((previous) => {
          // offsets shift when someone adds candidates meanwhile: a row is shown once
          const items = replace ? [] : [...previous.items];
          const seen = new Set(items.map((item) => item.id));
          for (const item of answers.flatMap((answer) => answer.data)) {
            if (!seen.has(item.id)) {
              seen.add(item.id);
              items.push(item);
            }
          }
          return { items, loaded: Math.max(...pages), totalPages: last.pagination.totalPages, total: last.pagination.totalRecords, exact: last.pagination.totalExact !== false, query: q };
        });
        inflight.current = null;
        setLoading(false);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[candidates] page failed', failure);
        inflight.current = null;
        setError(errorKey(failure));
        setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (query !== state.query) fetchPages([1], query, true);
    else if (inflight.current) {
      // back to the list on show (the browser's Back): the answer for the other query is not wanted
      inflight.current.abort();
      inflight.current = null;
      setLoading(false);
    }
    // only a new query starts over; the state's own query follows it
  }, [query]);

  useEffect(() => () => inflight.current?.abort(), []);

  const current = state.query === query;
  const more = current && state.loaded < state.totalPages;
  const loadMore = useCallback(() => {
    if (inflight.current || !more || error) return;
    fetchPages([state.loaded + 1], query, false);
  }, [more, error, state.loaded, query, fetchPages]);

  /** Drops rows at once (they left the list), then reloads the pages shown, whose offsets moved. */
  const removeAndRefresh = useCallback(
    (ids: readonly string[]) => {
      const gone = new Set(ids);
      setState((previous) => ({ ...previous, items: previous.items.filter((item) => !gone.has(item.id)), total: previous.exact ? Math.max(0, previous.total - gone.size) : previous.total }));
      fetchPages(Array.from({ length: state.loaded }, (_, i) => i + 1), query, true);
    },
    [state.loaded, query, fetchPages],
  );

  /** Tries the failed page again. */
  const retry = useCallback(() => {
    setError(undefined);
    if (current) fetchPages([state.loaded + 1], query, false);
    else fetchPages([1], query, true);
  }, [current, state.loaded, query, fetchPages]);

  // a new query that failed shows its error, not the rows of the query before as if they answered it
  const failed = !current && error !== undefined;
  return { items: failed ? [] : state.items, total: state.total, exact: state.exact, loading: (loading || !current) && !failed, error, more, loadMore, removeAndRefresh, retry };
}

/**
 * Calls `onMore` when the window's scroll passes 80 % of `target` (throttled to 150 ms), and
 * again after each page while the list is still too short to reach that point.
 */
export function useInfiniteScroll(target: RefObject<Element | null>, more: boolean, loading: boolean, onMore: () => void, size: number): void {
  const latest = useRef({ more, loading, onMore });
  latest.current = { more, loading, onMore };

  useEffect(() => {
    const check = throttle(() => {
      const { more: hasMore, loading: busy, onMore: next } = latest.current;
      if (hasMore && !busy && target.current && scrolledPast(target.current)) next();
    }, THROTTLE_MS);
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      check.cancel();
    };
  }, [target]);

  // a page that does not fill the window yet asks for the next one without a scroll
  useEffect(() => {
    if (more && !loading && target.current && scrolledPast(target.current)) onMore();
  }, [more, loading, size]);
}
