// Inline scripts of our own, in one place: the CSP in astro.config.mjs hashes exactly these texts.

/**
 * Keeps the browser's i18nextLng (SPEC.md §1) equal to the page's language. After the load, not
 * in the head: the first touch of localStorage in a page waits for the browser to read it, main
 * thread time that came before the first paint (issue 12), and nothing of ours reads the key.
 */
export const SYNC_LANGUAGE =
  "addEventListener('load',function(){try{localStorage.setItem('i18nextLng',document.documentElement.lang)}catch(e){}})";

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
  // sessionStorage, which holds whether this session is sampled, is read on the first report or
  // after the load, never before the first paint (see SYNC_LANGUAGE); where it is blocked the
  // session is not sampled and errors are still reported. A page left before its load counts
  // no view
  return (
    "(function(){try{var v,n=0,r=function(){if(!v)try{var s=sessionStorage;v=s.getItem('rs');if(!v)s.setItem('rs',v=Math.random()<.1?'1':'0')}catch(e){v='0'}return v>'0'};" +
    "var f=function(k,e){n++<5&&navigator.sendBeacon('/api/v1/client-errors',new Blob([JSON.stringify({kind:k,page:location.pathname," +
    `release:${JSON.stringify(release)},` +
    "sampled:r(),message:String(e&&e.message||e||'').slice(0,500),stack:String(e&&e.stack||'').slice(0,4000)})],{type:'application/json'}))};" +
    "window.recruitReport=function(e){f('render',e)};onerror=function(m,u,l,c,e){f('error',e||m)};onunhandledrejection=function(e){f('rejection',e.reason)};" +
    "addEventListener('load',function(){try{r()&&f('view','')}catch(e){}})}catch(e){}})()"
  );
}

/**
 * Asks for an island page's modules once the parser has reached the end of the body, where the
 * middleware puts it (src/lib/server/preload.ts) with their addresses in `data-modules`. As
 * `<link rel="modulepreload">` in the head, found by the preload scanner as soon as the HTML
 * arrived, they came back while the slowed main thread was still parsing and laying out the
 * page: every arriving module is a task and a compile, and the first paint waited for them
 * (issue 12, decision 0020).
 */
export const PRELOAD_MODULES =
  "for(const u of document.currentScript.dataset.modules.split(' ')){const l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.append(l)}";
