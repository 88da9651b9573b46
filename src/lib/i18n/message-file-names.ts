/**
 * The addresses of the islands' message files (docs/decisions/0020), for the build that writes
 * them, the middleware that preloads them and the islands that load them. Nothing here imports
 * React: the server entry reads it before it sets NODE_ENV.
 */

/** Where the build writes the message files, under the client's hashed assets (cached for a year). */
export const MESSAGE_FILES_DIR = '/_astro/i18n/';
/** A message file's address, as a pattern's source: the middleware finds it in a page with it. */
export const MESSAGE_FILE_SOURCE = String.raw`\/_astro\/i18n\/[\w.-]+\.js`;
/** Only the build's message files are ever loaded, whatever a page's head names. */
export const MESSAGE_FILE = new RegExp(`^${MESSAGE_FILE_SOURCE}$`);
