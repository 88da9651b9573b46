import { useEffect, useState } from 'react';
import { useTypedBeforeHydration } from './hydrated.ts';

/**
 * What was typed into a form of controlled inputs before its island took over (a slow line),
 * put back once it has: React writes its state over such inputs as it hydrates, so the values
 * are read in the first render, before that, and handed to `restore` after it, which keeps the
 * first render equal to the server's HTML. A module of its own: only the islands with such
 * forms (searches, chat, help, the rating) load it.
 */
export function useRestoreTyped<T extends object>(formId: string, current: T, restore: (typed: Partial<T>) => void): void {
  const before = current as Record<string, unknown>;
  const typed = useTypedBeforeHydration(formId, before);
  const [pending, setPending] = useState(() => {
    const changed = Object.entries(typed).filter(([key, value]) => value !== before[key]);
    return changed.length > 0 ? (Object.fromEntries(changed) as Partial<T>) : undefined;
  });
  useEffect(() => {
    if (!pending) return;
    setPending(undefined);
    restore(pending);
  }, [pending, restore]);
}
