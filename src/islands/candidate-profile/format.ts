import type { Locale, T } from '../../lib/i18n/index.ts';

/**
 * '05 May 2024, 14:30' / '05 мая 2024, 14:30' (SPEC.md §9's dd LLLL yyyy plus the time) in the
 * reader's saved zone (see `useClock`).
 */
export function formatDateTime(iso: string, locale: Locale, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')}`;
}

/** Time since a moment: '3 days 4 hours', '2 hours 5 minutes', '7 minutes', 'less than a minute'. */
export function formatElapsed(t: T, ms: number): string {
  const total = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const unit = (name: string, count: number) => (count ? t(`candidate_profile.timer.${name}`, { count }) : '');
  if (days) return [unit('days', days), unit('hours', hours)].filter(Boolean).join(' ');
  if (hours) return [unit('hours', hours), unit('minutes', minutes)].filter(Boolean).join(' ');
  if (minutes) return unit('minutes', minutes);
  return t('candidate_profile.timer.less_than_minute');
}

/** 'Olga Owner' */
export const fullName = (person: { name: string; surname: string }) => `${person.name} ${person.surname}`.trim();
