import type { T } from './i18n/index.ts';

/** The levels the candidate form offers: CEFR's six and a native speaker's. */
export const LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'Native'] as const;

/** A language level in the reader's words; a level written otherwise (an old résumé's) as it was written. */
export function levelLabel(t: T, level: string): string {
  return (LEVELS as readonly string[]).includes(level) ? t(`candidate_form.level.${level}`) : level;
}
