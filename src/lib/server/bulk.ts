/**
 * Bulk actions on candidates (docs/decisions/0030): add to a vacancy, move to a stage, archive
 * with a reason, request consent, for many candidates at once. Each candidate goes through the
 * single action's own rules and writes (candidates.ts, consent.ts) in a savepoint of its own: a
 * candidate the rules refuse is skipped with the reason, the others go on. Up to BULK_SYNC_MAX
 * candidates are done in the request, in one transaction; more by the job queue, a chunk per
 * transaction, the chunk's changes and the progress committed together, so a job retried after
 * a crash goes on from where it stood and never applies a chunk twice.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { addJob } from './jobs.ts';
import { announce, isVacancyCustomer } from './notifications.ts';
import { addLinks, allowedStages, archivedFromStage, bulkSelection, customerIds, mayManageCandidates, vacancyToAddTo, writeMove } from './candidates.ts';
import { consentRequest } from './consent.ts';
import { findVisible, mayWrite } from './vacancies.ts';
import { logger } from './log.ts';
import { CandidateQuerySchema, PD_STATUS, STAGE, type Stage } from '../schemas/candidate.ts';
import { BULK_MAX, BULK_SYNC_MAX, type BulkDryRun, type BulkProgress, type BulkRequest } from '../schemas/bulk.ts';
import type { BulkAction, BulkSkip } from './db/schema.ts';
import type { UserRow } from './users.ts';
import { isUuid } from '../uuid.ts';

type VacancyRow = typeof schema.vacancies.$inferSelect;

/** Candidates per transaction of a job: a chunk's locks are held for a second or so, not minutes. */
const CHUNK = 100;
/** Skipped candidates an operation keeps by name; past these only their count per reason. */
const SKIPS_KEPT = 100;

interface Params {
  vacancyId?: string;
  stage?: Stage;
  reason?: string;
}

/** An action made ready: the request's own checks passed, the vacancy and its customers read once. */
interface Prepared {
  user: UserRow;
  action: BulkAction;
  params: Params;
  vacancy?: VacancyRow;
  customers: string[];
  ip?: string;
  now: Date;
}

/**
 * The checks of the whole request, before any candidate: the same the single action makes
 * before it looks at its candidate (the role, the vacancy the user may act on).
 */
async function prepare(user: UserRow, action: BulkAction, params: Params, ip?: string): Promise<Prepared> {
  const ready: Prepared = { user, action, params, customers: [], ip, now: new Date() };
  if (action === 'requestConsent') {
    if (!mayManageCandidates(user)) throw forbidden();
    return ready;
  }
  if (action === 'addToVacancy') {
    if (!mayManageCandidates(user)) throw forbidden();
    return { ...ready, vacancy: await vacancyToAddTo(user, params.vacancyId!) };
  }
  const vacancy = await findVisible(user, params.vacancyId!);
  // a customer moves on a vacancy they are attached to, within the funnel's rules per candidate
  if (!(mayWrite(user) && user.spaceId === vacancy.spaceId) && !(await isVacancyCustomer(await getDb(), vacancy.id, user.id))) throw forbidden();
  return { ...ready, vacancy, customers: await customerIds(vacancy.id) };
}

/**
 * One candidate of the action, in `tx` (a savepoint): an AppError is the reason it is skipped.
 * Returns the people to tell once the transaction commits.
 */
async function applyOne(tx: Executor, ready: Prepared, candidateId: string): Promise<string[]> {
  const { user, action, params, vacancy } = ready;
  if (action === 'addToVacancy') {
    const added = await addLinks(tx, user, vacancy!, [candidateId]);
    if (!added.length) throw new AppError(409, 'bulk.skip.already_on_vacancy');
    return [];
  }
  if (action === 'requestConsent') {
    // the row lock orders a concurrent request for the same candidate after this one: it then
    // finds the request pending and skips it instead of mailing the candidate twice
    const [candidate] = await tx.select().from(schema.candidates).where(eq(schema.candidates.id, candidateId)).for('update');
    if (!candidate) throw new AppError(404, 'error.common.not_found');
    if (candidate.pdStatus === PD_STATUS.SENT) throw new AppError(409, 'bulk.skip.consent_pending');
    await consentRequest(tx, user, candidate, ready.ip);
    return [];
  }
  const vc = schema.vacancyCandidates;
  const [link] = await tx
    .select({ stage: vc.stage })
    .from(vc)
    .where(and(eq(vc.vacancyId, vacancy!.id), eq(vc.candidateId, candidateId)))
    .for('update');
  if (!link) throw new AppError(409, 'bulk.skip.not_on_vacancy');
  const from = link.stage as Stage;
  const stage = action === 'archive' ? STAGE.ARCHIVE : params.stage!;
  if (from === stage) throw new AppError(409, 'bulk.skip.already_at_stage');
  const archivedFrom = from === STAGE.ARCHIVE ? await archivedFromStage(tx, vacancy!.id, candidateId) : null;
  if (!allowedStages(user, vacancy!, ready.customers, from, archivedFrom).includes(stage)) throw forbidden('error.funnel.stage_forbidden');
  return writeMove(tx, user, vacancy!, candidateId, from, stage, ready.now, action === 'archive' ? { kind: 'reject_reason', text: params.reason! } : undefined);
}

