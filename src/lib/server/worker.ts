/**
 * Works the job queue (jobs.ts) in this process: started with the server, stopped on SIGTERM.
 * Every process of the product runs one; graphile-worker's row locks give each job to one of
 * them. The crontab puts the scheduled work on the same queue (docs/decisions/0010).
 */
import pg from 'pg';
import { EventEmitter } from 'node:events';
import { run, type JobHelpers, type Runner, type Task, type TaskList, type WorkerEvents } from 'graphile-worker';
import { jobLogger } from './job-log.ts';
import { sendCode, type CodeJob } from './auth/codes.ts';
import { expireConsentLinks, recordConsentMail } from './consent.ts';
import { recordInviteMail } from './invites.ts';
import { deleteExpiredExports, runExport } from './rights.ts';
import { runRetention } from './retention.ts';
import { runDelivery } from './webhooks.ts';
import { runBulk } from './bulk.ts';
import { requestIdOf, retriesWaiting, type TaskName } from './jobs.ts';
import { cleanup } from './maintenance.ts';
import { checkChatUnread, mailNotification, sendDigests } from './notifications.ts';
import { mailServerAnswers, mailServerBack, runMailJob, type MailJob, type MailTracker } from './mail.ts';
import { logContext, logger } from './log.ts';
import { within } from './within.ts';

/** Mails at once per process: a silent mail server then holds a few of them, not the queue. */
const CONCURRENCY = 4;

/** How long a runner that began to shut itself down may take before a new one replaces it. */
const SHUTDOWN_PATIENCE_MS = 15_000;
/** How long a SIGTERM waits for the runner's graceful stop (its jobs get 4 s of it) before killing it. */
const STOP_PATIENCE_MS = 6000;

/**
 * Minute, hour, day of month, month, day of week (UTC). The probe brings a mail backlog out as
 * soon as the mail server answers again instead of at the next backoff (up to six hours).
 */
const CRONTAB = [
  '* * * * * mail-probe ?max=1',
  '*/10 * * * * expire-consent ?max=3',
  '17 * * * * cleanup ?max=3',
  // every hour looks for the readers whose local hour is the digest's (half past it in the few
  // zones off the hour); an hour missed while no process ran is made up for when one starts
  '0 * * * * notification-digest ?fill=3h&max=1',
  '41 * * * * retention ?max=3',
].join('\n');

const trackMail: MailTracker = async (track, state) => {
  if (track.kind === 'invite') await recordInviteMail(track.id, track.version, state);
  else await recordConsentMail(track.id, state);
};

/** A job's own tries; a job stopped by a shutdown counts as failed and comes again. */
function task<P>(run: (payload: P, info: { attempts: number; maxAttempts: number }) => Promise<unknown>): Task {
  return async (payload: unknown, helpers: JobHelpers) => {
    const info = { attempts: helpers.job.attempts, maxAttempts: helpers.job.max_attempts };
    const context = { requestId: requestIdOf(payload) ?? `job-${helpers.job.id}`, jobId: helpers.job.id };
    await logContext.run(context, () => Promise.race([run(payload as P, info), helpers.abortPromise]));
  };
}

const TASKS: Record<TaskName, Task> = {
  mail: task<MailJob>((job, info) => runMailJob(job, info, trackMail)),
  'code-mail': task<CodeJob>((job) => sendCode(job)),
  cleanup: task(async () => {
    const report = await cleanup();
    logger.info({ tag: 'jobs', report }, '[jobs] clean-up');
  }),
  'expire-consent': task(() => expireConsentLinks()),
  'notification-mail': task<{ id: string }>((job) => mailNotification(job.id)),
  // the hour it stands for: the cron's own time (a made-up hour too), or a test's moved clock
  'notification-digest': task<{ now?: string; _cron?: { ts: string } }>((job) => sendDigests(new Date(job.now ?? job._cron?.ts ?? Date.now()))),
  'chat-unread': task<{ readerId: string; senderId: string }>((job) => checkChatUnread(job.readerId, job.senderId)),
  export: task<{ requestId: string }>((job) => runExport(job.requestId)),
  retention: task(async () => {
    const report = await runRetention();
    const exports = await deleteExpiredExports();
    logger.info({ tag: 'jobs', report, exports }, '[jobs] retention');
  }),
  webhook: task<{ deliveryId: string }>((job) => runDelivery(job.deliveryId)),
  bulk: task<{ operationId: string }>((job, info) => runBulk(job.operationId, info)),
  // nothing sends while every mail waits for its retry: ask the mail server itself each minute
  'mail-probe': task(async () => {
    if ((await retriesWaiting(['mail', 'code-mail'])) && (await mailServerAnswers())) await mailServerBack();
  }),
};

