/**
 * Writes src/lib/i18n/zone-places.ru.json: each IANA zone's place in Russian ('Новосибирск',
 * 'Германия' for a country with one zone), CLDR's names as Node's full ICU has them. Browsers
 * ship ICU without localized city names (Chromium writes 'Moscow' on a Russian page), so the
 * pages and islands read the names from this file, not from Intl. Run it again after a Node
 * upgrade: `node scripts/zone-places.ts`.
 */
import { writeFileSync } from 'node:fs';

const places: Record<string, string> = {};
for (const zone of Intl.supportedValuesOf('timeZone')) {
  const name = new Intl.DateTimeFormat('ru', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
  // an offset ('GMT+3') is no place: the zone name's last part stands in
  if (name && !/^(GMT|UTC)/.test(name)) places[zone] = name;
}
writeFileSync(new URL('../src/lib/i18n/zone-places.ru.json', import.meta.url), `${JSON.stringify(places, null, 0).replace(/","/g, '",\n"').replace(/^\{/, '{\n').replace(/\}$/, '\n}')}\n`);
console.log(`zone-places: ${Object.keys(places).length} zones`);
