import type { APIContext, APIRoute } from 'astro';
import type * as z from 'zod/mini';
import { describeError, isDatabaseUnavailable, isDataException, logError, logUnavailable, RETRY_AFTER_SECONDS } from './errors.ts';
import { BODY_LIMIT_BYTES } from './body-limits.ts';
import { env } from './env.ts';
import { logger } from './log.ts';

/** An error a client may see: a status, an error key of the translation files, field errors. */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly errors?: Record<string, string>;
  constructor(status: number, key: string, errors?: Record<string, string>) {
    super(key);
    this.status = status;
    this.key = key;
    this.errors = errors;
  }
}

export const unauthorized = () => new AppError(401, 'error.common.unauthorized');
export const forbidden = (key = 'error.common.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'error.common.not_found');
export const tooMany = (key = 'error.common.too_many_requests') => new AppError(429, key);

/** Whether the client takes gzip (every browser does; a script may not). */
export function acceptsGzip(request: Request): boolean {
  return /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
}

/** The headers of `headers` for the same answer sent gzipped. */
export function gzippedHeaders(headers: Headers): Headers {
  const gzipped = new Headers(headers);
  gzipped.set('content-encoding', 'gzip');
  gzipped.delete('content-length');
  gzipped.append('vary', 'Accept-Encoding');
  return gzipped;
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return json(
      { statusCode: error.status, message: error.key, ...(error.errors ? { errors: error.errors } : {}) },
      // the unread rest of a refused body is dropped with the connection, not read to its end
      { status: error.status, headers: error.status === 413 ? { connection: 'close' } : {} },
    );
  }
  // the schemas keep such values out; should one slip through, it is still the client's input
  if (isDataException(error)) {
    logger.warn({ tag: 'api' }, `[api] bad input reached the database: ${describeError(error)}`);
    return errorResponse(new AppError(400, 'error.common.invalid_body'));
  }
  // the database is down or restarting: nothing was decided, the client tries again shortly
  if (isDatabaseUnavailable(error)) {
    logUnavailable('api', error);
    return json(
      { statusCode: 503, message: 'error.common.unavailable' },
      { status: 503, headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
    );
  }
  logError('api', error);
  return json({ statusCode: 500, message: 'error.internal' }, { status: 500 });
}

/** Field errors as { "settings.lang": "validation.lang_invalid" }; the first issue per field wins. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    // zod's own messages (a wrong type, say) are not keys of ours: use the generic one
    errors[field] ??= issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'validation.invalid';
  }
  return errors;
}

export function parse<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError(400, 'error.common.invalid_body', fieldErrors(result.error));
  return result.data;
}

/**
 * More fields than any form or API body has (a bulk action names at most 10,000 candidates, and
 * its limit speaks for itself up to twice that): beyond it a body is refused before it is walked.
 */
export const MAX_FORM_FIELDS = 20_000;

/** Names that would reach Object.prototype through `target[part]` (`__proto__[x]=1`). */
const UNSAFE_PARTS = new Set(['__proto__', 'constructor', 'prototype']);

/** Sets `target[a][b] = value` for a form name such as `settings[lang]`. */
function assignBracketed(target: Record<string, unknown>, name: string, value: unknown) {
  const parts = name.replace(/\]/g, '').split('[');
  if (parts.some((part) => UNSAFE_PARTS.has(part))) throw new AppError(400, 'error.common.invalid_body');
  let node = target;
  parts.forEach((part, i) => {
    const existing = Object.hasOwn(node, part) ? node[part] : undefined;
    if (i === parts.length - 1) {
      // a repeated name grows its list in place: copying it each time is quadratic in the fields
      if (existing === undefined) node[part] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else node[part] = [existing, value];
    } else {
      if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
  });
}

export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let fields = 0;
  for (const [name, value] of form.entries()) {
    if (++fields > MAX_FORM_FIELDS) throw new AppError(400, 'error.common.invalid_body');
    assignBracketed(out, name, value);
  }
  return out;
}

export const bodyTooLarge = (key = 'error.common.body_too_large') => new AppError(413, key);

/**
 * The body's bytes, refusing more than `limit`: by Content-Length before reading anything, else
 * while streaming. The rest of a refused body is never read: the answer closes the connection.
 */
export async function readBytes(request: Request, limit: number, tooLargeKey?: string): Promise<Buffer> {
  if (Number(request.headers.get('content-length')) > limit) throw bodyTooLarge(tooLargeKey);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // the server entry's own cap on a body without Content-Length (see server-main.ts)
      if (error instanceof Error && /size limit/i.test(error.message)) throw bodyTooLarge(tooLargeKey);
      throw new AppError(400, 'error.common.invalid_body');
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => {});
      throw bodyTooLarge(tooLargeKey);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON, urlencoded or multipart body of at most `limit` bytes; a malformed one is a 400, never a 500. */
export async function readBody(request: Request, { limit = BODY_LIMIT_BYTES, tooLargeKey }: { limit?: number; tooLargeKey?: string } = {}): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readBytes(request, limit, tooLargeKey);
  try {
    if (type.includes('application/json')) {
      const text = bytes.toString('utf8');
      if (!text.trim()) return {};
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await new Request(request.url, { method: 'POST', headers: { 'content-type': type }, body: bytes as unknown as BodyInit }).formData();
      return formToObject(form);
    }
    if (!bytes.toString('utf8').trim()) return {};
  } catch {
    throw new AppError(400, 'error.common.invalid_body');
  }
  throw new AppError(415, 'error.common.invalid_body');
}

/** Wraps an endpoint: every thrown AppError becomes its JSON answer, anything else a bare 500. */
export function endpoint(handler: (context: APIContext) => Promise<Response> | Response): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/**
 * The address of the person behind a request: the socket's peer, or, when that peer is a proxy
 * of ours (TRUST_PROXY), the address the proxy put last in X-Forwarded-For. Entries a client
 * wrote itself sit to the left of the proxy's and are never read.
 */
export function clientIp(context: Pick<APIContext, 'clientAddress' | 'request'>): string | undefined {
  let peer: string | undefined;
  try {
    peer = context.clientAddress;
  } catch {
    return undefined;
  }
  if (!peer || !trustedProxy(peer)) return peer;
  const forwarded = context.request.headers.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last && last.length <= 64 && /^[0-9a-fA-F.:]+$/.test(last) ? last : peer;
}

/**
 * A client address as rate limits count it: an IPv6 client is its /64, the block one home or
 * one server is given, so that hopping addresses inside it is one client.
 */
export function clientBucket(ip: string | undefined): string {
  if (ip === undefined) return 'unknown';
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function trustedProxy(peer: string): boolean {
  const setting = env().TRUST_PROXY;
  if (!setting) return false;
  const address = peer.replace(/^::ffff:/, '');
  if (setting === 'loopback') return address === '127.0.0.1' || address === '::1';
  return setting.split(',').some((entry) => entry.trim() === address);
}

/**
 * The headers of a page reached through a secret link in its address (a consent link, a
 * shortlist): no cache keeps it, no other site learns the link, no search engine lists it.
 */
export const SECRET_LINK_HEADERS = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' } as const;

export function setSecretLinkHeaders(headers: Headers): void {
  for (const [name, value] of Object.entries(SECRET_LINK_HEADERS)) headers.set(name, value);
}
