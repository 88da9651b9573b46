/**
 * A vacancy's fixed values and the bounds of the filters over vacancies and candidates, without
 * zod: islands that only need these load no schema code (schemas/vacancy.ts re-exports them,
 * with the rules).
 */
export const POSITION_TYPES = [1, 2, 3, 4] as const; // head, qualified, IT, work
export const JOB_EXPERIENCE = [1, 2, 3, 4] as const; // none, 1–3, 3–6, 6+ years
export const SCHEDULES = [1, 2, 3] as const; // full day, shift, flexible
export const VACANCY_STATUS = { PUBLISHED: 1, DRAFT: 2, ARCHIVED: 3 } as const;
export type VacancyStatus = (typeof VACANCY_STATUS)[keyof typeof VACANCY_STATUS];
/** The dashboard's period chips. */
export const PERIODS = ['all', 'month', 'week'] as const;
export type Period = (typeof PERIODS)[number];
/** The largest salary the filters take: the schemas' MONEY_MAX (schemas/common.ts), which a unit test holds it to. */
export const SALARY_MAX = 100_000_000;
/** The largest age the candidate filter takes. */
export const AGE_MAX = 150;
