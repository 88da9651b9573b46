/** The job queue's log: one line per event, no stack traces, no addresses. */
import { Logger, type LogFunctionFactory } from 'graphile-worker';
import { logger } from './log.ts';
import { jobFailures } from './metrics.ts';

/** Words with an @ become <address>: error texts of mail servers quote the recipient. */
export function withoutAddresses(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (word.includes('@') ? '<address>' : word))
    .join('');
}

interface FailureMeta {
  failure?: boolean;
  job?: { id: string; task_identifier?: string; attempts: number; max_attempts: number; payload?: unknown };
  error?: unknown;
}

const logFactory: LogFunctionFactory = (scope) => (level, message, meta) => {
  if (level === 'debug') return;
  const failure = meta as FailureMeta | undefined;
  if (failure?.failure && failure.job) {
    // one line, no stack: a mail server that is down fails every job the same way
    const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
    const { id, attempts, max_attempts: max, payload } = failure.job;
    const outcome = attempts >= max ? 'gave up' : 'will retry';
    // the worker's failure report comes in the worker's scope: the job names its task
    const task = failure.job.task_identifier ?? scope.taskIdentifier ?? 'job';
    jobFailures.inc({ task, outcome: attempts >= max ? 'gave_up' : 'retry' });
    // the request that queued the job: its id follows it into the failure (the run's own
    // context has ended by the time the queue reports it)
    const requestId = (payload as Record<string, unknown> | undefined)?._requestId;
    logger.error(
      { tag: 'jobs', task, jobId: id, attempts, ...(typeof requestId === 'string' ? { requestId } : {}) },
      `[jobs] ${task} ${id} failed (try ${attempts} of ${max}, ${outcome}): ${withoutAddresses(reason)}`,
    );
    return;
  }
  if (level === 'info' && message.startsWith('Completed task')) return;
  const line = `[jobs] ${withoutAddresses(message.split('\n')[0]!)}`;
  if (level === 'error') logger.error({ tag: 'jobs' }, line);
  else if (level === 'warning') logger.warn({ tag: 'jobs' }, line);
  else logger.info({ tag: 'jobs' }, line);
};

export const jobLogger = new Logger(logFactory);
