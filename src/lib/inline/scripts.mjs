// Inline scripts of our own, in one place: the CSP in astro.config.mjs hashes exactly these texts.

/** Keeps the browser's i18nextLng (SPEC.md §1) equal to the page's language. */
export const SYNC_LANGUAGE = "try{localStorage.setItem('i18nextLng',document.documentElement.lang)}catch{}";
