/**
 * Reports the page's errors to the product (issue 16, item 7; SPEC.md §9's sampling): every
 * error of every session, and the page views of one session in ten, which give the errors a
 * denominator. Only the path leaves the page, never its query (secret links keep their tokens
 * there); at most five reports a page. Islands report what their error boundary caught through
 * `window.recruitReport` (a render error never reaches window.onerror).
 */
export {};

declare global {
  interface Window {
    recruitReport?: (error: unknown) => void;
  }
}

const SAMPLED_KEY = 'recruit-sampled';
const MAX_REPORTS = 5;

function sampledSession(): boolean {
  try {
    let value = sessionStorage.getItem(SAMPLED_KEY);
    if (value === null) sessionStorage.setItem(SAMPLED_KEY, (value = Math.random() < 0.1 ? '1' : '0'));
    return value === '1';
  } catch {
    return false;
  }
}

const sampled = sampledSession();
const release = document.querySelector<HTMLMetaElement>('meta[name=release]')?.content ?? '';
let sent = 0;

function send(kind: 'error' | 'rejection' | 'render' | 'view', error: unknown): void {
  if (sent++ >= MAX_REPORTS || !navigator.sendBeacon) return;
  const { message, stack } = (error ?? {}) as { message?: unknown; stack?: unknown };
  const body = {
    kind,
    page: location.pathname,
    release,
    sampled,
    message: String(message ?? error ?? '').slice(0, 500),
    stack: String(stack ?? '').slice(0, 4000),
  };
  navigator.sendBeacon('/api/v1/client-errors', new Blob([JSON.stringify(body)], { type: 'application/json' }));
}

window.recruitReport = (error) => send('render', error);
addEventListener('error', (event) => send('error', event.error ?? { message: event.message }));
addEventListener('unhandledrejection', (event) => send('rejection', event.reason));
if (sampled) send('view', { message: '' });
