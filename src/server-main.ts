/**
 * The server itself, loaded by `src/server.ts` once Node's module hooks are in place: node:http
 * serves the built static files and the uploads, hands everything else to Astro's handler, and
 * carries socket.io at /ws.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ConfigError, env } from './lib/server/env.ts';
import { closeDatabase, openDatabase, provideDatabase } from './lib/server/db/index.ts';
import { attachRealtime } from './lib/server/realtime.ts';
import { createStaticHandler } from './lib/server/static.ts';
import { storage } from './lib/server/storage.ts';
import { bodyLimitFor } from './lib/server/body-limits.ts';
import { provideModuleGraph, readModuleGraph } from './lib/server/preload.ts';
import { logError } from './lib/server/errors.ts';
import { logContext, logger, requestIdFrom, type LogContext } from './lib/server/log.ts';
import { mayReadMetrics, observeRequest, provideGauges, registry } from './lib/server/metrics.ts';
import { listenForChanges } from './lib/server/page-cache.ts';

// called without `next`, Astro renders its own 404 page (through the middleware) for unknown paths
type AstroHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** Up to this much of a refused body is read and dropped before the connection closes. */
const DRAINED_BYTES = 16 * 1024 * 1024;
const DRAIN_MS = 10_000;
const DRAIN_IDLE_MS = 1_000;

/**
 * A body announced larger than its endpoint takes is refused before a byte of it is parsed, and
 * the connection closed. A client still sending when the connection closes gets a broken pipe
 * instead of the answer, so a body of up to 16 MB is read to its end and dropped first, while
 * it keeps coming (for at most 10 s); a larger one is never read. A body without Content-Length is
 * capped while it is read (`capUnannouncedBody`).
 */
function refuseLargeBody(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const length = Number(req.headers['content-length']);
  if (!(length > 0)) return false;
  const pathname = (req.url ?? '/').split('?')[0]!;
  const { limit, key } = bodyLimitFor(pathname);
  if (length <= limit) return false;
  const api = pathname.startsWith('/api/');
  const body = api ? JSON.stringify({ statusCode: 413, message: key }) : 'Payload Too Large';
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    'content-type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    connection: 'close',
  });
  if (length > DRAINED_BYTES) {
    res.end(body);
    return true;
  }
  // the whole answer goes out now; the connection closes once the body is in, or when the
  // client stops sending for a second (it may never have meant to), or after 10 s in all
  res.write(body);
  const drop = () => res.destroy();
  const idle = setTimeout(drop, DRAIN_IDLE_MS).unref();
  const all = setTimeout(drop, DRAIN_MS).unref();
  const close = () => {
    clearTimeout(idle);
    clearTimeout(all);
    res.end();
  };
  req.on('data', () => idle.refresh());
  req.once('end', close);
  req.once('error', close);
  req.resume();
  return true;
}

/**
 * A body sent without Content-Length (chunked) is counted as Astro reads it and cut off past its
 * endpoint's limit. The adapter's own cap is one number for every path, the uploads' 10 MB, and a
 * page that reads its form with `request.formData()` has no other: a chunked post to any page was
 * read up to 10 MB. Astro's Node adapter takes `req.body`, when it is an async iterable, as the
 * body. Past the limit the read fails: the API answers 413 (`readBytes`), a page as for a form it
 * could not read; either way the rest is never read and the connection closes after the answer.
 */
function capUnannouncedBody(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): void {
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return;
  const { limit } = bodyLimitFor(pathname);
  async function* capped(): AsyncGenerator<Uint8Array> {
    let received = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      received += chunk.byteLength;
      if (received > limit) {
        res.shouldKeepAlive = false;
        // the message readBytes knows as the server's cap
        throw new Error(`Body size limit exceeded: received more than ${limit} bytes`);
      }
      yield chunk;
    }
  }
  (req as http.IncomingMessage & { body?: AsyncIterable<Uint8Array> }).body = capped();
}

/**
 * Headers every answer carries, pages, API, files and errors alike. The page's own script and
 * style policy is Astro's <meta> (astro.config.mjs); what a <meta> cannot say is said here.
 */
function headersForEveryAnswer(publicUrl: string): [string, string][] {
  const headers: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['content-security-policy', "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"],
    // consent links carry their token in the query: it never leaves the site in a Referer
    ['referrer-policy', 'same-origin'],
    ['cross-origin-opener-policy', 'same-origin'],
    ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
  ];
  if (publicUrl.startsWith('https:')) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/** The metrics' route label of an answer Astro did not give (built files, uploads, a refused body). */
