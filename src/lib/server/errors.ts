/**
 * What the server says of an unexpected error, in its logs and in its answer. A log line names
 * the error and where it happened, never the values involved: drizzle puts a failed query's
 * parameters (password hashes, e-mail addresses, tokens) in its message, and PostgreSQL quotes
 * the offending value in its own.
 */

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
  // the messages of our own code and of node (ECONNREFUSED, a TypeError) carry no request values
  const code = (error as { code?: unknown }).code;
  return `${error.name}${typeof code === 'string' ? ` ${code}` : ''}: ${error.message.split('\n')[0]!.slice(0, 200)}\n${frames(error)}`;
}

/** Logs an unexpected error under a tag, without the values it carried. */
export function logError(tag: string, error: unknown): void {
  console.error(`[${tag}] ${describeError(error)}`);
}
