/**
 * Preloads for every module an island that hydrates at load needs (issue 12). Without them the
 * browser finds an island's imports one level at a time: the component, then its chunks, then
 * theirs, a round trip each (150 ms and more on a slow phone line). Islands that hydrate on idle
 * or on visibility are left out, so that they do not compete for the line with what the page
 * needs first.
 *
 * The largest of those modules (React, on every island page of a built product) is a link in the
 * head: it is the one whose arrival decides when the islands can hydrate, and on a slow line it
 * takes longer to arrive than the page takes to be parsed and painted, so it should set off with
 * the first byte.
 * The others are asked for by a small inline script at the end of the body (PRELOAD_MODULES):
 * as links in the head, each was a request started and an answer handled on the slowed main
 * thread while the page was still being parsed and laid out, before its first paint. Measured
 * in turns on slow 4G (decision 0020): all in the head against all at the end, the login page's
 * largest paint 1.40 → 0.96 s (tenth session); React's link in the head against all at the end,
 * interactive 0.10–0.19 s earlier on five island pages of six (eleventh session).
 * The islands' message files stay links in the head too: every island reads them there before
 * it hydrates, also one whose modules came from the cache before the parser reached the script.
 *
 * The graph is read from the built client files once, at start (src/server-main.ts); `astro dev`
 * has none and its pages go out unchanged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getSingleton, singleton } from './singleton.ts';
import { MESSAGE_FILE_SOURCE } from '../i18n/message-file-names.ts';
import { PRELOAD_MODULES } from '../inline/scripts.mjs';

export interface ModuleGraph {
  /** Module URL ('/_astro/x.js') → it and every module it imports statically, transitively. */
  imports: ReadonlyMap<string, readonly string[]>;
  /** Module URL → its size in bytes, as built (uncompressed). */
  bytes: ReadonlyMap<string, number>;
}

