/**
 * The files islands' messages travel in (docs/decisions/0020, src/islands/shared/message-files.ts):
 * written by the build (astro.config.mjs), named by pages.
 */
import { createHash } from 'node:crypto';
import { LOCALES, type Locale } from '../i18n/index.ts';
import { islandMessages, ISLAND_MESSAGES, type IslandName } from '../../islands/messages.ts';
import { rememberMessages, type IslandMessages } from '../../islands/shared/message-files.ts';
import { MESSAGE_FILES_DIR } from '../i18n/message-file-names.ts';

export { MESSAGE_FILES_DIR };

export interface MessageFile {
  url: string;
  body: string;
}

const files = new Map<string, MessageFile>();

/**
 * The module that carries an island's messages to the browser: its name holds a hash of its
 * content, so the build (astro.config.mjs) and the server, each computing it, agree on it, and a
 * changed text is a new file.
 */
export function islandMessageFile(locale: Locale, island: IslandName): MessageFile {
  const key = `${locale} ${island}`;
  let file = files.get(key);
  if (!file) {
    const body = `export default ${JSON.stringify(islandMessages(locale, island))};\n`;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 10);
    file = { url: `${MESSAGE_FILES_DIR}${island.replace('/', '.')}.${locale}.${hash}.js`, body };
    files.set(key, file);
  }
  return file;
}

/** Every island's message file in every language: what the build writes. */
export function allIslandMessageFiles(): MessageFile[] {
  return LOCALES.flatMap((locale) => (Object.keys(ISLAND_MESSAGES) as IslandName[]).map((island) => islandMessageFile(locale, island)));
}

/**
 * What a page passes an island as its `messages`: in the built product the address of their
 * file (docs/decisions/0020), which the island's server render resolves here; under `astro dev`,
 * which has no such files, the messages themselves.
 */
export function islandMessagesProp(locale: Locale, island: IslandName): IslandMessages {
  if (import.meta.env.DEV) return islandMessages(locale, island);
  const { url } = islandMessageFile(locale, island);
  rememberMessages(url, islandMessages(locale, island));
  return url;
}
