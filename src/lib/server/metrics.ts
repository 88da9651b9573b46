/**
 * Prometheus metrics at /metrics (prom-client): requests by route and status with their
 * latency, job queue depth and failures, sockets connected and the database pool (issue 16,
 * item 7). Route labels are the routes' patterns, never raw paths, so that ids do not make a
 * new series each.
 */
import { timingSafeEqual } from 'node:crypto';
import type http from 'node:http';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import { getDb } from './db/index.ts';
import { singleton } from './singleton.ts';

export interface Gauges {
  sockets?: () => number;
  pool?: () => { total: number; idle: number; waiting: number };
}

/** The metrics of this process: one set, though the server entry and Astro's bundle both load this module. */
function makeMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'recruit_' });

  const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

  const requests = new client.Counter({
    name: 'recruit_http_requests_total',
    help: 'HTTP answers by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });

  const errors = new client.Counter({
    name: 'recruit_http_errors_total',
    help: 'HTTP answers of 4xx and 5xx by status and route pattern',
    labelNames: ['status', 'route'] as const,
    registers: [registry],
  });

  const latency = new client.Histogram({
    name: 'recruit_http_request_duration_seconds',
    help: 'Time to the end of the answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  const jobFailures = new client.Counter({
    name: 'recruit_job_failures_total',
    help: 'Failed job runs by task and whether the queue retries or gave up',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });

  const keptPages = new client.Counter({
    name: 'recruit_kept_pages_total',
    help: 'Pages that may be kept (docs/decisions/0020): sent as kept, rendered and kept, or rendered and not kept (changed meanwhile, notices not heard)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  /** Records one answer. */
  function observeRequest(method: string, route: string, status: number, seconds: number): void {
    const verb = METHODS.has(method) ? method : 'OTHER';
    requests.inc({ method: verb, route, status: String(status) });
    if (status >= 400) errors.inc({ status: String(status), route });
    latency.observe({ method: verb, route }, seconds);
  }

  const gauges: Gauges = {};

  /** The server entry hands over its socket server and pool once they exist. */
  function provideGauges(more: Gauges): void {
    Object.assign(gauges, more);
  }

  new client.Gauge({
    name: 'recruit_sockets_connected',
    help: 'Sockets connected to this process',
    registers: [registry],
    collect() {
      this.set(gauges.sockets?.() ?? 0);
    },
  });

  new client.Gauge({
    name: 'recruit_db_pool_connections',
    help: "The database pool's connections by state",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = gauges.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  new client.Gauge({
    name: 'recruit_jobs',
    help: 'Jobs in the queue by task and state (waiting, running, failed: the queue gave up)',
    labelNames: ['task', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const db = await getDb();
        const { rows } = await db.execute<{ task: string; state: string; count: number }>(sql`
          select task_identifier as task,
            case when attempts >= max_attempts then 'failed' when locked_at is not null then 'running' else 'waiting' end as state,
            count(*)::int as count
          from graphile_worker.jobs group by 1, 2`);
        for (const row of rows) this.set({ task: row.task, state: row.state }, row.count);
      } catch {
        // the database is away: the scrape still answers, without the queue's figures
      }
    },
  });

  return { registry, observeRequest, jobFailures, keptPages, provideGauges };
}

export const { registry, observeRequest, jobFailures, keptPages, provideGauges } = singleton('metrics', makeMetrics);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request may read the metrics: from this machine directly (not through a proxy,
 * which would make every visitor look local), or with the METRICS_TOKEN as a bearer token.
 */
export function mayReadMetrics(req: http.IncomingMessage, token: string | undefined): boolean {
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (token && bearer) {
    const [a, b] = [Buffer.from(bearer), Buffer.from(token)];
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const proxied = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined || req.headers['x-real-ip'] !== undefined;
  return !proxied && LOOPBACK.has(req.socket.remoteAddress ?? '');
}
