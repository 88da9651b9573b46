import { format } from 'date-fns';
import { enUS } from 'date-fns/locale/en-US';
import { ru } from 'date-fns/locale/ru';
import type { Locale } from './i18n/index.ts';

const LOCALES = { en: enUS, ru };

/**
 * SPEC.md §9's 'dd LLLL yyyy' in the page's language: '21 November 2026', '21 ноября 2026'.
 * After a day number Russian takes the month in the genitive, so the pattern uses MMMM, which
 * is LLLL in English (docs/decisions/0004). A value that will not format shows as it is.
 */
export function formatDate(value: string | Date, locale: Locale, timeZone?: string): string {
  try {
    const date = typeof value === 'string' ? new Date(value) : value;
    if (!timeZone) return format(date, 'dd MMMM yyyy', { locale: LOCALES[locale] });
    // in the reader's zone (docs/decisions/0011), the same on the server and in an island:
    // Intl's long month after a day is the genitive in Russian too
    const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone }).formatToParts(date);
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('day')} ${part('month')} ${part('year')}`;
  } catch {
    return String(value);
  }
}

/** An interview's day as a heading in the reader's zone: 'Monday, 24 November' / 'понедельник, 24 ноября'. */
export function formatMeetingDay(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(new Date(iso));
}

/** A time of day in the reader's zone: '14:30'. */
export function formatMeetingTime(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** A short moment for lists in the reader's zone: '24 Nov, 14:30' / '24 нояб., 14:30'. */
export function formatMeetingShort(iso: string, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));
}

/** A full moment, as mails give it: '24 November 2026 at 14:30' / '24 ноября 2026 г. в 14:30'. */
export function formatMeetingLong(iso: string | Date, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(iso));
}
