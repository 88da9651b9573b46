/**
 * Starts loading what a later click needs once every island of the page has hydrated and the
 * browser is idle, so that the click seldom waits for the line, and the page's own islands never
 * wait behind it (the header's socket and Chats dot load this way too). Nothing happens on the server.
 */
export function whenIdle(load: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  // a failure shows when the click asks again
  const attempt = () => idle(() => (document.querySelector('astro-island[ssr]') ? setTimeout(attempt, 250) : void load().catch(() => {})));
  attempt();
}
