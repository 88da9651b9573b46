/**
 * The product's log: one JSON object per line on stdout (pino), each with the id of the request
 * it belongs to, and a job's lines with the id of the request that queued it, so that one
 * request can be followed from its answer into the mails it caused (issue 16, item 7).
 *
 * Nothing personal is logged: messages name what happened, not the values; the redaction below
 * is the second line of defence for a field someone adds later.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { singleton } from './singleton.ts';

export interface LogContext {
  requestId: string;
  /** The route's pattern ('/api/v1/candidates/[id]'), set by the middleware: the metrics' label. */
  route?: string;
  jobId?: string;
}

// one of each per process: the server entry and Astro's bundle each load this module
export const logContext = singleton('log-context', () => new AsyncLocalStorage<LogContext>());

const SECRET_KEYS = ['password', 'oldPassword', 'newPassword', 'token', 'accessToken', 'refreshToken', 'code', 'hash', 'email', 'phone', 'authorization', 'cookie'];

export const logger = singleton('logger', () =>
  pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  messageKey: 'msg',
  redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
  mixin() {
    const context = logContext.getStore();
    if (!context) return {};
    return context.jobId ? { requestId: context.requestId, jobId: context.jobId } : { requestId: context.requestId };
  },
  }),
);

/** A request id a client or proxy sent, when it is a plain token; else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{8,100}$/.test(value) ? value : randomUUID();
}

/** The request id of the work under way, if any (a job carries it into its payload). */
export function currentRequestId(): string | undefined {
  return logContext.getStore()?.requestId;
}
