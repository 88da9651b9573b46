/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The page's locale, from its URL; for the API, from the user or the request. */
    locale: import('./lib/i18n/index.ts').Locale;
    /** The path without its locale prefix. */
    path: string;
    user?: import('./lib/server/auth/sessions.ts').UserRow;
    session?: import('./lib/server/auth/sessions.ts').SessionRow;
    authVia?: 'bearer' | 'cookie';
    /** Set when the page asked for failed: what the failure page says. */
    failure?: 'unavailable' | 'internal';
    /** The address the failure page's Try again leads to: the page that failed. */
    retryTo?: string;
    /**
     * Set by a page (or an API answer) that shows only rows of its viewer's space and the clock
     * to the minute: the middleware keeps it until the space changes (src/lib/server/page-cache.ts).
     */
    keep?: boolean;
  }
}