interface Outcome {
  applied: number;
  skips: BulkSkip[];
  told: string[];
}

/** The candidates in order, each in a savepoint of `tx`: a refusal undoes that candidate's writes only. */
async function work(tx: Executor, ready: Prepared, ids: string[]): Promise<Outcome> {
  const outcome: Outcome = { applied: 0, skips: [], told: [] };
  for (const id of ids) {
    try {
      outcome.told.push(...(await tx.transaction((savepoint) => applyOne(savepoint, ready, id))));
      outcome.applied++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      outcome.skips.push({ candidateId: id, reason: error.key });
    }
  }
  return outcome;
}

function countReasons(skips: BulkSkip[], into: Record<string, number> = {}): Record<string, number> {
  const reasons = { ...into };
  for (const skip of skips) reasons[skip.reason] = (reasons[skip.reason] ?? 0) + 1;
  return reasons;
}

function progress(row: typeof schema.bulkOperations.$inferSelect): BulkProgress {
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    total: row.total,
    done: row.done,
    applied: row.applied,
    skipped: row.skipped,
    reasons: row.reasons,
    skips: row.skips,
  };
}

/** Thrown to roll a dry run back: everything it did is undone, its counts are kept. */
class DryRun extends Error {
  readonly outcome: Outcome;
  constructor(outcome: Outcome) {
    super('dry run');
    this.outcome = outcome;
  }
}

/**
 * Starts a bulk action. A dry run answers the count (and, for a selection done in the request,
 * exactly what would be skipped: the action itself, rolled back). Otherwise a small selection
 * is done now and answered done; a large one is queued and answered running (202).
 */
export async function startBulk(user: UserRow, input: BulkRequest, ip: string | undefined): Promise<{ status: number; body: BulkProgress | BulkDryRun }> {
  if (!user.spaceId) throw forbidden();
  const params: Params = { vacancyId: input.params.vacancyId, stage: input.params.stage, reason: input.params.reason };
  const ready = await prepare(user, input.action, params, ip);
  const query = input.filter ? CandidateQuerySchema.safeParse(input.filter) : undefined;
  if (query && !query.success) throw new AppError(400, 'error.common.invalid_body', { filter: 'validation.invalid' });
  const ids = await bulkSelection(user, { ids: input.ids, query: query?.data, vacancyId: input.vacancyId }, BULK_MAX);
  if (ids.length > BULK_MAX) throw new AppError(422, 'error.bulk.over_limit');
  if (!ids.length) throw new AppError(422, 'error.bulk.empty');
  // ids given but not in the list (another space's, or none at all) are counted as skipped
  const found = new Set(ids);
  const unknown: BulkSkip[] = input.ids ? [...new Set(input.ids)].filter((id) => !found.has(id)).map((candidateId) => ({ candidateId, reason: 'error.common.not_found' })) : [];
  const db = await getDb();

  if (input.dryRun) {
    if (ids.length > BULK_SYNC_MAX) return { status: 200, body: { dryRun: true, total: ids.length, applied: null, skipped: null, reasons: {} } };
    const outcome = await db
      .transaction(async (tx) => {
        throw new DryRun(await work(tx, ready, ids));
      })
      .catch((error: unknown) => {
        if (error instanceof DryRun) return error.outcome;
        throw error;
      });
    const skips = [...unknown, ...outcome.skips];
    return { status: 200, body: { dryRun: true, total: ids.length, applied: outcome.applied, skipped: skips.length, reasons: countReasons(skips) } };
  }

  const base = { spaceId: user.spaceId, userId: user.id, action: input.action, params: { ...params, ...(ip ? { ip } : {}) }, candidateIds: ids, total: ids.length };
  if (ids.length > BULK_SYNC_MAX) {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(schema.bulkOperations).values({ ...base, skipped: unknown.length, skips: unknown.slice(0, SKIPS_KEPT), reasons: countReasons(unknown) }).returning();
      await addJob(tx, 'bulk', { operationId: created!.id }, { maxAttempts: 5 });
      return created!;
    });
    return { status: 202, body: progress(row) };
  }
  const { row, told } = await db.transaction(async (tx) => {
    const outcome = await work(tx, ready, ids);
    const skips = [...unknown, ...outcome.skips];
    const [created] = await tx
      .insert(schema.bulkOperations)
      .values({ ...base, done: ids.length, applied: outcome.applied, skipped: skips.length, skips: skips.slice(0, SKIPS_KEPT), reasons: countReasons(skips), status: 'done' })
      .returning();
    return { row: created!, told: outcome.told };
  });
  await announce(told);
  return { status: 200, body: progress(row) };
}

