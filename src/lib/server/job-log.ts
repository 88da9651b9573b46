/** The job queue's log: one line per event, no stack traces, no addresses. */
import { Logger, type LogFunctionFactory } from 'graphile-worker';

/** Words with an @ become <address>: error texts of mail servers quote the recipient. */
export function withoutAddresses(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (word.includes('@') ? '<address>' : word))
    .join('');
}

const logFactory: LogFunctionFactory = (scope) => (level, message, meta) => {
  if (level === 'debug') return;
  const failure = meta as { failure?: boolean; job?: { id: string; attempts: number; max_attempts: number }; error?: unknown } | undefined;
  if (failure?.failure && failure.job) {
    // one line, no stack: a mail server that is down fails every job the same way
    const reason = failure.error instanceof Error ? failure.error.message : String(failure.error);
    const { id, attempts, max_attempts: max } = failure.job;
    const outcome = attempts >= max ? 'gave up' : 'will retry';
    console.error(`[jobs] ${scope.taskIdentifier ?? 'job'} ${id} failed (try ${attempts} of ${max}, ${outcome}): ${withoutAddresses(reason)}`);
    return;
  }
  if (level === 'info' && message.startsWith('Completed task')) return;
  const line = `[jobs] ${withoutAddresses(message.split('\n')[0]!)}`;
  if (level === 'error') console.error(line);
  else if (level === 'warning') console.warn(line);
  else console.log(line);
};

export const jobLogger = new Logger(logFactory);
