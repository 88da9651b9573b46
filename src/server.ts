/**
 * The production entry: one process, one port (decision 0001).
 * Run as `node src/server.ts` after `astro build` (Node strips the types itself).
 *
 * The module hooks are registered before the server's own modules are asked for: a static
 * import graph is resolved whole before any of it runs, so they would come too late for it.
 */
import { registerModuleHooks } from './lib/server/module-hooks.ts';

registerModuleHooks();

await import('./server-main.ts');
