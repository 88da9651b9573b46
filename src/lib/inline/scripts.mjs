// Inline scripts of our own, in one place: the CSP in astro.config.mjs hashes exactly these texts.

/** Keeps the browser's i18nextLng (SPEC.md §1) equal to the page's language. */
export const SYNC_LANGUAGE = "try{localStorage.setItem('i18nextLng',document.documentElement.lang)}catch{}";

/**
 * Reports the page's errors to the product (issue 16, item 7; SPEC.md §9's sampling): every
 * error of every session, and the page views of one session in ten, which give the errors a
 * denominator. Inline, so that it catches the first errors and delays neither DOMContentLoaded
 * nor hydration (a module script would do both on a slow line). Only the path leaves the page,
 * never its query (secret links keep their tokens there); five reports a page at most. Islands
 * report what their error boundary caught through `recruitReport`.
 * @param {string} release the build's version and commit
 */
export function reportErrors(release) {
  return (
    "(function(){try{var s=sessionStorage,v=s.getItem('rs'),n=0;if(!v)s.setItem('rs',v=Math.random()<.1?'1':'0');" +
    "var f=function(k,e){n++<5&&navigator.sendBeacon('/api/v1/client-errors',new Blob([JSON.stringify({kind:k,page:location.pathname," +
    `release:${JSON.stringify(release)},` +
    "sampled:v>'0',message:String(e&&e.message||e||'').slice(0,500),stack:String(e&&e.stack||'').slice(0,4000)})],{type:'application/json'}))};" +
    "window.recruitReport=function(e){f('render',e)};onerror=function(m,u,l,c,e){f('error',e||m)};onunhandledrejection=function(e){f('rejection',e.reason)};" +
    "v>'0'&&f('view','')}catch(e){}})()"
  );
}
