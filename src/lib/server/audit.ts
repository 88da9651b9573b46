/**
 * The space's log of what was done with candidates' personal data (issue 13 item 5,
 * docs/decisions/0025): résumé reads, exports, erasures, consent answers and withdrawals. A row
 * is written in the transaction of its action, so there is no action without its row and no row
 * for an action that was rolled back. Details hold ids, counts and kinds, never personal data.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import type { AuditAction } from './db/schema.ts';
import type { UserRow } from './users.ts';
import { fromWallTime } from '../time-zone.ts';

export const AUDIT_ACTIONS: readonly AuditAction[] = [
  'resume_read',
  'export',
  'export_download',
  'erasure',
  'consent_answer',
  'consent_withdrawal',
  'rights_request',
  'consent_renewal',
  'merge',
  'merge_undo',
];

export type Actor = { kind: 'user'; user: Pick<UserRow, 'id'> } | { kind: 'candidate' } | { kind: 'system' };

export interface AuditEntry {
  spaceId: string;
  actor: Actor;
  action: AuditAction;
  candidateId: string | null;
  details?: Record<string, string | number | boolean | null>;
}

/** Records one action, in the caller's transaction (or on its own when given the database). */
export async function audit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(schema.auditEvents).values({
    spaceId: entry.spaceId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.kind === 'user' ? entry.actor.user.id : null,
    action: entry.action,
    candidateId: entry.candidateId,
    details: entry.details ?? {},
  });
}

export interface AuditFilter {
  action?: AuditAction;
  /** The candidate's number ("Candidate 4812"): the log names candidates by it. */
  candidate?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Older than this row's time (the next page). */
  before?: Date;
}

export interface AuditRow {
  id: string;
  at: Date;
  action: AuditAction;
  actorKind: 'user' | 'candidate' | 'system';
  actorName: string | null;
  candidateId: string | null;
  candidateNumber: number | null;
  details: Record<string, string | number | boolean | null>;
}

export const AUDIT_PAGE = 100;

/** The log of `spaceId`, newest first, a page at a time. */
export async function listAudit(spaceId: string, filter: AuditFilter, limit = AUDIT_PAGE): Promise<AuditRow[]> {
  const db = await getDb();
  const where: SQL[] = [eq(schema.auditEvents.spaceId, spaceId)];
  if (filter.action) where.push(eq(schema.auditEvents.action, filter.action));
  if (filter.candidate !== undefined) where.push(eq(schema.candidates.number, filter.candidate));
  if (filter.from) where.push(gte(schema.auditEvents.at, filter.from));
  if (filter.to) where.push(lt(schema.auditEvents.at, filter.to));
  if (filter.before) where.push(lt(schema.auditEvents.at, filter.before));
  const rows = await db
    .select({
      id: schema.auditEvents.id,
      at: schema.auditEvents.at,
      action: schema.auditEvents.action,
      actorKind: schema.auditEvents.actorKind,
      actorName: sql<string | null>`nullif(trim(${schema.users.name} || ' ' || ${schema.users.surname}), '')`,
      actorEmail: schema.users.email,
      candidateId: schema.auditEvents.candidateId,
      candidateNumber: schema.candidates.number,
      details: schema.auditEvents.details,
    })
    .from(schema.auditEvents)
    .leftJoin(schema.users, eq(schema.users.id, schema.auditEvents.actorId))
    .leftJoin(schema.candidates, eq(schema.candidates.id, schema.auditEvents.candidateId))
    .where(and(...where))
    .orderBy(desc(schema.auditEvents.at), desc(schema.auditEvents.id))
    .limit(limit);
  return rows.map(({ actorEmail, ...row }) => ({ ...row, actorName: row.actorName ?? actorEmail ?? null }));
}

/**
 * The filter as a reader means it: `from` and `to` are days in the reader's time zone, both
 * included (`to` runs to the end of its day).
 */
export function auditQuery(
  query: { action?: AuditAction; candidate?: number; from?: string; to?: string; before?: string },
  timeZone: string,
): AuditFilter {
  const dayAfter = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  return {
    action: query.action,
    candidate: query.candidate,
    from: query.from ? (fromWallTime(`${query.from}T00:00`, timeZone) ?? undefined) : undefined,
    to: query.to ? (fromWallTime(`${dayAfter(query.to)}T00:00`, timeZone) ?? undefined) : undefined,
    before: query.before ? new Date(query.before) : undefined,
  };
}