/** Where the user's bulk action stands; another person's, or none, is a 404. */
export async function bulkProgress(user: UserRow, id: string): Promise<BulkProgress> {
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(schema.bulkOperations).where(and(eq(schema.bulkOperations.id, id), eq(schema.bulkOperations.userId, user.id)));
  if (!row) throw notFound();
  return progress(row);
}

/**
 * The job of a large bulk action: a chunk per transaction, under the operation's row lock (two
 * runs of it never work the same chunk), until every candidate is done. The person is read
 * again each time: whoever lost the right to act meanwhile acts no more.
 */
export async function runBulk(operationId: string, info: { attempts: number; maxAttempts: number }): Promise<void> {
  const db = await getDb();
  try {
    for (;;) {
      const { more, told } = await db.transaction(async (tx) => {
        const [op] = await tx.select().from(schema.bulkOperations).where(eq(schema.bulkOperations.id, operationId)).for('update');
        if (!op || op.status !== 'running') return { more: false, told: [] };
        const [user] = await tx.select().from(schema.users).where(and(eq(schema.users.id, op.userId), isNull(schema.users.deletedAt)));
        const chunk = op.candidateIds.slice(op.done, op.done + CHUNK);
        let outcome: Outcome;
        try {
          if (!user || user.spaceId !== op.spaceId) throw forbidden();
          outcome = await work(tx, await prepare(user, op.action, op.params as Params, (op.params as { ip?: string }).ip), chunk);
        } catch (error) {
          // the request's own checks fail now (the vacancy was archived, the role changed): the
          // rest is skipped for that reason
          if (!(error instanceof AppError)) throw error;
          const rest = op.candidateIds.slice(op.done);
          await tx
            .update(schema.bulkOperations)
            .set({ done: op.total, skipped: op.skipped + rest.length, reasons: { ...op.reasons, [error.key]: (op.reasons[error.key] ?? 0) + rest.length }, status: 'done', updatedAt: new Date() })
            .where(eq(schema.bulkOperations.id, op.id));
          return { more: false, told: [] };
        }
        const done = op.done + chunk.length;
        await tx
          .update(schema.bulkOperations)
          .set({
            done,
            applied: op.applied + outcome.applied,
            skipped: op.skipped + outcome.skips.length,
            skips: [...op.skips, ...outcome.skips].slice(0, SKIPS_KEPT),
            reasons: countReasons(outcome.skips, op.reasons),
            status: done >= op.total ? 'done' : 'running',
            updatedAt: new Date(),
          })
          .where(eq(schema.bulkOperations.id, op.id));
        return { more: done < op.total, told: outcome.told };
      });
      await announce(told);
      if (!more) return;
    }
  } catch (error) {
    // the queue's last try: the person sees it failed instead of a progress that never moves
    if (info.attempts >= info.maxAttempts) {
      await db.update(schema.bulkOperations).set({ status: 'failed', updatedAt: sql`now()` }).where(eq(schema.bulkOperations.id, operationId));
      logger.error({ tag: 'bulk', operationId }, '[bulk] a bulk action failed for good');
    }
    throw error;
  }
}
