import { sql } from 'drizzle-orm';
import { getDb, type Executor } from './db/index.ts';
import { tooMany } from './http.ts';

/**
 * Counts one hit for `key` in a fixed window; true while the count stays within `limit`.
 * Kept in the database so that every process of the product shares it. Given a transaction,
 * the hit counts only if that transaction commits: a request refused later spends nothing.
 */
export async function hit(key: string, limit: number, windowSeconds: number, executor?: Executor): Promise<boolean> {
  const db = executor ?? (await getDb());
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count)
    values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
    on conflict (key, window_start) do update set count = rate_limits.count + 1
    returning count`);
  return Number(result.rows[0]!.count) <= limit;
}

/** Deletes windows that have ended (none is longer than a day); the job queue runs it hourly. */
export async function deleteEndedWindows(executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
  return result.rowCount ?? 0;
}

/**
 * Counts one call against each of `checks` (key, most calls per window), every one atomically;
 * a 429 with `key` once any of them is passed.
 */
export async function limit(checks: [key: string, max: number][], windowSeconds: number, key?: string): Promise<void> {
  const results = await Promise.all(checks.map(([name, max]) => hit(name, max, windowSeconds)));
  if (results.includes(false)) throw tooMany(key);
}
