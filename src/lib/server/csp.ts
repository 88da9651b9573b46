/**
 * The page's Content-Security-Policy with only the hashes its own inline scripts and styles need.
 * Astro's header names the hash of every inline style of the whole build (60 on a signed-in
 * page): 3.3–4.9 KB of uncompressed header on every page, which on a slow line pushes the first
 * 14 KB of a response into a second round trip. A hash that matches nothing in the page allows
 * nothing, so dropping it changes what the page may run not at all.
 *
 * The page is read as a browser tokenizes it, as far as that decides where an inline block
 * starts and ends: comments are skipped, attribute values (where Astro leaves `<` and `>` as
 * they are) are read as values, and a script or style element runs to its closing tag. A page
 * that does not read cleanly keeps the whole policy: a dropped hash would stop the page working.
 */
import { createHash } from 'node:crypto';

const HASHED = new Set(['script-src', 'style-src']);
const RAW_TEXT = new Set(['script', 'style']);
const TAG_NAME = /[a-zA-Z][^\s/>]*/y;
const SPACE = /[\s/]*/y;
const ATTRIBUTE_NAME = /[^\s/>=]+/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const CLOSING: Record<string, RegExp> = { script: /<\/script[\s/>]/gi, style: /<\/style[\s/>]/gi };

/** Runs `pattern` (sticky) at `at`: what it matched and where it ended. */
function read(pattern: RegExp, html: string, at: number): { text: string; end: number } {
  pattern.lastIndex = at;
  const match = pattern.exec(html);
  return match ? { text: match[0], end: at + match[0].length } : { text: '', end: at };
}

/**
 * The sha256 CSP sources of every inline <script> (without src) and <style> body in `html`, or
 * undefined when a comment, a tag or such a block is not closed.
 */
export function inlineHashes(html: string): Set<string> | undefined {
  const hashes = new Set<string>();
  let at = 0;
  while ((at = html.indexOf('<', at)) !== -1) {
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      if (end === -1) return undefined;
      at = end + 3;
      continue;
    }
    const name = read(TAG_NAME, html, at + 1);
    if (!name.text) {
      at++;
      continue;
    }
    // the attributes up to the tag's end, values read whole
    const attributes = new Set<string>();
    let i = name.end;
    for (;;) {
      i = read(SPACE, html, i).end;
      if (i >= html.length) return undefined;
      if (html[i] === '>') break;
      const attribute = read(ATTRIBUTE_NAME, html, i);
      attributes.add(attribute.text.toLowerCase());
      i = read(SPACE, html, attribute.end).end;
      if (html[i] !== '=') continue;
      i = read(SPACE, html, i + 1).end;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close === -1) return undefined;
        i = close + 1;
      } else {
        i = read(UNQUOTED_VALUE, html, i).end;
      }
    }
    at = i + 1;
    const tag = name.text.toLowerCase();
    if (!RAW_TEXT.has(tag)) continue;
    const end = closingTag(html, tag, at);
    if (end === -1) return undefined;
    if (!(tag === 'script' && attributes.has('src'))) hashes.add(`'sha256-${createHash('sha256').update(html.slice(at, end)).digest('base64')}'`);
    at = end;
  }
  return hashes;
}

/** Where `</tag` (any case, then a space, `/` or `>`) starts at or after `from`; -1 if nowhere. */
function closingTag(html: string, tag: string, from: number): number {
  const pattern = CLOSING[tag]!;
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

/** `policy` with the script and style hashes that `html` does not use left out. */
export function trimmedPolicy(policy: string, html: string): string {
  const used = inlineHashes(html);
  if (!used) return policy;
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      // without hashes 'unsafe-inline' would take effect: such a directive is left as it is
      if (!name || !HASHED.has(name) || sources.includes("'unsafe-inline'")) return directive;
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-") || used.has(source))].join(' ');
    })
    .join(';');
}
