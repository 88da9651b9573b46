import { useEffect, useState } from 'react';

/**
 * False in the server's HTML and until React has taken over the island: buttons stay disabled
 * meanwhile, so an early click on a slow line is not lost (or sent as a plain form submit).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * What a person typed or picked in a form of the server's HTML before its island took over
 * (issue 11: a role picked on a slow line reverted to 'Company'). The form is found by the id it
 * rendered with on the server; its current values, read before React and react-hook-form write
 * their defaults, replace those defaults. Only flat fields; a checkbox counts as a boolean.
 */
export function useTypedBeforeHydration<T extends Record<string, unknown>>(formId: string, defaults: T): T {
  const [values] = useState(() => {
    if (typeof document === 'undefined') return defaults;
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return defaults;
    const data = new FormData(form);
    const typed: Record<string, unknown> = { ...defaults };
    for (const [key, fallback] of Object.entries(defaults)) {
      if (typeof fallback === 'boolean') {
        if (form.elements.namedItem(key)) typed[key] = data.has(key);
      } else if (typeof fallback === 'string') {
        // an empty box is the page as it came, not a choice: the default stays
        const value = data.get(key);
        if (typeof value === 'string' && value !== '') typed[key] = value;
      }
    }
    return typed as T;
  });
  return values;
}
