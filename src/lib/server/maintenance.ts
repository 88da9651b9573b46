/**
 * Scheduled clean-up, run by the job queue's crontab (worker.ts): rows past their life go, so
 * that no request has to do it.
 */
import { sql } from 'drizzle-orm';
import { getDb } from './db/index.ts';
import { deleteOldFailedJobs } from './jobs.ts';
import { deleteEndedWindows } from './ratelimit.ts';
import { deleteOldClientReports } from './client-errors.ts';
import { deleteOldDrafts } from './resume-import.ts';


export interface CleanupReport {
  rateLimits: number;
  codes: number;
  sessions: number;
  failedJobs: number;
  clientReports: number;
  resumeDrafts: number;
  webhookDeliveries: number;
  mergeSnapshots: number;
  bulkOperations: number;
}

export async function cleanup(): Promise<CleanupReport> {
  const db = await getDb();
  const rateLimits = await deleteEndedWindows(db);
  // a code lives 15 minutes; an hour later nobody can use or count it any more
  const codes = await db.execute(sql`delete from email_codes where expires_at < now() - interval '1 hour'`);
  // a revoked session stays a day: a refresh token used after its revocation is still recognised
  const sessions = await db.execute(sql`delete from sessions where expires_at < now() or revoked_at < now() - interval '1 day'`);
  const failedJobs = await deleteOldFailedJobs(db);
  const clientReports = await deleteOldClientReports();
  const resumeDrafts = await deleteOldDrafts();
  // the delivery log covers 30 days (docs/decisions/0028); settled rows older than that go
  const webhookDeliveries = await db.execute(sql`delete from webhook_deliveries where created_at < now() - interval '30 days' and status in ('succeeded', 'failed')`);
  // a merge can be undone for 30 days (docs/decisions/0029); after that its snapshot (the
  // survivor's earlier fields: personal data) has no use left
  const mergeSnapshots = await db.execute(sql`update candidate_merges set snapshot = '{}'::jsonb where created_at < now() - interval '30 days' and snapshot <> '{}'::jsonb`);
  // a bulk action's progress is read while it runs and just after (docs/decisions/0030); its
  // record per candidate is the candidate's own history, so the operation itself goes after a week
  const bulkOperations = await db.execute(sql`delete from bulk_operations where updated_at < now() - interval '7 days' and status <> 'running'`);
  return {
    rateLimits,
    codes: codes.rowCount ?? 0,
    sessions: sessions.rowCount ?? 0,
    failedJobs,
    clientReports,
    resumeDrafts,
    webhookDeliveries: webhookDeliveries.rowCount ?? 0,
    mergeSnapshots: mergeSnapshots.rowCount ?? 0,
    bulkOperations: bulkOperations.rowCount ?? 0,
  };
}
