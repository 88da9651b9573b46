import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dynamicImports, eagerModules, messageFiles, provideModuleGraph, readModuleGraph, staticImports, withIslandBootstrapLast, withModulePreload } from '../../src/lib/server/preload.ts';
import { clearSingleton } from '../../src/lib/server/singleton.ts';
import { PRELOAD_MODULES } from '../../src/lib/inline/scripts.mjs';

// a built client as Vite writes it: minified imports, a dynamic import for a dialog
const FILES: Record<string, string> = {
  'Login.js': 'import{a as e}from"./react.js";import{t}from"./api.js";const r=()=>import("./Schema.js");export default e',
  // the largest, as React is in the build
  'react.js': `export const a=1;/*${'x'.repeat(400)}*/`,
  'api.js': 'import"./react.js";export * from "./store.js";export const t=2',
  'store.js': 'export const s=3',
  'Schema.js': 'import{z}from"./zod.js";export const S=z',
  'zod.js': 'export const z=4',
  'Chat.js': 'import{s}from"./store.js";import{x}from"./socket.js";export default s',
  'socket.js': 'export const x=5',
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preload-'));
fs.mkdirSync(path.join(dir, '_astro'));
for (const [name, code] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, '_astro', name), code);
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  clearSingleton('moduleGraph');
});

const island = (client: string, component: string, props = '{&quot;a&quot;:[0,&quot;&gt;&quot;]}') =>
  `<astro-island uid="x" component-url="/_astro/${component}" component-export="default" renderer-url="/_astro/react.js" props="${props}" ssr client="${client}" opts="{}"></astro-island>`;
const MESSAGES = '/_astro/i18n/auth.LoginForm.ru.abc-DEF_12.js';
const withMessages = (file: string, before = '{&quot;locale&quot;:[0,&quot;ru&quot;],') => `${before}&quot;messages&quot;:[0,&quot;${file}&quot;]}`;

/** The modules a page's preload script asks for. */
function preloaded(html: string): string[] {
  const attrs = /<script data-modules="([^"]*)">/.exec(html);
  if (!attrs) throw new Error('no preload script in the page');
  return attrs[1]!.split(' ');
}

describe('the module graph', () => {
  it('finds static imports and re-exports, not dynamic ones', () => {
    expect(staticImports(FILES['api.js']!, '/_astro/api.js').sort()).toEqual(['/_astro/react.js', '/_astro/store.js']);
    expect(staticImports(FILES['Login.js']!, '/_astro/Login.js')).not.toContain('/_astro/Schema.js');
    expect(dynamicImports(FILES['Login.js']!, '/_astro/Login.js')).toEqual(['/_astro/Schema.js']);
  });

  it('gives each module its whole static graph', () => {
    const graph = readModuleGraph(dir);
    expect([...graph.imports.get('/_astro/Login.js')!].sort()).toEqual(['/_astro/Login.js', '/_astro/api.js', '/_astro/react.js', '/_astro/store.js']);
  });
});

