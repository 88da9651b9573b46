/**
 * The page's Content-Security-Policy with only the hashes its own inline scripts and styles need.
 * Astro's header names the hash of every inline style of the whole build (60 on a signed-in
 * page): 3.3–4.9 KB of uncompressed header on every page, which on a slow line pushes the first
 * 14 KB of a response into a second round trip. A hash that matches nothing in the page allows
 * nothing, so dropping it changes what the page may run not at all.
 */
import { createHash } from 'node:crypto';

const HASHED = new Set(['script-src', 'style-src']);

/** The sha256 CSP sources of every inline <script> (without src) and <style> body in `html`. */
export function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const tag of ['script', 'style']) {
    const open = `<${tag}`;
    const close = `</${tag}>`;
    for (let at = html.indexOf(open); at !== -1; at = html.indexOf(open, at + 1)) {
      const next = html[at + open.length];
      if (next !== '>' && next !== ' ' && next !== '\n' && next !== '\t') continue;
      const start = html.indexOf('>', at);
      const end = start === -1 ? -1 : html.indexOf(close, start);
      if (end === -1) break;
      if (tag === 'script' && /\ssrc=/.test(html.slice(at, start))) continue;
      hashes.add(`'sha256-${createHash('sha256').update(html.slice(start + 1, end)).digest('base64')}'`);
      at = end;
    }
  }
  return hashes;
}

/** `policy` with the script and style hashes that `html` does not use left out. */
export function trimmedPolicy(policy: string, html: string): string {
  const used = inlineHashes(html);
  return policy
    .split(';')
    .map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name || !HASHED.has(name)) return directive;
      return [name, ...sources.filter((source) => !source.startsWith("'sha256-") || used.has(source))].join(' ');
    })
    .join(';');
}
