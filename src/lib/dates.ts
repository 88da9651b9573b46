import type { Locale } from './i18n/index.ts';

/**
 * Formatters by locale, options and zone, made once: building an Intl.DateTimeFormat costs far
 * more than using one, and a dashboard formats a date or two per row (it was the top of the
 * server's CPU profile, issue 12).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(locale, options)));
  return found;
}

/**
 * SPEC.md §9's 'dd LLLL yyyy' in the page's language: '21 November 2026', '21 ноября 2026'.
 * After a day number Russian takes the month in the genitive, which Intl's long month after a
 * day gives (docs/decisions/0004). Intl rather than date-fns: the browser has it already, and
 * date-fns with two locales weighed 8 KB gzip on every page that shows a date (issue 12).
 * Without `timeZone`, the runtime's own zone; with it (an island's first pass, which the server
 * rendered in UTC), that zone. A value that will not format shows as it is.
 */
export function formatDate(value: string | Date, locale: Locale, timeZone?: string): string {
  try {
    const date = typeof value === 'string' ? new Date(value) : value;
    // in the reader's zone (docs/decisions/0018) when given, the same on the server and in an island
    const parts = formatter(locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone }).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('day')} ${part('month')} ${part('year')}`;
  } catch {
    return String(value);
  }
}

/** An interview's day as a heading in the reader's zone: 'Monday, 24 November' / 'понедельник, 24 ноября'. */
export function formatMeetingDay(iso: string, locale: Locale, timeZone: string): string {
  return formatter(locale === 'ru' ? 'ru-RU' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(new Date(iso));
}

/** A time of day in the reader's zone: '14:30'. */
export function formatMeetingTime(iso: string, locale: Locale, timeZone: string): string {
  return formatter(locale === 'ru' ? 'ru-RU' : 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** A short moment for lists in the reader's zone: '24 Nov, 14:30' / '24 нояб., 14:30'. */
export function formatMeetingShort(iso: string, locale: Locale, timeZone: string): string {
  return formatter(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** A full moment, as mails give it: '24 November 2026 at 14:30' / '24 ноября 2026 г. в 14:30'. */
export function formatMeetingLong(iso: string | Date, locale: Locale, timeZone: string): string {
  return formatter(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}
