/**
 * Webhooks (issue 16 item 6, docs/decisions/0028): a company registers HTTPS endpoints for
 * events; every event of its space becomes, in the transaction of the change, one delivery row
 * and one job per subscribed endpoint. The job POSTs the JSON body signed Stripe-style
 * (`X-Recruit-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`) and, when the
 * endpoint fails, queues its next try itself with a growing delay, so that the log shows each try.
 * Bodies carry ids and non-personal fields only: the receiver reads the rest through the API.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { addJob } from './jobs.ts';
import { env } from './env.ts';
import { AppError, forbidden, notFound, tooMany } from './http.ts';
import { hit } from './ratelimit.ts';
import { logger } from './log.ts';
import { ROLE } from '../schemas/auth.ts';
import { WEBHOOK_EVENTS } from '../schemas/webhook.ts';
import type { UserRow } from './users.ts';
import type { WebhookDeliveryStatus } from './db/schema.ts';
import { isUuid } from '../uuid.ts';

export { WEBHOOK_EVENTS };
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What "send test" sends: every endpoint takes it, subscribed or not. */
export const TEST_EVENT = 'webhook.test';

export const MAX_ENDPOINTS_PER_SPACE = 10;
export const MAX_URL_LENGTH = 2000;
/** Read of an endpoint's answer at most: the rest is not waited for. */
const RESPONSE_CAP_BYTES = 64 * 1024;
/** The longest delay between two tries, whatever the base. */
const MAX_RETRY_DELAY_MS = 6 * 3600_000;
/** Deliveries the log shows per endpoint. */
const LOG_LIMIT = 50;

/** The fields an event carries: ids, stage numbers, scores, times; never names or addresses. */
export type WebhookData = Record<string, string | number | boolean | null>;

export function isWebhookEvent(value: unknown): value is WebhookEvent {
  return typeof value === 'string' && (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

function allowHttp(): boolean {
  return env().WEBHOOKS_ALLOW_HTTP === '1';
}

const blocked = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(address, prefix, 'ipv4');
// besides the private and link-local ranges, every form that can carry an IPv4 address inside
// (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64, 6to4, Teredo) and the
// deprecated site-local range, which some networks still route (attack review, ninth session)
for (const [address, prefix] of [
  ['::', 96], ['::ffff:0:0:0', 96], ['100::', 64], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16],
  ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(address, prefix, 'ipv6');
const loopback = new net.BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** The IPv4 address of an IPv4-mapped IPv6 one (::ffff:10.0.0.1, ::ffff:a00:1), else undefined. */
function ipv4Mapped(address: string): string | undefined {
  // (a BlockList's ::ffff:0:0/96 rule would match every IPv4 address too, so the form is read here)
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1).toLowerCase();
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an address may be called: public ones always, loopback only when the setting allows. */
export function addressAllowed(address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  // an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one
  if (family === 'ipv6') {
    const mapped = ipv4Mapped(address);
    if (mapped) return addressAllowed(mapped);
  }
  if (allowHttp() && loopback.check(address, family)) return true;
  return !blocked.check(address, family);
}

/** The endpoint's URL, checked: https (http only when allowed), no credentials, no private literal address. */
export function checkEndpointUrl(value: unknown): string {
  const invalid = () => new AppError(400, 'error.common.invalid_body', { url: 'webhooks.error.url' });
  if (typeof value !== 'string') throw invalid();
  const text = value.trim();
  if (!text || text.length > MAX_URL_LENGTH || /[\u0000-\u001f\s]/.test(text)) throw invalid();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid();
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowHttp())) throw invalid();
  if (url.username || url.password || url.hash) throw invalid();
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && !addressAllowed(host)) throw invalid();
  if (/^localhost\.?$/i.test(host) && !allowHttp()) throw invalid();
  return url.toString();
}

export interface EndpointDto {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

function endpointDto(row: typeof schema.webhookEndpoints.$inferSelect): EndpointDto {
  return { id: row.id, url: row.url, events: row.events, createdAt: row.createdAt.toISOString() };
}

function requireCompany(user: UserRow): string {
  if (user.role !== ROLE.COMPANY || !user.spaceId) throw forbidden();
  return user.spaceId;
}

export async function listEndpoints(user: UserRow): Promise<EndpointDto[]> {
  const spaceId = requireCompany(user);
  const db = await getDb();
  const rows = await db.select().from(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.spaceId, spaceId)).orderBy(schema.webhookEndpoints.createdAt);
  return rows.map(endpointDto);
}

