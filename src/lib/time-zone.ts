/**
 * Time zones (issue 11, item 4; docs/decisions/0018). Every person has an IANA zone, taken from
 * the browser at registration and editable in the profile; pages, mails and .ics files show
 * times in the reader's zone. Shared by the server and the islands: both format with the same
 * saved zone, so a page's server HTML equals its first client render in any browser zone.
 */

/**
 * The zone of an account that never said (an API registration without one, and every account
 * made before zones existed): the product showed all times in Moscow time until then.
 */
export const DEFAULT_ZONE = 'Europe/Moscow';

/**
 * The canonical spelling of an IANA zone name ('asia/novosibirsk' → 'Asia/Novosibirsk'), or
 * null for anything else. Intl decides what a zone is; fixed offsets ('+05:00'), which it also
 * takes, are no IANA names and are refused: a place's offset changes with its summer time.
 */
export function canonicalZone(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone a browser runs in, when it names a valid one (the registration form sends it). */
export function browserZone(): string | undefined {
  try {
    return canonicalZone(Intl.DateTimeFormat().resolvedOptions().timeZone) ?? undefined;
  } catch {
    return undefined;
  }
}

/** 'GMT+07:00' at a moment: the offset a zone has then (summer time included). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

export function zoneOffset(zone: string, at: Date = new Date()): string {
  // a formatter per zone: a VTIMEZONE asks for hundreds of offsets, and building one is the slow part
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    if (offsetFormats.size < 1000) offsetFormats.set(zone, format);
  }
  const part = format.formatToParts(at).find((p) => p.type === 'timeZoneName');
  const offset = part?.value ?? 'GMT';
  // Intl writes plain 'GMT' for a zero offset
  return offset === 'GMT' ? 'GMT+00:00' : offset;
}

/** The offset in minutes east of UTC that a zone has at a moment. */
export function offsetMinutes(zone: string, at: Date): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(zoneOffset(zone, at));
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * A zone's place as its IANA name has it, its last part: 'Novosibirsk', 'New York'; none for
 * 'Etc/GMT-3'. English pages use it: Intl names zones by regions in English ('Krasnoyarsk
 * Standard Time' for Novosibirsk, 'PT'), which readers take for another place. Other languages
 * read theirs from lib/i18n/zone-places.ts.
 */
export function ianaPlace(zone: string): string {
  return zone.startsWith('Etc/') ? '' : (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
}

/**
 * A zone as people read it: its place and its offset then, 'Novosibirsk (GMT+07:00)',
 * 'Новосибирск (GMT+07:00)', 'New York (GMT-05:00)', 'UTC'.
 */
export function zoneLabel(zone: string, at: Date = new Date(), place: string = ianaPlace(zone)): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  const offset = zoneOffset(zone, at);
  return place ? `${place} (${offset})` : offset;
}

/** The wall clock of a moment in a zone: 'YYYY-MM-DDTHH:mm', as the date field holds it. */
export function wallTime(iso: string | Date, zone: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/**
 * The moment a wall-clock time ('YYYY-MM-DDTHH:mm') names in a zone, or null when it does not
 * parse. A time skipped by a summer-time change moves forward by the gap, as calendars do.
 */
export function fromWallTime(wall: string, zone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Date.UTC rolls a 13th month or a 31 April over; a wall clock that does not exist is no time
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null;
  // the offset at the guess, then at the corrected moment: two steps settle every zone
  let moment = asUtc - offsetMinutes(zone, new Date(asUtc)) * 60_000;
  moment = asUtc - offsetMinutes(zone, new Date(moment)) * 60_000;
  return new Date(moment);
}
