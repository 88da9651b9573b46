import { useMemo } from 'react';
import { createT, localizedPath, type Locale, type Messages, type T } from '../../lib/i18n/index.ts';

/** Every island receives its locale and the message sections it uses. */
export interface IslandProps {
  locale: Locale;
  messages: Messages;
}

export function useT({ locale, messages }: IslandProps): { t: T; href: (path: string) => string } {
  return useMemo(() => ({ t: createT(locale, messages), href: (path: string) => localizedPath(path, locale) }), [locale, messages]);
}