/** Makes an endpoint; its secret is in this answer only. At most MAX_ENDPOINTS_PER_SPACE per space. */
export async function createEndpoint(user: UserRow, input: { url: unknown; events: unknown }): Promise<EndpointDto & { secret: string }> {
  const spaceId = requireCompany(user);
  const url = checkEndpointUrl(input.url);
  const list = Array.isArray(input.events) ? input.events : [input.events];
  if (!list.length || list.length > WEBHOOK_EVENTS.length || !list.every(isWebhookEvent)) {
    throw new AppError(400, 'error.common.invalid_body', { events: 'webhooks.error.events' });
  }
  const events = WEBHOOK_EVENTS.filter((e) => list.includes(e));
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    // the space's row lock makes count-then-insert one step for concurrent requests
    await tx.execute(sql`select id from ${schema.spaces} where id = ${spaceId} for update`);
    const [{ count }] = (await tx.execute<{ count: number }>(sql`select count(*)::int as count from ${schema.webhookEndpoints} where space_id = ${spaceId}`)).rows as [{ count: number }];
    if (count >= MAX_ENDPOINTS_PER_SPACE) throw new AppError(409, 'webhooks.error.limit_reached');
    const [created] = await tx.insert(schema.webhookEndpoints).values({ spaceId, url, secret, events, createdBy: user.id }).returning();
    return created!;
  });
  return { ...endpointDto(row), secret };
}

async function ownEndpoint(user: UserRow, id: string): Promise<typeof schema.webhookEndpoints.$inferSelect> {
  const spaceId = requireCompany(user);
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(schema.webhookEndpoints).where(and(eq(schema.webhookEndpoints.id, id), eq(schema.webhookEndpoints.spaceId, spaceId)));
  if (!row) throw notFound();
  return row;
}

export async function deleteEndpoint(user: UserRow, id: string): Promise<void> {
  const row = await ownEndpoint(user, id);
  const db = await getDb();
  // its deliveries go with it; a job still queued finds no row and does nothing
  await db.delete(schema.webhookEndpoints).where(eq(schema.webhookEndpoints.id, row.id));
}

export interface DeliveryDto {
  id: string;
  event: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  lastError: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

export async function listDeliveries(user: UserRow, endpointId: string): Promise<DeliveryDto[]> {
  const endpoint = await ownEndpoint(user, endpointId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.webhookDeliveries)
    .where(eq(schema.webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(schema.webhookDeliveries.createdAt), desc(schema.webhookDeliveries.id))
    .limit(LOG_LIMIT);
  return rows.map(deliveryDto);
}

function deliveryDto(r: typeof schema.webhookDeliveries.$inferSelect): DeliveryDto {
  return {
    id: r.id,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    lastError: r.lastError,
    lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function sendTest(user: UserRow, endpointId: string): Promise<DeliveryDto> {
  const endpoint = await ownEndpoint(user, endpointId);
  const db = await getDb();
  // the delivery as committed, queued: its job may be done before a read after the commit
  return db.transaction(async (tx) => {
    if (!(await hit(`webhook-test:${endpoint.id}`, TESTS_PER_ENDPOINT, TEST_WINDOW_SECONDS, tx))) throw tooMany();
    const id = await queueDelivery(tx, endpoint.spaceId, endpoint.id, TEST_EVENT, { endpointId: endpoint.id });
    const [row] = await tx.select().from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, id));
    return deliveryDto(row!);
  });
}

/** Test deliveries per endpoint in TEST_WINDOW_SECONDS: each may hold a worker for its timeout. */
export const TESTS_PER_ENDPOINT = 10;
const TEST_WINDOW_SECONDS = 600;

/**
 * A space's deliveries go out one at a time (one queue per space): an endpoint that never answers
 * holds one of the worker's places for its timeout, never all of them, so everyone's sign-up
 * codes and mails keep going (120 tests of a silent endpoint had held them up three minutes).
 */
async function queueDelivery(tx: Executor, spaceId: string, endpointId: string, type: string, data: WebhookData): Promise<string> {
  const id = randomUUID();
  const body = JSON.stringify({ id, type, createdAt: new Date().toISOString(), data });
  await tx.insert(schema.webhookDeliveries).values({ id, endpointId, event: type, body });
  await addJob(tx, 'webhook', { deliveryId: id }, { maxAttempts: 3, queueName: `webhooks:${spaceId}` });
  return id;
}

/**
 * One delivery row and one job per endpoint of the space subscribed to `type`, in the caller's
 * transaction: the event goes out exactly when the change that caused it was committed.
 */
export async function queueWebhookEvents(tx: Executor, spaceId: string, type: WebhookEvent, data: WebhookData): Promise<void> {
  const endpoints = await tx
    .select({ id: schema.webhookEndpoints.id })
    .from(schema.webhookEndpoints)
    .where(and(eq(schema.webhookEndpoints.spaceId, spaceId), sql`${type} = any(${schema.webhookEndpoints.events})`));
  for (const endpoint of endpoints) await queueDelivery(tx, spaceId, endpoint.id, type, data);
}

/** The name features call an event by (the careers page's applications). */
export const emitEvent = queueWebhookEvents;

/** The signature header's value for `body` at `timestamp` (seconds). */
export function signature(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The DNS answer is checked too, and the checked address is the one connected to (no rebinding in between). */
const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((a) => !addressAllowed(a.address));
    if (refused || !list.length) return callback(Object.assign(new Error(`refused address ${refused?.address ?? '(none)'}`), { code: 'EREFUSED_ADDRESS' }), '', 4);
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

interface Outcome {
  status?: number;
  error?: string;
}

function post(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !addressAllowed(host)) return resolve({ error: 'refused address' });
    if (target.protocol !== 'https:' && !(target.protocol === 'http:' && allowHttp())) return resolve({ error: 'https only' });
    const client = target.protocol === 'https:' ? https : http;
    const timeout = env().WEBHOOK_TIMEOUT_MS;
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = client.request(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup, timeout },
      (response) => {
        // redirects are not followed: a 3xx is a failed try like any other non-2xx
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_CAP_BYTES) {
            response.destroy();
            done({ status: response.statusCode });
          }
        });
        response.on('end', () => done({ status: response.statusCode }));
        response.on('error', () => done({ status: response.statusCode }));
      },
    );
    // the whole exchange, not only an idle socket, is bounded
    const timer = setTimeout(() => {
      request.destroy(new Error('timed out'));
    }, timeout);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error: Error & { code?: string }) => done({ error: (error.code === 'EREFUSED_ADDRESS' ? error.message : error.code ?? error.message).slice(0, 300) }));
    request.end(body);
  });
}

