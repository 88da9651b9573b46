import { useEffect, useState } from 'react';
import { useHydrated } from '../shared/hydrated.ts';

/**
 * The current time and the zone to show times in. The first render uses the server's clock and
 * UTC on both sides, so hydration matches; then the browser's clock (ticking every 30 s) and
 * its own zone take over.
 */
export function useClock(serverNow: string): { now: number; timeZone: string | undefined } {
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return { now, timeZone: hydrated ? undefined : 'UTC' };
}
