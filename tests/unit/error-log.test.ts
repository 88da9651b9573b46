import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { describeError, isDatabaseUnavailable, isDataException, pgCode } from '../../src/lib/server/errors.ts';

const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
afterAll(() => pool.end());

/** The error drizzle throws for a query whose parameters carry secrets. */
async function failingQuery(secret: string, value: string): Promise<unknown> {
  const db = drizzle(pool);
  try {
    await db.execute(sql`select ${secret}::text as hash, ${value}::uuid as id`);
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe('error logs', () => {
  it('name the database error and its place, never the query parameters or the value', async () => {
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA';
    const error = await failingQuery(hash, 'person@example.com');
    expect(String((error as Error).message)).toContain(hash); // what drizzle itself would have logged
    const line = describeError(error);
    expect(line).toContain('database error 22P02');
    expect(line).not.toContain(hash);
    expect(line).not.toContain('person@example.com');
    expect(pgCode(error)).toBe('22P02');
    expect(isDataException(error)).toBe(true);
  });

  it('keep the first line of an ordinary error and its frames', () => {
    const line = describeError(new TypeError('x is not a function\nsecond line'));
    expect(line).toMatch(/^TypeError: x is not a function\n/);
    expect(line).not.toContain('second line');
  });
});

describe('a database that cannot be reached', () => {
  /** What drizzle throws when the server behind its pool is gone: a closed port here. */
  async function unreachable(): Promise<unknown> {
    const net = await import('node:net');
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const port = (server.address() as import('node:net').AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closed = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/x`, max: 1 });
    try {
      await drizzle(closed).execute(sql`select ${'person@example.com'}::text`);
    } catch (error) {
      return error;
    } finally {
      await closed.end();
    }
    throw new Error('the query did not fail');
  }

  it('is told from a wrong query, and logged by its cause without the query', async () => {
    const error = await unreachable();
    expect(isDatabaseUnavailable(error)).toBe(true);
    const line = describeError(error);
    expect(line).toMatch(/ECONNREFUSED/);
    expect(line).not.toContain('person@example.com');
    expect(line).not.toContain('select');
    // a query PostgreSQL refused is the query's fault, not the server's absence
    expect(isDatabaseUnavailable(await failingQuery('x', 'not-a-uuid'))).toBe(false);
  });

  it('covers a server shutting down, starting up, and a broken connection', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    expect(isDatabaseUnavailable(withCode('57P01'))).toBe(true); // terminated by an administrator
    expect(isDatabaseUnavailable(withCode('57P03'))).toBe(true); // the database system is starting up
    expect(isDatabaseUnavailable(withCode('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: new AggregateError([withCode('ECONNREFUSED')]) }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('23505'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is not a function'))).toBe(false);
  });
});
