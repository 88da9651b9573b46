import type { Locale, T } from '../../lib/i18n/index.ts';
import { numberFormat } from '../../lib/numbers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A candidate's desired salary: from, with an optional ' – to' (SPEC.md §9); a dash when none. */
export function salaryText(t: T, locale: Locale, salary: number | null, salaryTo: number | null): string {
  const n = numberFormat(locale);
  if (salary !== null && salaryTo !== null && salaryTo !== salary) return t('candidates_list.salary_range', { from: n.format(salary), to: n.format(salaryTo) });
  if (salary !== null) return t('candidates_list.salary_exact', { value: n.format(salary) });
  if (salaryTo !== null) return t('candidates_list.salary_up_to', { to: n.format(salaryTo) });
  return t('candidates_list.not_given');
}

/**
 * The time since the last stage change, in whole units: '3 d 4 h' from a day on,
 * '5 h 12 min' from an hour on, '7 min' below that. A clock ahead of the server shows 0 min.
 */
export function timerText(t: T, since: string, now: number): string {
  const elapsed = Math.max(0, now - Date.parse(since));
  if (elapsed >= DAY) return t('candidates_list.timer.days', { d: Math.floor(elapsed / DAY), h: Math.floor((elapsed % DAY) / HOUR) });
  if (elapsed >= HOUR) return t('candidates_list.timer.hours', { h: Math.floor(elapsed / HOUR), m: Math.floor((elapsed % HOUR) / MINUTE) });
  return t('candidates_list.timer.minutes', { m: Math.floor(elapsed / MINUTE) });
}

/** The first letters of the name and surname, for a candidate without a photo. */
export function initials(name: string, surname: string): string {
  return `${name.trim()[0] ?? ''}${surname.trim()[0] ?? ''}`.toUpperCase() || '?';
}
