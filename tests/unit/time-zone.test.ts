import { describe, expect, it } from 'vitest';
import { canonicalZone, fromWallTime, wallTime, zoneLabel } from '../../src/lib/time-zone.ts';
import { zonePlace } from '../../src/lib/i18n/zone-places.ts';
import zonePlacesRu from '../../src/lib/i18n/zone-places.ru.json' with { type: 'json' };
import type { Locale } from '../../src/lib/i18n/index.ts';
import { SettingsSchema } from '../../src/lib/schemas/common.ts';

describe('time zones', () => {
  it('takes IANA names in their canonical spelling and refuses the rest', () => {
    expect(canonicalZone('Asia/Novosibirsk')).toBe('Asia/Novosibirsk');
    expect(canonicalZone('america/new_york')).toBe('America/New_York');
    expect(canonicalZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '+05:00', '', 'Europe/Moscow; drop table', 42, null, 'a'.repeat(100)]) expect(canonicalZone(bad)).toBeNull();
  });

  it('checks the settings of a body with the translated key', () => {
    const bad = SettingsSchema.safeParse({ timeZone: 'Mars/Olympus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.time_zone_invalid');
    expect(SettingsSchema.parse({ timeZone: 'europe/moscow' })).toEqual({ timeZone: 'Europe/Moscow' });
  });

  it('turns a wall clock of a zone into the moment and back, summer time included', () => {
    expect(fromWallTime('2030-01-02T10:00', 'America/New_York')?.toISOString()).toBe('2030-01-02T15:00:00.000Z');
    expect(fromWallTime('2030-07-02T10:00', 'America/New_York')?.toISOString()).toBe('2030-07-02T14:00:00.000Z');
    expect(fromWallTime('2030-07-02T10:00', 'Asia/Novosibirsk')?.toISOString()).toBe('2030-07-02T03:00:00.000Z');
    expect(wallTime('2030-07-02T03:00:00Z', 'Asia/Novosibirsk')).toBe('2030-07-02T10:00');
    expect(fromWallTime('2030-13-02T10:00', 'UTC')).toBeNull();
    expect(fromWallTime('nonsense', 'UTC')).toBeNull();
  });

  it('names a zone by its place and offset', () => {
    expect(zoneLabel('Asia/Novosibirsk', new Date('2030-01-01T00:00:00Z'))).toBe('Novosibirsk (GMT+07:00)');
    expect(zoneLabel('America/New_York', new Date('2030-01-01T00:00:00Z'))).toBe('New York (GMT-05:00)');
    expect(zoneLabel('UTC')).toBe('UTC');
  });

  it('names the place in the reader’s language, from the file written out of Node’s ICU', () => {
    const winter = new Date('2030-01-01T00:00:00Z');
    const label = (zone: string, locale: Locale) => zoneLabel(zone, winter, zonePlace(zone, locale));
    expect(label('Asia/Novosibirsk', 'ru')).toBe('Новосибирск (GMT+07:00)');
    expect(label('America/New_York', 'ru')).toBe('Нью-Йорк (GMT-05:00)');
    // a country with one zone is named by the country
    expect(label('Europe/Berlin', 'ru')).toBe('Германия (GMT+01:00)');
    expect(label('America/Los_Angeles', 'en')).toBe('Los Angeles (GMT-08:00)');
    expect(label('Etc/GMT-3', 'ru')).toBe('GMT+03:00');
    expect(label('UTC', 'ru')).toBe('UTC');
    // a zone the file does not know yet keeps its IANA place
    expect(zonePlace('Mars/Olympus_Mons', 'ru')).toBe('Olympus Mons');
  });

  it('has a Russian place for every zone this Node knows (run scripts/zone-places.ts after an upgrade)', () => {
    const missing = Intl.supportedValuesOf('timeZone').filter((zone) => !(zone in zonePlacesRu));
    expect(missing).toEqual([]);
  });
});
