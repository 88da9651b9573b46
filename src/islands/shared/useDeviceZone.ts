import { useEffect, useState } from 'react';
import type { Locale } from '../../lib/i18n/index.ts';
import { browserZone, ianaPlace } from '../../lib/time-zone.ts';

const places = () => import('../../lib/i18n/zone-places.ts');

/**
 * The zone this device runs in and its place's name, once hydrated (the server cannot know it,
 * so the first render has none and matches the server's). Pages that show times in the saved
 * zone use it to say when the device keeps another one.
 */
export function useDeviceZone(saved: string, locale: Locale): { zone: string; place: string } | undefined {
  const [device, setDevice] = useState<{ zone: string; place: string }>();
  useEffect(() => {
    const zone = browserZone();
    if (!zone) return;
    // the places' file comes only when the hint names a zone, and not for English
    if (zone === saved || locale === 'en') setDevice({ zone, place: ianaPlace(zone) });
    else void places().then((m) => setDevice({ zone, place: m.zonePlace(zone, locale) }));
  }, [locale, saved]);
  return device;
}
