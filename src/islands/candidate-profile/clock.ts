import { useEffect, useState } from 'react';

/**
 * The current time and the zone to show times in. The first render uses the server's clock, so
 * hydration matches, then the browser's clock (ticking every 30 s). Times are in the reader's
 * saved zone on both sides (docs/decisions/0018), whatever zone the browser runs in.
 */
export function useClock(serverNow: string, timeZone: string): { now: number; timeZone: string } {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return { now, timeZone };
}