describe('modulepreload', () => {
  const graph = readModuleGraph(dir);

  it('preloads the graph of islands that hydrate at load, and nothing of those that wait', () => {
    const html = `<head></head><body>${island('load', 'Login.js')}${island('idle', 'Chat.js')}</body>`;
    const modules = eagerModules(html, graph);
    expect(modules.sort()).toEqual(['/_astro/Login.js', '/_astro/api.js', '/_astro/react.js', '/_astro/store.js']);
    expect(modules).not.toContain('/_astro/socket.js');
    expect(modules).not.toContain('/_astro/Schema.js');
  });

  it('asks for the largest from the head and the rest at the end of the body, once the page has been parsed', () => {
    provideModuleGraph(graph);
    expect(graph.bytes.get('/_astro/react.js')).toBe(Buffer.byteLength(FILES['react.js']!));
    const page = `<!DOCTYPE html><html><head><meta charset="utf-8"><style>b{}</style></head><body>${island('load', 'Login.js')}</body></html>`;
    const out = withModulePreload(page);
    const script = out.slice(out.indexOf('<script'), out.indexOf('</body>'));
    const link = '<link rel="modulepreload" href="/_astro/react.js">';
    expect(out.endsWith('</script></body></html>')).toBe(true);
    expect(out).toContain(`<meta charset="utf-8">${link}<style>`);
    expect(preloaded(out).sort()).toEqual(['/_astro/Login.js', '/_astro/api.js', '/_astro/store.js']);
    expect(script.endsWith(`>${PRELOAD_MODULES}</script>`)).toBe(true);
    // the rest of the page is untouched
    expect(out.replace(script, '').replace(link, '')).toBe(page);
  });

  it('needs no script when the islands need one module only', () => {
    provideModuleGraph(graph);
    const page = `<head><meta charset="utf-8"></head><body>${island('load', 'react.js')}</body>`;
    expect(withModulePreload(page)).toBe(page.replace('<meta charset="utf-8">', '<meta charset="utf-8"><link rel="modulepreload" href="/_astro/react.js">'));
  });

  it('the script adds a link the browser preloads for each module', () => {
    provideModuleGraph(graph);
    const modules = preloaded(withModulePreload(`<head><meta charset="utf-8"></head><body>${island('load', 'Login.js')}</body>`));
    const head: { rel: string; href: string }[] = [];
    const run = new Function('document', PRELOAD_MODULES);
    run({ currentScript: { dataset: { modules: modules.join(' ') } }, createElement: () => ({ rel: '', href: '' }), head: { append: (link: (typeof head)[0]) => head.push(link) } });
    expect(head).toEqual(modules.map((href) => ({ rel: 'modulepreload', href })));
  });

  it('leaves a page without islands as it is', () => {
    provideModuleGraph(graph);
    const page = '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><p>x</p></body></html>';
    expect(withModulePreload(page)).toBe(page);
    const idleOnly = `<head><meta charset="utf-8"></head><body>${island('idle', 'Chat.js')}</body>`;
    expect(withModulePreload(idleOnly)).toBe(idleOnly);
  });
});

describe('message files', () => {
  it('names the file of every island\'s messages, at load or later, each once', () => {
    const html = `${island('load', 'Login.js', withMessages(MESSAGES))}${island('idle', 'Chat.js', withMessages('/_astro/i18n/chat.ChatApp.ru.x1.js', '{'))}${island('load', 'Login.js', withMessages(MESSAGES))}`;
    expect(messageFiles(html)).toEqual([MESSAGES, '/_astro/i18n/chat.ChatApp.ru.x1.js']);
  });

  it('takes no address from what a person wrote, nor from messages given as they are', () => {
    // a name that holds the key and a file name arrives with its quotes escaped
    const spoof = `{&quot;name&quot;:[0,&quot;x\\&quot;,\\&quot;messages\\&quot;:[0,\\&quot;${MESSAGES}\\&quot;]&quot;]}`;
    const inline = '{&quot;messages&quot;:[0,{&quot;app&quot;:[0,{}]}]}';
    const elsewhere = `<p>{&quot;messages&quot;:[0,&quot;${MESSAGES}&quot;]}</p>`;
    expect(messageFiles(island('load', 'Login.js', spoof) + island('load', 'Login.js', inline) + elsewhere)).toEqual([]);
    expect(messageFiles(island('load', 'Login.js', withMessages('/_astro/i18n/../../x.js')))).toEqual([]);
  });

  it('lists them in the head, marked for the islands to load', () => {
    provideModuleGraph(readModuleGraph(dir));
    const page = `<head><meta charset="utf-8"></head><body>${island('idle', 'Chat.js', withMessages(MESSAGES))}</body>`;
    const out = withModulePreload(page);
    expect(out).toBe(page.replace('<meta charset="utf-8">', `<meta charset="utf-8"><link rel="modulepreload" href="${MESSAGES}" data-messages>`));
  });

  it('lists them without the module graph too: without them the islands would not hydrate', () => {
    clearSingleton('moduleGraph');
    const page = `<head><meta charset="utf-8"></head><body>${island('load', 'Login.js', withMessages(MESSAGES))}</body>`;
    expect(withModulePreload(page)).toBe(page.replace('<meta charset="utf-8">', `<meta charset="utf-8"><link rel="modulepreload" href="${MESSAGES}" data-messages>`));
  });

  it('lists them in the head however late the modules are asked for: every island reads them there before it hydrates', () => {
    provideModuleGraph(readModuleGraph(dir));
    const out = withModulePreload(`<head><meta charset="utf-8"></head><body>${island('load', 'Login.js', withMessages(MESSAGES))}</body>`);
    expect(out).toContain(`<meta charset="utf-8"><link rel="modulepreload" href="${MESSAGES}" data-messages><link rel="modulepreload" href="/_astro/react.js"></head>`);
    expect(preloaded(out).sort()).toEqual(['/_astro/Login.js', '/_astro/api.js', '/_astro/store.js']);
  });
});

