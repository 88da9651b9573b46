export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export type Messages = { [key: string]: string | Messages };
/**
 * Translates a dotted key; `count` picks the plural form, `{{name}}` placeholders are filled, and
 * a numeric `{{count}}` is written as the language writes numbers (7,046 or 7 046).
 */
export type T = (key: string, options?: Record<string, string | number | undefined>) => string;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const pluralRules = new Map<Locale, Intl.PluralRules>();
const countFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * A translator over messages in i18next's JSON format (nested keys, `{{name}}` placeholders,
 * plural forms as `key_one`, `key_few`, `key_many`, `key_other` chosen by Intl.PluralRules).
 * Pages and islands share it; islands receive only the sections they use (docs/decisions/0002).
 * A missing key answers the key itself.
 */
export function createT(locale: Locale, messages: Messages): T {
  // an island's translator is made on every server render: the rules and formats are built once,
  // and only when a count first needs them (in a browser, the first Intl object of a kind costs
  // ~10 ms of a phone's main thread, before an island that shows no count could hydrate)
  const plural = (count: number) => {
    let rules = pluralRules.get(locale);
    if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
    return rules.select(count);
  };
  const formatCount = (count: number) => {
    let format = countFormats.get(locale);
    if (!format) countFormats.set(locale, (format = new Intl.NumberFormat(locale)));
    return format.format(count);
  };
  const lookup = (key: string): string | undefined => {
    let node: string | Messages | undefined = messages;
    for (const part of key.split('.')) {
      if (typeof node !== 'object') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  return (key, options = {}) => {
    const count = options.count;
    const value =
      (typeof count === 'number' ? (lookup(`${key}_${plural(count)}`) ?? lookup(`${key}_other`)) : undefined) ?? lookup(key);
    if (value === undefined) return key;
    return value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => (name === 'count' && typeof count === 'number' ? formatCount(count) : String(options[name] ?? '')));
  };
}

const PREFIX: Record<Locale, string> = { en: '', ru: '/ru' };

/** The same page in another locale: '/auth/login' → '/ru/auth/login'. Paths never carry a locale. */
export function localizedPath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefixed = PREFIX[locale] + clean;
  return prefixed.length > 1 && prefixed.endsWith('/') && clean === '/' ? prefixed.slice(0, -1) : prefixed;
}

/** Splits '/ru/auth/login?x' into the locale and the unprefixed path. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const match = /^\/(ru)(\/.*)?$/.exec(pathname);
  if (match && isLocale(match[1])) return { locale: match[1], path: match[2] || '/' };
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}
