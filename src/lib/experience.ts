import type { T } from './i18n/index.ts';

/**
 * Job-experience arithmetic for the candidate profile (SPEC.md §2).
 *
 * The rule: a period counts whole calendar months, both ends included. A job from 2020-01-xx to
 * 2020-03-xx is January, February and March: 3 months, whatever the days; a job that starts and
 * ends in the same month is 1 month. A current job (`to: null`) runs to `today`'s month, and no
 * period counts months after it.
 * Periods that overlap or touch are merged before counting, so a month worked at two places at
 * once counts once. Dates are the ISO 'YYYY-MM-DD' the API sends; the day is ignored.
 */
export interface Period {
  from: string;
  to: string | null;
}

const ISO_MONTH = /^(\d{4})-(\d{2})/;

/** Months since year 0 of an ISO date ('2020-03-15' → 2020 * 12 + 2), or null when unreadable. */
function monthIndex(iso: string): number | null {
  const match = ISO_MONTH.exec(iso);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return Number(match[1]) * 12 + month - 1;
}

/** The total number of months covered by the periods, overlaps and neighbours merged. */
export function mergedMonths(jobs: readonly Period[], today: Date = new Date()): number {
  const now = today.getUTCFullYear() * 12 + today.getUTCMonth();
  const spans = jobs
    .map((job) => {
      const start = monthIndex(job.from);
      const end = job.to ? monthIndex(job.to) : now;
      // months after today have not been worked yet
      return start === null || end === null ? null : ([start, Math.min(end, now)] as const);
    })
    // a period that ends before it starts (or starts in the future) counts nothing
    .filter((span): span is readonly [number, number] => span !== null && span[1] >= span[0])
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let current: [number, number] | null = null;
  for (const [start, end] of spans) {
    if (current && start <= current[1] + 1) {
      current[1] = Math.max(current[1], end);
    } else {
      if (current) total += current[1] - current[0] + 1;
      current = [start, end];
    }
  }
  if (current) total += current[1] - current[0] + 1;
  return total;
}

/** Jobs with the latest start first, as the finalists sheet and shortlists list them. */
export function newestFirst<J extends Period>(jobs: readonly J[]): J[] {
  return [...jobs].sort((a, b) => b.from.localeCompare(a.from));
}

/** 27 → { years: 2, months: 3 }. */
export function durationParts(months: number): { years: number; months: number } {
  const whole = Math.max(0, Math.floor(months));
  return { years: Math.floor(whole / 12), months: whole % 12 };
}

/**
 * '2 years 3 months' / '2 года 3 месяца' through the `candidate.years` and `candidate.months`
 * plural keys; nothing to count reads '1 month' (SPEC.md §2's fallback).
 */
export function formatDuration(t: T, months: number): string {
  const parts = durationParts(months);
  if (parts.years === 0 && parts.months === 0) return t('candidate.months', { count: 1 });
  return [parts.years ? t('candidate.years', { count: parts.years }) : '', parts.months ? t('candidate.months', { count: parts.months }) : '']
    .filter(Boolean)
    .join(' ');
}
