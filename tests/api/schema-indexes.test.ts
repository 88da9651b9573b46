import { describe, expect, it } from 'vitest';
import { db } from '../support/client.ts';

describe('database schema', () => {
  it('indexes every foreign key to candidates and vacancies on the side that refers (a delete of N rows otherwise reads the referring table N times)', async () => {
    // a partial index "where <column> is not null" serves the key's check, as the check's
    // "= $1" never matches a null
    const unindexed = await db().query(
      `select c.conrelid::regclass::text as "table", a.attname as "column", c.confrelid::regclass::text as "refers"
         from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.confrelid in ('candidates'::regclass, 'vacancies'::regclass)
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
        order by 1, 2`,
    );
    expect(unindexed.rows).toEqual([]);
    // and the check does use it: deleting a candidate looks up those merged into it by the index
    const plan = await db().query(`explain select 1 from candidates where merged_into = '00000000-0000-0000-0000-000000000000'`);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('candidates_merged_into');
  });
});