// static imports and re-exports only (minified or not); never `import("./a.js")`, which loads later
const STATIC_IMPORTS = [
  /(?:^|[^\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*(["'])([^"'\n]+)\1/g,
  /(?:^|[^\w$.])import\s*(["'])([^"'\n]+)\1/g,
  /(?:^|[^\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1/g,
];
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\(\s*(["'`])([^"'`\n]+)\1\s*\)/g;

/** The relative or absolute URLs a module imports statically, resolved against its own URL. */
export function staticImports(code: string, moduleUrl: string): string[] {
  return resolved(code, moduleUrl, STATIC_IMPORTS);
}

/** The URLs a module loads with `import("…")`: on a click or later, not before the page works. */
export function dynamicImports(code: string, moduleUrl: string): string[] {
  return resolved(code, moduleUrl, [DYNAMIC_IMPORT]);
}

function resolved(code: string, moduleUrl: string, patterns: RegExp[]): string[] {
  const base = new URL(moduleUrl, 'http://x');
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[2]!;
      // a bare specifier would need an import map, which this app has none of
      if (!/^(\.{0,2}\/)/.test(specifier)) continue;
      const url = new URL(specifier, base);
      found.add(url.origin === base.origin ? url.pathname : url.href);
    }
  }
  return [...found];
}

/** The graph of the built client's modules (`dist/client`), each with its transitive imports. */
export function readModuleGraph(clientDir: string): ModuleGraph {
  const direct = new Map<string, string[]>();
  const bytes = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.m?js$/.test(entry.name)) {
        const url = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
        const code = fs.readFileSync(file, 'utf8');
        direct.set(url, staticImports(code, url));
        bytes.set(url, Buffer.byteLength(code));
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir);
  const imports = new Map<string, string[]>();
  for (const url of direct.keys()) {
    const seen = new Set<string>();
    const visit = (at: string) => {
      if (seen.has(at)) return;
      seen.add(at);
      for (const next of direct.get(at) ?? []) visit(next);
    };
    visit(url);
    imports.set(url, [...seen]);
  }
  return { imports, bytes };
}

const KEY = 'moduleGraph';

/** Called once by the production entry; the middleware's copy of this module sees it too. */
export function provideModuleGraph(graph: ModuleGraph): void {
  singleton(KEY, () => graph);
}

const ISLAND = /<astro-island\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = (name: string) => new RegExp(`\\s${name}="([^"]*)"`);

/** The modules the islands hydrating at load need, in the order the browser should ask for them. */
export function eagerModules(html: string, graph: ModuleGraph): string[] {
  const modules = new Set<string>();
  for (const [, attrs] of html.matchAll(ISLAND)) {
    if (ATTRIBUTE('client').exec(attrs!)?.[1] !== 'load') continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = ATTRIBUTE(name).exec(attrs!)?.[1]?.replace(/&amp;/g, '&');
      if (!url) continue;
      for (const module of graph.imports.get(url) ?? [url]) modules.add(module);
    }
  }
  return [...modules];
}

// an island's `messages` prop when it names the file they travel in (src/islands/shared/message-files.ts);
// a quote inside a value is escaped (\&quot;), so text a person wrote cannot pose as the key
const MESSAGES_PROP = new RegExp(`[{,]&quot;messages&quot;:\\[0,&quot;(${MESSAGE_FILE_SOURCE})&quot;\\]`);

/** The message files of the page's islands, hydrating at load or later: each waits for them. */
export function messageFiles(html: string): string[] {
  const files = new Set<string>();
  for (const [, attrs] of html.matchAll(ISLAND)) {
    const props = ATTRIBUTE('props').exec(attrs!)?.[1];
    const file = props && MESSAGES_PROP.exec(props)?.[1];
    if (file) files.add(file);
  }
  return [...files];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The page with its preloads: the islands' message files, without which they would not hydrate,
 * and the largest module of its islands as links right after the charset, the rest of the
 * modules asked for by a script at the end of the body (modules only when the server knows the
 * build's graph; message files on any page).
 */
export function withModulePreload(html: string): string {
  const graph = getSingleton<ModuleGraph>(KEY);
  const modules = graph ? eagerModules(html, graph) : [];
  const messages = messageFiles(html);
  if (modules.length === 0 && messages.length === 0) return html;
  const size = (url: string) => graph?.bytes.get(url) ?? 0;
  const largest = modules.reduce<string | undefined>((found, url) => (found === undefined || size(url) > size(found) ? url : found), undefined);
  const rest = modules.filter((url) => url !== largest);
  let page = html;
  if (rest.length > 0) {
    const script = `<script data-modules="${attribute(rest.join(' '))}">${PRELOAD_MODULES}</script>`;
    const end = page.lastIndexOf('</body>');
    page = end === -1 ? page + script : page.slice(0, end) + script + page.slice(end);
  }
  const links =
    messages.map((url) => `<link rel="modulepreload" href="${attribute(url)}" data-messages>`).join('') +
    (largest ? `<link rel="modulepreload" href="${attribute(largest)}">` : '');
  const charset = /<meta charset="?utf-8"?>/i.exec(page);
  const at = charset ? charset.index + charset[0].length : page.indexOf('<head>') + '<head>'.length;
  return at > 0 ? page.slice(0, at) + links + page.slice(at) : page;
}

/** The attribute in an island's start tag, not inside a quoted value (the props hold what people wrote). */
const AWAIT_CHILDREN = /("[^"]*"|'[^']*')|\sawait-children(?:="")?(?=[\s/]|$)/g;
/** What Astro writes before a page's first island: islands laid out as their content. */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
/** Astro's inline scripts after that style: a hydration directive's (`astro:load`), the element's definition. */
const isIslandBootstrap = (code: string) => /^\(\(\)=>\{/.test(code) && (/new Event\("astro:\w+"\)/.test(code) || code.includes('customElements.define("astro-island"'));

/**
 * The page with Astro's island bootstrap moved out of the body's middle: its style to the end of
 * the head, its scripts to the end of the body. Where Astro writes them, before the first island,
 * an inline script that has not run yet is where Chromium's parser stops to give a page that has
 * not painted its first paint: on a slow phone the top of the page was painted, then the rest (the
 * island, often the largest element) a whole layout later. Without that stop the parser yields
 * only on its time budget, and the page is more often painted in one piece (decision 0020,
 * fourteenth session: the largest paint earlier in 12 of 15 comparisons in turns). The
 * islands start hydrating when the parser has reached the end, which comes before their modules
 * do on any line slower than the machine; a page with no island goes out unchanged.
 */
export function withIslandBootstrapLast(html: string): string {
  const at = html.indexOf(ISLAND_STYLE);
  if (at === -1) return html;
  const scripts: string[] = [];
  let next = at + ISLAND_STYLE.length;
  while (html.startsWith('<script>', next)) {
    const end = html.indexOf('</script>', next);
    if (end === -1 || !isIslandBootstrap(html.slice(next + '<script>'.length, end))) break;
    scripts.push(html.slice(next, end + '</script>'.length));
    next = end + '</script>'.length;
  }
  const page = html.slice(0, at) + html.slice(next);
  const head = page.indexOf('</head>');
  const body = page.lastIndexOf('</body>');
  if (head === -1 || body === -1 || head > at) return html;
  // `await-children` has an island defined while the parser is still in the document wait for its
  // closing comment, long parsed when the definition runs last: it would then wait for
  // DOMContentLoaded, that is for every module script of the page (the header's among them),
  // before it even asked for its own modules
  const between = page.slice(head, body);
  const islands = scripts.length > 0 ? between.replace(ISLAND, (_tag, attrs: string) => `<astro-island${attrs.replace(AWAIT_CHILDREN, (_found, quoted?: string) => quoted ?? '')}>`) : between;
  return page.slice(0, head) + ISLAND_STYLE + islands + scripts.join('') + page.slice(body);
}

