/**
 * What the server says of an unexpected error, in its logs and in its answer. A log line names
 * the error and where it happened, never the values involved: drizzle puts a failed query's
 * parameters (password hashes, e-mail addresses, tokens) in its message, and PostgreSQL quotes
 * the offending value in its own.
 */
import { logger } from './log.ts';

interface PgLike {
  code?: string;
  severity?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

/** The PostgreSQL error behind `error`, whether drizzle wrapped it or not. */
function pgError(error: unknown): PgLike | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as PgLike).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgLike;
  }
  return undefined;
}

/** PostgreSQL's SQLSTATE of the error ('23505' for a unique violation), if it came from there. */
export function pgCode(error: unknown): string | undefined {
  return pgError(error)?.code;
}

/** Class 22, "data exception": a value PostgreSQL could not take (a NUL, an overflow, a bad date). */
export function isDataException(error: unknown): boolean {
  return pgCode(error)?.startsWith('22') ?? false;
}

/** The stack's frames only: its head repeats the message, over several lines for drizzle's. */
function frames(error: Error): string {
  return (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 5)
    .join('\n');
}

/** One log entry for an error: its kind, its PostgreSQL code and place, and its stack frames. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return `non-error thrown (${typeof error})`;
  const pg = pgError(error);
  if (pg) {
    const where = [pg.table && `table=${pg.table}`, pg.column && `column=${pg.column}`, pg.constraint && `constraint=${pg.constraint}`, pg.routine && `routine=${pg.routine}`]
      .filter(Boolean)
      .join(' ');
    return `database error ${pg.code}${where ? ` ${where}` : ''}\n${frames(error)}`;
  }
  // drizzle's wrapper quotes the query; the driver's error it wraps (a lost connection) says what happened
  const cause = (error as { cause?: unknown }).cause;
  const named = error.message.startsWith('Failed query') && cause instanceof Error ? cause : error;
  // the messages of our own code and of node (ECONNREFUSED, a TypeError) carry no request values
  const code = (named as { code?: unknown }).code;
  return `${named.name}${typeof code === 'string' ? ` ${code}` : ''}: ${named.message.split('\n')[0]!.slice(0, 200)}\n${frames(error)}`;
}

/** Logs an unexpected error under a tag, without the values it carried. */
export function logError(tag: string, error: unknown): void {
  logger.error({ tag }, `[${tag}] ${describeError(error)}`);
}

/** Node's socket errors of a database that cannot be reached. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that is there but cannot serve: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, after a crash, starting up or recovering) and
 * 53300 (no connection slot left).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** node-postgres' own words for a connection that broke or never came. */
const UNREACHABLE_MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed|Cannot use a pool after calling end/i;

/**
 * Whether `error` says the database cannot be reached, rather than that a query was wrong:
 * that is a 503 to try again, not a 500, and never a reason to think a session is gone.
 * drizzle wraps the driver's error in its own (`cause`); node wraps the attempts at several
 * addresses in an AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const look = (e: unknown, depth: number): boolean => {
    if (!e || typeof e !== 'object' || depth > 5 || seen.has(e)) return false;
    seen.add(e);
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (e instanceof Error && UNREACHABLE_MESSAGES.test(e.message.split('\n')[0]!)) return true;
    const nested = (e as { errors?: unknown }).errors;
    if (Array.isArray(nested) && nested.some((inner) => look(inner, depth + 1))) return true;
    return look((e as { cause?: unknown }).cause, depth + 1);
  };
  return look(error, 0);
}

/** Seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

let quietUntil = 0;
let quieted = 0;

/**
 * Logs that the database cannot be reached, through logError, at most every 10 seconds: an
 * outage under load is one line every few seconds with a count, not one per request.
 */
export function logUnavailable(tag: string, error: unknown): void {
  const now = Date.now();
  if (now < quietUntil) {
    quieted++;
    return;
  }
  if (quieted) logger.error({ tag }, `[${tag}] ${quieted} more answers of 503 while the database could not be reached`);
  quieted = 0;
  quietUntil = now + 10_000;
  logError(tag, error);
}
