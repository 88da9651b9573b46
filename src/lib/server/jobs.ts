/**
 * The durable job queue: graphile-worker's tables in the product's own PostgreSQL
 * (docs/decisions/0010). A job is added with SQL inside the caller's transaction, so it exists
 * exactly when the change that caused it was committed; LISTEN/NOTIFY starts it within
 * milliseconds on whichever process of the product takes it first, and only on that one.
 */
import { sql } from 'drizzle-orm';
import { getDb, type Executor } from './db/index.ts';
import { env } from './env.ts';
import { currentRequestId } from './log.ts';

/** The tasks of worker.ts; a job names one of them. */
export type TaskName = 'mail' | 'code-mail' | 'cleanup' | 'expire-consent' | 'mail-probe' | 'notification-mail' | 'notification-digest' | 'chat-unread' | 'export' | 'retention' | 'webhook' | 'bulk';

export interface AddJobOptions {
  /** One pending job per key: adding again replaces the payload of a job not yet running. */
  jobKey?: string;
  /** Defaults to the mail setting: every job of ours is a mail or safe to retry for as long. */
  maxAttempts?: number;
  /** 'preserve_run_at': adding again keeps the pending job's time (a deadline that must not slide). */
  jobKeyMode?: 'replace' | 'preserve_run_at';
  /** When the job may run; now by default. */
  runAt?: Date;
  /** Jobs of one queue name run one at a time, whatever the worker's concurrency. */
  queueName?: string;
}

/** The id of the request that queued a job, in its payload: the job's log lines carry it too. */
function withRequestId(payload: object): object {
  const requestId = currentRequestId();
  return requestId ? { ...payload, [REQUEST_ID_KEY]: requestId } : payload;
}

export const REQUEST_ID_KEY = '_requestId';

/** The request id a job's payload carries, if any. */
export function requestIdOf(payload: unknown): string | undefined {
  const value = payload && typeof payload === 'object' ? (payload as Record<string, unknown>)[REQUEST_ID_KEY] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** Adds a job in the caller's transaction (or on its own when given the database). */
export async function addJob(executor: Executor, task: TaskName, payload: object, options: AddJobOptions = {}): Promise<void> {
  await executor.execute(sql`
    select graphile_worker.add_job(
      ${task}::text,
      ${JSON.stringify(withRequestId(payload))}::json,
      max_attempts => ${options.maxAttempts ?? env().MAIL_MAX_ATTEMPTS}::int,
      job_key => ${options.jobKey ?? null}::text,
      run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
      job_key_mode => ${options.jobKeyMode ?? 'replace'}::text,
      queue_name => ${options.queueName ?? null}::text
    )`);
}

export type JobState = 'queued' | 'late' | 'failed' | 'done';

/**
 * Where the job under `jobKey` stands: queued while it waits its first seconds, late once it
 * failed or waited longer than that, failed once the queue gave up on it, done when there is
 * none (a finished job is deleted).
 */
export async function jobState(jobKey: string, executor?: Executor): Promise<JobState> {
  const db = executor ?? (await getDb());
  const { rows } = await db.execute<{ attempts: number; max_attempts: number; late: boolean }>(sql`
    select attempts, max_attempts, (last_error is not null or run_at < now() - interval '3 seconds') as late
    from graphile_worker.jobs where key = ${jobKey}`);
  const job = rows[0];
  if (!job) return 'done';
  if (job.attempts >= job.max_attempts) return 'failed';
  return job.late ? 'late' : 'queued';
}

/**
 * Runs the waiting retries of `tasks` now instead of at their backoff time: used when the mail
 * server answers again, so that a backlog does not wait hours for its next try.
 */
export async function retryNow(tasks: TaskName[], executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from graphile_worker.reschedule_jobs(
      array(
        select id from graphile_worker.jobs
        where task_identifier = any(${`{${tasks.join(',')}}`}::text[])
          and attempts > 0 and attempts < max_attempts and locked_at is null and run_at > now()
      ),
      run_at => now()
    )`);
  return rows.length;
}

/** Whether jobs of `tasks` wait for a retry (they failed at least once and may run again). */
export async function retriesWaiting(tasks: TaskName[], executor?: Executor): Promise<boolean> {
  const db = executor ?? (await getDb());
  const { rows } = await db.execute(sql`
    select 1 from graphile_worker.jobs
    where task_identifier = any(${`{${tasks.join(',')}}`}::text[])
      and attempts > 0 and attempts < max_attempts and locked_at is null
    limit 1`);
  return rows.length > 0;
}

/**
 * Deletes jobs the queue gave up on more than a week ago: their failure is recorded where the
 * person sees it, and their payload (a mail's text) should not stay for ever.
 */
export async function deleteOldFailedJobs(executor?: Executor): Promise<number> {
  const db = executor ?? (await getDb());
  const { rows } = await db.execute(sql`
    select id from graphile_worker.complete_jobs(
      array(select id from graphile_worker.jobs where attempts >= max_attempts and updated_at < now() - interval '7 days')
    )`);
  return rows.length;
}