export interface Worker {
  /** Lets a job under way finish (or hands it back after a few seconds), then disconnects. */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts working the queue on `connectionString` (the product's database), and keeps it worked.
 * graphile-worker stops its whole runner when it cannot record a job's end (the database went
 * away while a job ran: "the queue is in an inconsistent state"). Then the runner is started
 * again once the database answers, and the jobs the stopped one held are unlocked first, so
 * that they run now rather than after graphile-worker's four-hour lock (docs/decisions/0014).
 */
export async function startWorker(connectionString: string): Promise<Worker> {
  // a pool of our own, ended only after the runner stopped: graphile-worker ends its own pool
  // without waiting and drops its error handlers first, so a database stopping right after
  // (the embedded one, on SIGTERM) could crash the process through a client still closing
  const pool = new pg.Pool({ connectionString, max: CONCURRENCY + 2, connectionTimeoutMillis: 5000 });
  // (once the pool is ended, a connection still closing may hear the database stop: expected)
  const lost = (error: Error) => {
    if (!pool.ended) jobLogger.error(`database connection lost: ${error.message}`);
  };
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));

  interface Started {
    runner: Runner;
    events: WorkerEvents;
    /** The ids its worker pools lock jobs under. */
    lockIds: string[];
  }

  const start = async (): Promise<Started> => {
    const events: WorkerEvents = new EventEmitter();
    const lockIds: string[] = [];
    events.on('pool:create', ({ workerPool }) => lockIds.push(workerPool.id));
    const runner = await run({
      pgPool: pool,
      concurrency: CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: TASKS as TaskList,
      crontab: CRONTAB,
      logger: jobLogger,
      events,
      preset: {
        worker: {
          // batched (without delay), a job's completion or failure is awaited by a shutdown;
          // unbatched, a job failed by SIGTERM could stay locked for the queue's four hours
          completeJobBatchDelay: 0,
          failJobBatchDelay: 0,
          gracefulShutdownAbortTimeout: 4000,
        },
      },
    });
    return { runner, events, lockIds };
  };

  let stopping = false;
  let restarting: Promise<void> | undefined;
  let current: Started;
  try {
    current = await start();
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }

  const keep = (started: Started) => {
    let over = false;
    const ended = (reason: string) => {
      if (over || stopping || started !== current) return;
      over = true;
      restarting = restart(started, reason).finally(() => {
        restarting = undefined;
      });
    };
    started.runner.promise.then(
      () => ended('it stopped'),
      (error: unknown) => ended(error instanceof Error ? error.message.split('\n')[0]! : String(error)),
    );
    // a runner that began to shut itself down (a job's end it could not record) but has not
    // finished within seconds is waiting on a database that went away: it is given up on
    const giveUp = () => {
      setTimeout(() => {
        if (over || stopping || started !== current) return;
        void started.runner.kill().catch(() => {});
        ended('its shutdown did not finish');
      }, SHUTDOWN_PATIENCE_MS).unref();
    };
    started.events.once('pool:fatalError', giveUp);
    started.events.once('pool:gracefulShutdown', giveUp);
  };

  const restart = async (stopped: Started, reason: string) => {
    jobLogger.error(`the job queue stopped (${reason}): it starts again once the database answers`);
    for (let attempt = 1; !stopping; attempt++) {
      await sleep(Math.min(500 * attempt, 5000));
      if (stopping) return;
      try {
        await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [stopped.lockIds]);
        const next = await start();
        if (stopping) {
          await next.runner.stop();
          return;
        }
        current = next;
        keep(next);
        jobLogger.info(`the job queue works again (after ${attempt} attempt(s))`);
        return;
      } catch (error) {
        if (attempt % 10 === 1) jobLogger.error(`the job queue could not start again yet: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  };

  keep(current);
  return {
    async stop() {
      stopping = true;
      await restarting;
      const stopped = current.runner.stop().catch((error: unknown) => {
        // a runner that already stopped by itself has nothing left to stop
        if (!/already|stopped/i.test(String(error))) throw error;
      });
      // a graceful stop hands a job under way back after gracefulShutdownAbortTimeout; a runner
      // still stopping past that waits on a connection that will not answer (SIGTERM right after
      // the database came back, seen once in CI): it is killed and its jobs are unlocked
      if (await within(stopped, STOP_PATIENCE_MS)) await stopped;
      else {
        jobLogger.error('the job queue did not stop in time: it is killed and its jobs handed back');
        await current.runner.kill().catch(() => {});
        await within(pool.query('select graphile_worker.force_unlock_workers($1::text[])', [current.lockIds]), 2000);
      }
      await within(pool.end(), 2000);
    },
  };
}
