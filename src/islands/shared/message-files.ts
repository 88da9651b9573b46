import { use } from 'react';
import type { Messages } from '../../lib/i18n/index.ts';
import { MESSAGE_FILE } from '../../lib/i18n/message-file-names.ts';

/**
 * What a page gives an island as its messages: the messages themselves, or the address of the
 * file they travel in (docs/decisions/0020). The strings of a list page's island are 2–4 KB
 * gzipped, and in the page's HTML they went down the line again with every load, past the
 * 14 KB of the first round trip; in a file with its content's hash in its name the browser
 * keeps them. The server knows each file by the messages it rendered with; the browser loads
 * every file the page's head names (the middleware lists them, src/lib/server/preload.ts)
 * before any island of the page hydrates.
 */
export type IslandMessages = Messages | string;

const known = new Map<string, Messages>();
const loading = new Map<string, Promise<Messages>>();

/** On the server: the messages a file holds, for the island's render. */
export function rememberMessages(url: string, messages: Messages): void {
  known.set(url, messages);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The file's messages; a failed load (a flaky line) is tried again every 1–5 s until it comes. */
function load(url: string): Promise<Messages> {
  let found = loading.get(url);
  if (!found) {
    found = (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          // a failed module fetch may stay failed under its address: each retry asks anew
          const module = (await import(/* @vite-ignore */ attempt ? `${url}?retry=${attempt}` : url)) as { default: Messages };
          known.set(url, module.default);
          return module.default;
        } catch {
          await pause(Math.min(1000 * (attempt + 1), 5000));
        }
      }
    })();
    loading.set(url, found);
  }
  return found;
}

/**
 * The messages an island renders with. In the browser a file that has not come yet suspends the
 * island: its server HTML stays as it is until the file arrives, and then it hydrates.
 */
export function messagesOf(value: IslandMessages): Messages {
  if (typeof value !== 'string') return value;
  const messages = known.get(value);
  if (messages) return messages;
  if (typeof document === 'undefined' || !MESSAGE_FILE.test(value)) throw new Error(`The island messages ${value} are not loaded`);
  return use(load(value));
}

// every island module imports this one, so no island renders before its messages are here, or
// have failed once (then messagesOf waits for them)
if (typeof document !== 'undefined') {
  const urls = Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-messages]'), (link) => link.getAttribute('href') ?? '');
  await Promise.race([Promise.allSettled(urls.filter((url) => MESSAGE_FILE.test(url)).map((url) => import(/* @vite-ignore */ url).then((module: { default: Messages }) => known.set(url, module.default)))), pause(10_000)]);
}
