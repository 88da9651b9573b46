/**
 * Retention (issue 13 item 4, docs/decisions/0025): a space keeps a candidate without approved
 * consent for its days after the first request (30 by default), and an approval lasts its months
 * (12 by default) before the job queue asks to renew it. The queue's `retention` task anonymises
 * what ran out and mails the renewals; the recruiter sees what runs out within the next 7 days.
 */
import { and, asc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError, forbidden } from './http.ts';
import { renewConsent } from './consent.ts';
import { eraseCandidateRow } from './rights.ts';
import { mayManageCandidates } from './candidates.ts';
import { logger } from './log.ts';
import { PD_STATUS } from '../schemas/funnel.ts';
import { ROLE } from '../schemas/auth.ts';
import type { UserRow } from './users.ts';

export const RETENTION_DAYS_MAX = 3650;
export const CONSENT_MONTHS_MAX = 120;
/** How far ahead the recruiter is shown what will be anonymised. */
export const NOTICE_DAYS = 7;
/** A run's share of work: the next run, an hour later, takes the rest. */
const BATCH = 200;

export interface RetentionSettings {
  retentionDays: number;
  consentMonths: number;
}

export async function retentionSettings(user: UserRow): Promise<RetentionSettings> {
  if (!mayManageCandidates(user) || !user.spaceId) throw forbidden();
  const db = await getDb();
  const [space] = await db
    .select({ retentionDays: schema.spaces.retentionDays, consentMonths: schema.spaces.consentMonths })
    .from(schema.spaces)
    .where(eq(schema.spaces.id, user.spaceId));
  if (!space) throw forbidden();
  return space;
}

/** The company changes its space's settings; recruiters only read them. */
export async function saveRetentionSettings(user: UserRow, settings: RetentionSettings): Promise<RetentionSettings> {
  if (user.role !== ROLE.COMPANY || !user.spaceId) throw forbidden();
  if (!Number.isInteger(settings.retentionDays) || settings.retentionDays < 1 || settings.retentionDays > RETENTION_DAYS_MAX) {
    throw new AppError(400, 'error.common.invalid_body', { retentionDays: 'validation.invalid' });
  }
  if (!Number.isInteger(settings.consentMonths) || settings.consentMonths < 1 || settings.consentMonths > CONSENT_MONTHS_MAX) {
    throw new AppError(400, 'error.common.invalid_body', { consentMonths: 'validation.invalid' });
  }
  const db = await getDb();
  const [saved] = await db
    .update(schema.spaces)
    .set({ retentionDays: settings.retentionDays, consentMonths: settings.consentMonths })
    .where(eq(schema.spaces.id, user.spaceId))
    .returning({ retentionDays: schema.spaces.retentionDays, consentMonths: schema.spaces.consentMonths });
  return saved!;
}

/** The moment a candidate's retention runs out, as SQL: the clock plus the space's days. */
const deadline = sql`(${schema.candidates.unconsentedSince} + make_interval(days => ${schema.spaces.retentionDays}))`;

export interface UpcomingErasure {
  candidateId: string;
  number: number;
  name: string;
  pdStatus: number;
  at: Date;
}

/** The space's candidates whose retention runs out within NOTICE_DAYS days of `now`, soonest first. */
export async function upcomingErasures(user: UserRow, now = new Date(), limit = 100): Promise<UpcomingErasure[]> {
  if (!mayManageCandidates(user) || !user.spaceId) return [];
  const db = await getDb();
  const horizon = new Date(now.getTime() + NOTICE_DAYS * 86_400_000);
  return db
    .select({
      candidateId: schema.candidates.id,
      number: schema.candidates.number,
      name: sql<string>`trim(${schema.candidates.name} || ' ' || ${schema.candidates.surname})`,
      pdStatus: schema.candidates.pdStatus,
      at: sql<Date>`${deadline}`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(schema.candidates)
    .innerJoin(schema.spaces, eq(schema.spaces.id, schema.candidates.spaceId))
    .where(
      and(
        eq(schema.candidates.spaceId, user.spaceId),
        isNotNull(schema.candidates.unconsentedSince),
        isNull(schema.candidates.erasedAt),
        // a merged candidate is not on any list (docs/decisions/0029); retention still erases it in time
        isNull(schema.candidates.mergedInto),
        sql`${schema.candidates.pdStatus} <> ${PD_STATUS.APPROVED}`,
        sql`${deadline} < ${horizon}`,
      ),
    )
    .orderBy(asc(sql`${deadline}`))
    .limit(limit);
}

export interface RetentionReport {
  anonymised: number;
  renewed: number;
  failed: number;
}

/**
 * The `retention` task, with the clock passed in (tests move it): anonymises every candidate
 * whose days without approved consent ran out, then asks every candidate whose approval is
 * older than the space's months to renew it (their status turns to 'Waiting PD' and the
 * retention clock starts). Each candidate in a transaction of their own: one that fails (a mail
 * limit) waits for the next run and does not hold up the rest.
 */
export async function runRetention(now = new Date()): Promise<RetentionReport> {
  const db = await getDb();
  const report: RetentionReport = { anonymised: 0, renewed: 0, failed: 0 };
  const due = await db
    .select({ id: schema.candidates.id })
    .from(schema.candidates)
    .innerJoin(schema.spaces, eq(schema.spaces.id, schema.candidates.spaceId))
    .where(
      and(
        isNotNull(schema.candidates.unconsentedSince),
        isNull(schema.candidates.erasedAt),
        sql`${schema.candidates.pdStatus} <> ${PD_STATUS.APPROVED}`,
        sql`${deadline} <= ${now}`,
      ),
    )
    .limit(BATCH);
  for (const { id } of due) {
    try {
      if (await eraseCandidateRow(id, { kind: 'system' }, 'retention')) report.anonymised++;
    } catch (error) {
      report.failed++;
      logger.error({ tag: 'retention', err: error }, '[retention] anonymising failed');
    }
  }

  const lapsed = await db
    .select({ candidate: schema.candidates, company: sql<string | null>`(select u.company_name from ${schema.users} u where u.space_id = ${schema.spaces.id} order by u.created_at limit 1)` })
    .from(schema.candidates)
    .innerJoin(schema.spaces, eq(schema.spaces.id, schema.candidates.spaceId))
    .innerJoin(schema.consentGrants, and(eq(schema.consentGrants.candidateId, schema.candidates.id), eq(schema.consentGrants.recipient, 'company')))
    .where(
      and(
        eq(schema.candidates.pdStatus, PD_STATUS.APPROVED),
        isNull(schema.candidates.erasedAt),
        lt(schema.consentGrants.answeredAt, sql`${now}::timestamptz - make_interval(months => ${schema.spaces.consentMonths})`),
      ),
    )
    .limit(BATCH);
  for (const { candidate, company } of lapsed) {
    try {
      await db.transaction(async (tx) => {
        const [current] = await tx.select({ pdStatus: schema.candidates.pdStatus }).from(schema.candidates).where(eq(schema.candidates.id, candidate.id)).for('update');
        if (current?.pdStatus !== PD_STATUS.APPROVED) return;
        if (candidate.email) {
          await renewConsent(tx, candidate, company);
        } else {
          // nowhere to ask: the approval lapses and the retention clock starts
          await tx.update(schema.candidates).set({ pdStatus: PD_STATUS.EXPIRED, unconsentedSince: now }).where(eq(schema.candidates.id, candidate.id));
        }
      });
      report.renewed++;
    } catch (error) {
      report.failed++;
      logger.error({ tag: 'retention', err: error }, '[retention] renewal failed');
    }
  }
  return report;
}
