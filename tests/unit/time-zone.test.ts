import { describe, expect, it } from 'vitest';
import { canonicalZone, fromWallTime, wallTime, zoneLabel } from '../../src/lib/time-zone.ts';
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
});
