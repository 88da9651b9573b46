import { lazy, useEffect, useState } from 'react';

/** The bulk bar's code comes only once something is selected (docs/decisions/0030). */
export const LazyBulkBar = lazy(() => import('./BulkBar.tsx'));

/**
 * The rows a list has selected for a bulk action: chosen one by one, or all matching its filter
 * (`all`). A new filter (`query`) starts afresh: a selection never reaches rows the list no
 * longer shows. What the bar makes of it is the bar's (BulkBar.tsx), loaded later.
 */
export function useBulkSelection(query: string, items: readonly { id: string }[]) {
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const clear = () => {
    setIds(new Set());
    setAll(false);
  };
  useEffect(clear, [query]);
  const loaded = items.map((item) => item.id);
  const allOnPage = items.length > 0 && (all || loaded.every((id) => ids.has(id)));
  return {
    ids,
    all,
    any: all || ids.size > 0,
    has: (id: string) => all || ids.has(id),
    // leaving one out of "all matching" keeps the rows loaded but that one
    toggle: (id: string) => {
      const next = new Set(all ? loaded : ids);
      if (!next.delete(id)) next.add(id);
      setAll(false);
      setIds(next);
    },
    allOnPage,
    togglePage: () => (allOnPage ? clear() : setIds(new Set([...ids, ...loaded]))),
    selectAll: () => setAll(true),
    clear,
  };
}
