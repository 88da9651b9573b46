import type { Locale } from './index.ts';
import { ianaPlace, zoneLabel } from '../time-zone.ts';
import ru from './zone-places.ru.json' with { type: 'json' };

/**
 * Zones' places in the reader's language (written by scripts/zone-places.ts from Node's ICU;
 * browsers have no localized city names). 16 KB: the server reads it, and islands only in code
 * that loads on a click; an island's first render takes its places from the server's props.
 */
const PLACES: Record<Locale, Readonly<Record<string, string>>> = { en: {}, ru };

export function zonePlace(zone: string, locale: Locale): string {
  return zone.startsWith('Etc/') ? '' : (PLACES[locale][zone] ?? ianaPlace(zone));
}

/** zoneLabel with the place in `locale`: 'Новосибирск (GMT+07:00)'. */
export function localZoneLabel(zone: string, locale: Locale, at: Date = new Date()): string {
  return zoneLabel(zone, at, zonePlace(zone, locale));
}
