/**
 * Node 24's loader reads the nearest package.json of every `.js` file it loads, to learn the
 * file's format, and parses it whole each time. drizzle-orm's is 179 KB and the server loads 108
 * of its modules: about 1.1 s of every start, seen in a CPU profile as package_json_reader's
 * `get` and `getPackageScopeConfig` (the rest of drizzle loads in 0.1 s). Its files are ES
 * modules throughout (`"type": "module"`, no package.json below its root), so a relative import
 * from one of its files to another is resolved here, to the same address Node would give,
 * without that lookup. Everything else is left to Node. (date-fns, the other package with such a
 * package.json, is bundled into the pages instead: astro.config.mjs.)
 */
import { registerHooks, type ResolveHookSync } from 'node:module';

const ES_MODULE_PACKAGES = ['/node_modules/drizzle-orm/'];

const within = (url: string) => ES_MODULE_PACKAGES.find((folder) => url.includes(folder));

export const resolveInsideEsPackages: ResolveHookSync = (specifier, context, nextResolve) => {
  const parent = context.parentURL;
  if (parent?.startsWith('file:') && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) {
    const folder = within(parent);
    const url = folder && new URL(specifier, parent).href;
    if (url && within(url) === folder) return { url, format: 'module', shortCircuit: true };
  }
  return nextResolve(specifier, context);
};

/** Before the first import of drizzle-orm, and once per process. */
export function registerModuleHooks(): void {
  registerHooks({ resolve: resolveInsideEsPackages });
}
