import type { Locale } from './i18n/index.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the page's language writes it (150,000 or 150 000), the formatter made once per
 * language and options: building an Intl.NumberFormat costs far more than using one, and pages
 * built one per render (2 % of the vacancy preview's server CPU, issue 12).
 */
export function numberFormat(locale: Locale, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let found = formats.get(key);
  if (!found) formats.set(key, (found = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US', options)));
  return found;
}

/** The header bell's badge: two digits at most, so it covers the bell's corner and no more. */
export function badgeCount(count: number): string {
  if (!(count > 0)) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}
