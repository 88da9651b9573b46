import type { Messages } from '../../lib/i18n/index.ts';

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

/** On the server: the messages a file holds, for the island's render. */
export function rememberMessages(url: string, messages: Messages): void {
  known.set(url, messages);
}

export function messagesOf(value: IslandMessages): Messages {
  if (typeof value !== 'string') return value;
  const messages = known.get(value);
  if (!messages) throw new Error(`The island messages ${value} are not loaded`);
  return messages;
}

// every island module imports this one, so no island renders before its messages are here
if (typeof document !== 'undefined') {
  await Promise.all(
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[data-messages]'), async (link) => {
      const url = link.getAttribute('href')!;
      known.set(url, ((await import(/* @vite-ignore */ url)) as { default: Messages }).default);
    }),
  );
}