function routeOfFile(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return '/_astro/*';
  if (pathname.startsWith('/uploads/')) return '/uploads/*';
  if (pathname.startsWith('/ws/')) return '/ws';
  return pathname.startsWith('/api/') ? '/api/*' : 'static';
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// The built pages import React at run time (it is external to Astro's server bundle), and React
// picks its development build unless NODE_ENV says otherwise: three times the CPU a page costs,
// and a CPU profile full of react-dom-server.node.development.js (issue 12). Set before the
// entry is imported, below; an explicit NODE_ENV still wins.
process.env.NODE_ENV ??= 'production';

/**
 * Astro loads a page's module (and everything it imports) on the page's first request, which
 * made the first request to each page after a start take 1–2.5 s (issue 12). Every module the
 * entry imports on demand is loaded here instead, before the server listens.
 */
async function loadPageModules(entryFile: string): Promise<void> {
  const source = await fs.readFile(entryFile, 'utf8');
  const chunks = [...new Set([...source.matchAll(/import\(\s*["'](\.\/chunks\/[^"']+\.mjs)["']\s*\)/g)].map((m) => m[1]!))];
  const started = performance.now();
  for (const chunk of chunks) await import(pathToFileURL(path.join(path.dirname(entryFile), chunk)).href);
  logger.info({ tag: 'start' }, `[start] ${chunks.length} page modules loaded in ${Math.round(performance.now() - started)} ms`);
}

async function main() {
  const config = env();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    log: (line) => logger.info({ tag: 'db' }, `[db] ${line}`),
  });
  provideDatabase(database);
  const changes = listenForChanges(database.url);
  const entryFile = path.join(root, 'dist/server/entry.mjs');
  const { handler } = (await import(pathToFileURL(entryFile).href)) as { handler: AstroHandler };
  await loadPageModules(entryFile);
  // before the first request: a mail queued by it goes out at once. Loaded here, after the
  // configuration passed: a bad setting stops the start without loading the queue and its tasks.
  // After the page modules: loading them keeps the event loop busy for seconds on a loaded
  // machine, long enough for the queue's first connections to time out, which left it idle
  const { startWorker } = await import('./lib/server/worker.ts');
  const worker = await startWorker(database.url);
  provideModuleGraph(readModuleGraph(path.join(root, 'dist/client')));
  const serveStatic = createStaticHandler({
    clientDir: path.join(root, 'dist/client'),
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
    store: await storage(),
  });

  const securityHeaders = headersForEveryAnswer(config.PUBLIC_URL);
  const server = http.createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const context: LogContext = { requestId: requestIdFrom(req.headers['x-request-id']) };
    res.setHeader('x-request-id', context.requestId);
    logContext.run(context, () => answer(req, res, context));
  });

  const answer = (req: http.IncomingMessage, res: http.ServerResponse, context: LogContext) => {
    const pathname = req.url?.split('?')[0] ?? '/';
    const started = performance.now();
    res.once('finish', () => {
      const route = context.route ?? routeOfFile(pathname);
      const seconds = (performance.now() - started) / 1000;
      observeRequest(req.method ?? 'GET', route, res.statusCode, seconds);
      // a listener runs outside the request's context: the id is named here
      const entry = { tag: 'http', requestId: context.requestId, method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) };
      const line = `[http] ${req.method} ${route} answered ${res.statusCode}`;
      if (res.statusCode >= 500) logger.error(entry, line);
      else if (res.statusCode >= 400) logger.info(entry, line);
      else logger.debug(entry, line);
    });
    if (pathname === '/metrics') {
      if (!mayReadMetrics(req, config.METRICS_TOKEN)) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not Found');
        return;
      }
      context.route = '/metrics';
      registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
        (error: unknown) => {
          logError('metrics', error);
          res.writeHead(500, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('metrics failed');
        },
      );
      return;
    }
    if (pathname === '/healthz') {
      context.route = '/healthz';
      database.pool
        .query('select 1')
        .then(() => {
          res.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('ok');
        })
        .catch(() => {
          res.writeHead(503, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('database unavailable');
        });
      return;
    }
    if (refuseLargeBody(req, res)) return;
    capUnannouncedBody(req, res, pathname);
    serveStatic(req, res, () => void handler(req, res));
  };
  server.keepAliveTimeout = 65_000;
  const io = await attachRealtime(server);
  provideGauges({
    sockets: () => io.engine.clientsCount,
    pool: () => ({ total: database.pool.totalCount, idle: database.pool.idleCount, waiting: database.pool.waitingCount }),
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  logger.info({ tag: 'start' }, `Recruit is serving ${config.PUBLIC_URL} (listening on ${config.HOST}:${config.PORT})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ tag: 'stop' }, `${signal}: closing sockets, the job queue and the database`);
    const forced = setTimeout(() => process.exit(1), 15_000);
    forced.unref();
    // io.close() waits (through server.close) for every busy connection to end: a request under
    // way gets a few seconds, then its connection is cut, so the database still closes in time
    const cut = setTimeout(() => server.closeAllConnections(), 5_000);
    // a job under way finishes or, after a few seconds, is handed back to the queue for a retry
    await Promise.all([new Promise<void>((resolve) => io.close(() => resolve())), worker.stop().catch((error: unknown) => logError('jobs', error))]);
    clearTimeout(cut);
    server.closeAllConnections();
    await changes.stop();
    await closeDatabase();
    clearTimeout(forced);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  // a setting that stops the start is said to the person starting it, as plain text
  if (error instanceof ConfigError) console.error(error.message);
  else logError('start', error);
  void closeDatabase().finally(() => process.exit(1));
});
