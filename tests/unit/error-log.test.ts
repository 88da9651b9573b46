import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import { describeError, isDataException, pgCode } from '../../src/lib/server/errors.ts';

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
