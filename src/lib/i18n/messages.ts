import en from './en.json' with { type: 'json' };
import ru from './ru.json' with { type: 'json' };
import { createT, type Locale, type Messages, type T } from './index.ts';

export const messages: Record<Locale, Messages> = { en, ru };

const cache = new Map<Locale, T>();

/** The full translator of a locale, for pages, mail and the API. */
export function translator(locale: Locale): T {
  let t = cache.get(locale);
  if (!t) {
    t = createT(locale, messages[locale]);
    cache.set(locale, t);
  }
  return t;
}

/** The top-level sections an island needs, so it ships only those strings. */
export function pick(locale: Locale, sections: string[]): Messages {
  const all = messages[locale];
  return Object.fromEntries(sections.filter((s) => s in all).map((s) => [s, all[s]!]));
}
