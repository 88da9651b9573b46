import { Column, getTableName, is, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { schema } from './db/index.ts';
import { translator } from '../i18n/messages.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import { PD_STATUS } from '../schemas/funnel.ts';
import type { UserRow } from './users.ts';

/**
 * Whether `user` may see the identity of the candidate `candidateId` names (docs/decisions/0022):
 * their name, contacts, photo and résumé. The space's own people and staff always may; a
 * customer only while the candidate approves processing and agreed to share with that customer.
 * Nobody after erasure. An SQL boolean, so that every list decides it in its own query.
 */
export function identityShown(user: UserRow, candidateId: AnyPgColumn | SQL): SQL<boolean> {
  // an erased candidate (docs/decisions/0025) is "Candidate 4812" to everyone
  if (user.role !== ROLE.CUSTOMER) return sql<boolean>`not exists (select 1 from ${schema.candidates} ec where ec.id = ${qualified(candidateId)} and ec.erased_at is not null)`;
  return sql<boolean>`exists (select 1 from ${schema.consentGrants} g join ${schema.candidates} gc on gc.id = g.candidate_id
    where g.candidate_id = ${qualified(candidateId)} and g.recipient = ${user.id}::text and g.granted and gc.pd_status = ${PD_STATUS.APPROVED} and gc.erased_at is null)`;
}

/**
 * A column named with its table. drizzle writes a one-table select's columns bare ("id"), and a
 * bare "id" inside the subquery above would mean the subquery's own row: every candidate shown.
 */
function qualified(reference: AnyPgColumn | SQL): SQL {
  if (!is(reference, Column)) return reference;
  return sql`${sql.identifier(getTableName(reference.table))}.${sql.identifier(reference.name)}`;
}

/** What a reader is called instead of a hidden candidate's name: "Candidate 4812". */
export function hiddenName(number: number, locale: Locale): string {
  return translator(locale)('candidate.hidden_name', { number });
}

/** The identifying fields a customer without consent does not get. */
export interface Identity {
  name: string;
  surname: string;
  image: string | null;
}

/**
 * The row as `shown` allows: without it the name becomes "Candidate 4812" (surname empty), and
 * the photo, the birth date, the contacts and the résumé go; everything else (position,
 * experience, salary, funnel, ratings) stays.
 */
export function withIdentity<T extends Identity>(row: T, shown: boolean, number: number, locale: Locale): T & { identityHidden: boolean } {
  if (shown) return { ...row, identityHidden: false };
  const hidden: T & { identityHidden: boolean } = { ...row, name: hiddenName(number, locale), surname: '', image: null, identityHidden: true };
  for (const key of ['dob', 'email', 'phone', 'resume', 'resumeName'] as const) {
    if (key in hidden) (hidden as unknown as Record<string, unknown>)[key] = null;
  }
  return hidden;
}
