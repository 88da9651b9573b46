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
