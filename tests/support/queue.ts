import pg from 'pg';

/**
 * Waits until the product's job queue has no mail job running or due, so that a test can rely
 * on a mail's effects (a code that is valid, a state that is recorded) or say a mail was NOT sent.
 */
export async function queueSettled(databaseUrl: string, timeoutMs = 15_000): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from graphile_worker.jobs
         where task_identifier in ('mail', 'code-mail') and attempts < max_attempts and (locked_at is not null or run_at <= now())`,
      );
      if (rows[0]!.n === 0) return;
      if (Date.now() > deadline) throw new Error('the job queue did not settle');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await client.end();
  }
}
