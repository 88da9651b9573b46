/**
 * Browser errors, reported to the product itself (issue 16, item 7): the reporter of
 * src/lib/inline/scripts.mjs posts them here; staff read them at /staff/errors with their page
 * and release. Nothing ties a report to a person: no user, no address kept, no query string,
 * and addresses and long numbers in the texts are blanked before they are stored.
 */
import { and, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { hit } from './ratelimit.ts';
import { clientBucket, tooMany } from './http.ts';
import type { ClientReport } from '../schemas/client-errors.ts';
import { withoutBidiControls } from '../schemas/common.ts';

/** Reports one client may send in an hour: a page in a crash loop must not fill the table. */
export const REPORTS_PER_CLIENT_HOUR = 60;

/** E-mail addresses, long digit runs (phones, ids) and tokens become placeholders. */
export function scrub(text: string): string {
  // staff read these: a stranger's direction override must not turn the page around for them
  return withoutBidiControls(text)
    .replace(/\0/g, '')
    .split(/(\s+)/)
    .map((word) => (word.includes('@') ? '<address>' : word))
    .join('')
    .replace(/\d{6,}/g, '<number>')
    .replace(/[A-Za-z0-9_-]{32,}/g, '<token>');
}

export async function recordClientReport(report: ClientReport, ip: string | undefined, userAgent: string | null): Promise<void> {
  const db = await getDb();
  if (!(await hit(`client-report:${clientBucket(ip)}`, REPORTS_PER_CLIENT_HOUR, 3600, db))) throw tooMany();
  const release = report.release || 'unknown';
  if (report.kind === 'view') {
    if (!report.sampled) return;
    await db.execute(sql`
      insert into client_views (day, release, page, count) values (current_date, ${release}, ${report.page}, 1)
      on conflict (day, release, page) do update set count = client_views.count + 1`);
    return;
  }
  await db.insert(schema.clientErrors).values({
    kind: report.kind,
    release,
    page: report.page,
    message: scrub(report.message),
    stack: scrub(report.stack ?? ''),
    userAgent: (userAgent ?? '').slice(0, 200),
    sampled: report.sampled,
  });
}

export interface ClientErrorFilter {
  release?: string;
  page?: string;
  days: number;
}

/** The newest reports matching the filter, and per release the errors and sampled views of the period. */
export async function clientErrorReport(filter: ClientErrorFilter) {
  const db = await getDb();
  const since = new Date(Date.now() - filter.days * 86_400_000);
  const where: SQL[] = [gte(schema.clientErrors.at, since)];
  if (filter.release) where.push(eq(schema.clientErrors.release, filter.release));
  if (filter.page) where.push(eq(schema.clientErrors.page, filter.page));
  const [errors, releases] = await Promise.all([
    db.select().from(schema.clientErrors).where(and(...where)).orderBy(desc(schema.clientErrors.at)).limit(100),
    db.execute<{ release: string; errors: number; views: number; last: Date | null }>(sql`
      with e as (select release, count(*)::int as errors, max(at) as last from client_errors where at >= ${since} group by release),
           v as (select release, sum(count)::int as views from client_views where day >= ${since}::date group by release)
      select coalesce(e.release, v.release) as release, coalesce(e.errors, 0) as errors, coalesce(v.views, 0) as views, e.last
      from e full join v on v.release = e.release
      order by e.last desc nulls last, 1 desc
      limit 20`),
  ]);
  return { errors, releases: releases.rows.map((row) => ({ ...row, last: row.last ? new Date(row.last) : null })) };
}

/** Old reports go with the hourly clean-up: 30 days of errors, 90 of view counts. */
export async function deleteOldClientReports(): Promise<number> {
  const db = await getDb();
  const errors = await db.execute(sql`delete from client_errors where at < now() - interval '30 days'`);
  const views = await db.execute(sql`delete from client_views where day < current_date - 90`);
  return (errors.rowCount ?? 0) + (views.rowCount ?? 0);
}
