import i18next, { type TFunction } from 'i18next';

export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export type Messages = { [key: string]: string | Messages };
export type T = TFunction;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A translator over the given messages; islands receive only the parts they need. */
export function createT(locale: Locale, messages: Messages): T {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t;
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
