import { sql, type SQL } from 'drizzle-orm';

/**
 * How the duplicate search (docs/decisions/0029) compares contacts. One SQL expression serves
 * both the stored generated columns and the value looked up, so the two can never disagree.
 */

/** An address trimmed and lower-cased; empty is null. */
export function normalisedEmail(value: SQL): SQL {
  return sql`nullif(lower(btrim(${value})), '')`;
}

/** A phone's digits only, a Russian 11-digit 8… as 7…; empty is null. */
export function normalisedPhone(value: SQL): SQL {
  const digits = sql`regexp_replace(${value}, '[^0-9]', '', 'g')`;
  return sql`nullif(case when length(${digits}) = 11 and left(${digits}, 1) = '8' then '7' || substr(${digits}, 2) else ${digits} end, '')`;
}