describe("Astro's island bootstrap", () => {
  // as Astro writes it before the first island (abridged)
  const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
  const LOAD = '<script>(()=>{var e=async t=>{await(await t())()};(self.Astro||(self.Astro={})).load=e;window.dispatchEvent(new Event("astro:load"));})();</script>';
  const RUNTIME = '<script>(()=>{var a=1;a<2&&customElements.get("astro-island")||customElements.define("astro-island",f)})();</script>';
  const page = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"><style>b{}</style></head><body><header>Top</header><main>${body}</main><script data-modules="/_astro/a.js">x</script></body></html>`;

  it('moves its style to the end of the head and its scripts to the end of the body, in their order', () => {
    const out = withIslandBootstrapLast(page(`<h1>Log in</h1>${STYLE}${LOAD}${RUNTIME}${island('load', 'Login.js')}<p>Register</p>`));
    expect(out).toBe(
      `<!DOCTYPE html><html><head><meta charset="utf-8"><style>b{}</style>${STYLE}</head><body><header>Top</header><main><h1>Log in</h1>${island('load', 'Login.js')}<p>Register</p></main><script data-modules="/_astro/a.js">x</script>${LOAD}${RUNTIME}</body></html>`,
    );
  });

  it('leaves other inline scripts where they are, and a page without islands as it is', () => {
    const own = '<script>(()=>{document.body.dataset.x="1"})();</script>';
    const out = withIslandBootstrapLast(page(`${STYLE}${LOAD}${own}${RUNTIME}${island('load', 'Login.js')}`));
    expect(out).toContain(`<main>${own}${RUNTIME}<astro-island`);
    expect(out).toContain(`</script>${LOAD}</body>`);
    const plain = page('<p>x</p>');
    expect(withIslandBootstrapLast(plain)).toBe(plain);
  });

  it("has the islands start as soon as the definition runs, not at DOMContentLoaded: their start tags lose `await-children`, their props keep what was written", () => {
    const waiting = (props: string) => island('load', 'Login.js', props).replace(' ssr ', ' ssr await-children ');
    const props = '{&quot;a&quot;:[0,&quot;x\' await-children=\'&quot;]}';
    const out = withIslandBootstrapLast(page(`${STYLE}${LOAD}${RUNTIME}${waiting(props)}<p>between</p>${waiting('{}')}`));
    expect(out.replace(/props="[^"]*"/g, '')).not.toContain('await-children');
    expect(out).toContain(`props="${props}"`);
    expect(out).toContain(`${island('load', 'Login.js', props)}<p>between</p>${island('load', 'Login.js', '{}')}`);
    // without the definition moved there is nothing to change
    const unmoved = page(`${STYLE}${waiting('{}')}`);
    expect(withIslandBootstrapLast(unmoved)).toContain(waiting('{}'));
  });

  it('leaves a fragment without a head or a body as it is', () => {
    const fragment = `${STYLE}${LOAD}${RUNTIME}${island('load', 'Login.js')}`;
    expect(withIslandBootstrapLast(fragment)).toBe(fragment);
  });
});
