/**
 * Rendered pages kept until something they show changes (issue 12, docs/decisions/0020).
 *
 * A page that opts in (`Astro.locals.keep`) shows only rows of its viewer's space and the clock
 * to the minute. Every write to a table that pages read notifies `page_data` with the space it
 * touched, or '*' (drizzle/0028_page_notices.sql); this process listens and drops the space's
 * pages. A render stores its page only if no notice for its space (and none for everything)
 * arrived while it ran, and only while the listening connection is up: a lost connection may
 * have lost notices, so it drops every page and keeps none until it listens again. A write this
 * process answered drops its space at once, before the notice comes back, so that whoever made
 * it sees it on the next page.
 */
import { gzip } from 'node:zlib';
import { promisify } from 'node:util';
import pg from 'pg';
import { gzippedHeaders } from './http.ts';
import { logger } from './log.ts';
import { keptPages } from './metrics.ts';
import { singleton } from './singleton.ts';

/** The channel of drizzle/0028_page_notices.sql's triggers. */
const CHANNEL = 'page_data';
/** How often the listening connection is asked whether it still answers, and how long it has to. */
const PROBE_EVERY_MS = 30_000;
const PROBE_WITHIN_MS = 10_000;
/** Every page kept, at most: about 2,000 dashboards of 14 KB each. */
const MAX_BYTES = 32 * 1024 * 1024;
const EVERYTHING = '*';

const gzipped = promisify(gzip);

interface Kept {
  space: string;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The page shows times to the minute (the next interviews, "today"): it lasts to the minute's end. */
  expires: number;
}

interface State {
  pages: Map<string, Kept>;
  bySpace: Map<string, Set<string>>;
  bytes: number;
  /** Counts notices; a render's stamp is its value when the render began. */
  tick: number;
  changedAt: Map<string, number>;
  everythingAt: number;
  listening: boolean;
}

const state = singleton<State>('page-cache', () => ({
  pages: new Map(),
  bySpace: new Map(),
  bytes: 0,
  tick: 0,
  changedAt: new Map(),
  everythingAt: 0,
  listening: false,
}));

function forget(key: string): void {
  const kept = state.pages.get(key);
  if (!kept) return;
  state.pages.delete(key);
  state.bytes -= kept.body.byteLength;
  const keys = state.bySpace.get(kept.space);
  keys?.delete(key);
  if (keys?.size === 0) state.bySpace.delete(kept.space);
}

/** Something in `space` changed ('*': anything may have): its pages are gone, renders under way are not kept. */
export function spaceChanged(space: string): void {
  state.tick += 1;
  if (space === EVERYTHING) {
    state.everythingAt = state.tick;
    state.changedAt.clear();
    state.pages.clear();
    state.bySpace.clear();
    state.bytes = 0;
    return;
  }
  state.changedAt.set(space, state.tick);
  for (const key of state.bySpace.get(space) ?? []) forget(key);
}

/** When a render begins: what `keepPage` compares with to know whether the page is already stale. */
export function pageStamp(): number {
  return state.tick;
}

/** The person's page for `key`, as it was sent, or undefined. */
export function keptPage(key: string): Response | undefined {
  const kept = state.pages.get(key);
  if (!kept) return undefined;
  if (kept.expires <= Date.now()) {
    forget(key);
    return undefined;
  }
  keptPages.inc({ outcome: 'sent' });
  return new Response(kept.body, { status: kept.status, headers: kept.headers });
}

function endOfMinute(now: number): number {
  return (Math.floor(now / 60_000) + 1) * 60_000;
}

/**
 * Sends `response` gzipped and keeps it under `key` for pages of `space`, unless a change in the
 * space arrived since `stamp` or notices are not being heard.
 */
export async function keepPage(key: string, space: string, stamp: number, response: Response): Promise<Response> {
  const headers = gzippedHeaders(response.headers);
  const body = new Uint8Array(await gzipped(await response.text()));
  const fresh = state.listening && state.everythingAt <= stamp && (state.changedAt.get(space) ?? 0) <= stamp;
  keptPages.inc({ outcome: fresh ? 'kept' : 'stale' });
  if (fresh && body.byteLength < MAX_BYTES / 64) {
    forget(key);
    state.pages.set(key, { space, status: response.status, headers: [...headers], body, expires: endOfMinute(Date.now()) });
    state.bytes += body.byteLength;
    let keys = state.bySpace.get(space);
    if (!keys) state.bySpace.set(space, (keys = new Set()));
    keys.add(key);
    // the oldest pages go first (a Map iterates in the order of insertion)
    for (const oldest of state.pages.keys()) {
      if (state.bytes <= MAX_BYTES) break;
      forget(oldest);
    }
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Listens for the notices on a connection of its own, connecting again 1–5 s after it drops.
 * Until it listens, nothing is kept. Called by the server entry; `astro dev` keeps no pages.
 */
export function listenForChanges(url: string, channel = CHANNEL): { stop(): Promise<void> } {
  let stopped = false;
  let client: pg.Client | undefined;
  let delay = 1000;
  let timer: NodeJS.Timeout | undefined;
  // a connection a firewall or a failover dropped without a word looks alive for hours: it is
  // asked a question now and then, and one left unanswered counts as lost
  const probe = setInterval(() => {
    const current = client;
    if (!current || !state.listening) return;
    const silent = setTimeout(() => {
      if (client === current) lost('no answer');
    }, PROBE_WITHIN_MS);
    current.query('select 1').then(
      () => clearTimeout(silent),
      () => clearTimeout(silent),
    );
  }, PROBE_EVERY_MS);
  probe.unref();

  /** Stops listening: every kept page goes (a notice may be lost with the connection), which closes. */
  const hangUp = async () => {
    state.listening = false;
    spaceChanged(EVERYTHING);
    const gone = client;
    client = undefined;
    gone?.removeAllListeners();
    gone?.on('error', () => {});
    await gone?.end().catch(() => {});
  };

  const lost = (why: string) => {
    if (!state.listening && !client) return;
    void hangUp();
    if (stopped) return;
    logger.info({ tag: 'page-cache' }, `[page-cache] not listening (${why}); pages are rendered every time until it listens again`);
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, 5000);
  };

  const connect = async () => {
    timer = undefined;
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: `recruit-page-notices ${process.pid}`,
      connectionTimeoutMillis: 5000,
    });
    client = next;
    next.on('error', (error) => lost(error.message));
    next.on('end', () => lost('connection closed'));
    next.on('notification', (message) => {
      if (message.channel === channel) spaceChanged(message.payload || EVERYTHING);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error instanceof Error ? error.message : String(error));
      return;
    }
    if (stopped || client !== next) return;
    // what changed while nobody listened is unknown: renders begun before now are not kept
    spaceChanged(EVERYTHING);
    state.listening = true;
    delay = 1000;
  };

  void connect();
  return {
    async stop() {
      stopped = true;
      clearInterval(probe);
      if (timer) clearTimeout(timer);
      await hangUp();
    },
  };
}

/** Whether pages are being kept (the listening connection is up): for tests and /metrics. */
export function keepingPages(): boolean {
  return state.listening;
}
