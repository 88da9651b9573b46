import { sql } from 'drizzle-orm';
import { getDb, type Executor } from './db/index.ts';
import { tooMany } from './http.ts';

const DAY = 86_400;

/**
 * Counts one hit for `key`; true while the count stays within `limit`. Kept in the database so
 * that every process of the product shares it. Given a transaction, the hit counts only if that
 * transaction commits: a request refused later spends nothing.
 *
 * A window shorter than a day slides: the count is the current window's hits plus the previous
 * window's (at most `limit` of them: tries refused then spent nothing), weighted by how much of
 * that window still lies within one window's length of now. With fixed windows alone, `limit`
 * tries just before a boundary and `limit` more just after it all passed, twice what the limit
 * allows. A day's limit stays the calendar day's (UTC), as the messages that cite it say
 * ("reminded today", "try again tomorrow"): a sliding day would hold a once-a-day action of
 * yesterday against all of today.
 */
export async function hit(key: string, limit: number, windowSeconds: number, executor?: Executor): Promise<boolean> {
  return (await countHit(key, limit, windowSeconds, executor)).count <= limit;
}

async function countHit(key: string, limit: number, windowSeconds: number, executor?: Executor): Promise<{ count: number; windowStart: string }> {
  const db = executor ?? (await getDb());
  // one statement: the current window's count is raised atomically, the previous one only read
  const result = await db.execute<{ count: number; window_start: string; previous: number; elapsed: number }>(sql`
    with counted as (
      insert into rate_limits (key, window_start, count)
      values (${key}, to_timestamp(floor(extract(epoch from now()) / ${windowSeconds}) * ${windowSeconds}), 1)
      on conflict (key, window_start) do update set count = rate_limits.count + 1
      returning count, window_start)
    select counted.count, counted.window_start::text as window_start,
      coalesce((select p.count from rate_limits p
        where p.key = ${key} and p.window_start = counted.window_start - make_interval(secs => ${windowSeconds})), 0) as previous,
      extract(epoch from now() - counted.window_start) / ${windowSeconds} as elapsed
    from counted`);
  const row = result.rows[0]!;
  const count = Number(row.count);
  if (windowSeconds >= DAY) return { count, windowStart: row.window_start };
  const overlap = Math.max(0, 1 - Number(row.elapsed));
  return { count: count + Math.min(Number(row.previous), limit) * overlap, windowStart: row.window_start };
}

/**
 * One try of something a guesser would repeat (a password), counted before it is checked, so
 * that tries sent at once are counted too: a 429 once more than `max` were made in the window.
 * Answers a function that takes the try back, for a try that proved to be the owner's: only
 * failed tries then stay counted.
 */
export async function countTry(key: string, max: number, windowSeconds: number, tooManyKey?: string): Promise<() => Promise<void>> {
  const { count, windowStart } = await countHit(key, max, windowSeconds);
  if (count > max) throw tooMany(tooManyKey);
  return async () => {
    const db = await getDb();
    await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and window_start = ${windowStart}::timestamptz and count > 0`);
  };
}

/**
 * Deletes windows that no longer count (none is longer than a day, and a window is read until
 * the one after it has ended); the job queue runs it hourly.
 */
export async function deleteEndedWindows(executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const result = await db.execute(sql`delete from rate_limits where window_start < now() - interval '2 days'`);
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

/** Forgets the counts of the keys named and of every key starting with one of `prefixes`. */
export async function clearLimits(keys: string[], prefixes: string[] = [], executor?: Executor): Promise<void> {
  const db = executor ?? (await getDb());
  const named = keys.length ? sql`key in (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})` : sql`false`;
  const started = prefixes.length ? sql.join(prefixes.map((p) => sql`starts_with(key, ${p})`), sql` or `) : sql`false`;
  await db.execute(sql`delete from rate_limits where ${named} or ${started}`);
}