/** The delay before try `attempt + 1` after `attempt` failed ones. */
export function retryDelayMs(attempt: number): number {
  return Math.min(env().WEBHOOK_RETRY_BASE_MS * 4 ** (attempt - 1), MAX_RETRY_DELAY_MS);
}

/** The `webhook` job: one try of one delivery; a failed one queues the next try itself. */
export async function runDelivery(deliveryId: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ delivery: schema.webhookDeliveries, endpoint: schema.webhookEndpoints })
    .from(schema.webhookDeliveries)
    .innerJoin(schema.webhookEndpoints, eq(schema.webhookEndpoints.id, schema.webhookDeliveries.endpointId))
    .where(eq(schema.webhookDeliveries.id, deliveryId));
  // deleted with its endpoint, or already settled (a job repeated after a crash)
  if (!row || row.delivery.status === 'succeeded' || row.delivery.status === 'failed') return;
  const { delivery, endpoint } = row;
  const timestamp = Math.floor(Date.now() / 1000);
  const outcome = await post(
    endpoint.url,
    {
      'content-type': 'application/json',
      'user-agent': 'Recruit-Webhooks/1',
      'x-recruit-event': delivery.event,
      'x-recruit-delivery': delivery.id,
      'x-recruit-signature': signature(endpoint.secret, timestamp, delivery.body),
    },
    delivery.body,
  );
  const ok = outcome.status !== undefined && outcome.status >= 200 && outcome.status < 300;
  const attempts = delivery.attempts + 1;
  const last = ok || attempts >= env().WEBHOOK_MAX_ATTEMPTS;
  const status: WebhookDeliveryStatus = ok ? 'succeeded' : last ? 'failed' : 'retrying';
  await db.transaction(async (tx) => {
    await tx
      .update(schema.webhookDeliveries)
      .set({
        status,
        attempts,
        responseStatus: outcome.status ?? null,
        lastError: ok ? null : (outcome.error ?? `HTTP ${outcome.status}`),
        lastAttemptAt: new Date(),
      })
      .where(eq(schema.webhookDeliveries.id, delivery.id));
    if (!last) await addJob(tx, 'webhook', { deliveryId: delivery.id }, { maxAttempts: 3, runAt: new Date(Date.now() + retryDelayMs(attempts)) });
  });
  if (!ok) logger.info({ tag: 'webhooks', deliveryId, attempts, status: outcome.status, error: outcome.error }, `[webhooks] try ${attempts} failed`);
}
