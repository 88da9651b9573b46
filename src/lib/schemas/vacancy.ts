import * as z from 'zod/mini';
import { numberParam, textParam } from './common.ts';

export const POSITION_TYPES = [1, 2, 3, 4] as const; // head, qualified, IT, work
export const JOB_EXPERIENCE = [1, 2, 3, 4] as const; // none, 1–3, 3–6, 6+ years
export const SCHEDULES = [1, 2, 3] as const; // full day, shift, flexible
export const VACANCY_STATUS = { PUBLISHED: 1, DRAFT: 2, ARCHIVED: 3 } as const;
export type VacancyStatus = (typeof VACANCY_STATUS)[keyof typeof VACANCY_STATUS];

/** A form field holding a number; an empty field is undefined, not 0. */
const numberField = (required: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: required }),
    z.transform((value, ctx) => {
      const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
      if (Number.isNaN(n)) {
        ctx.issues.push({ code: 'custom', message: required, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );

const optionalNumber = z.pipe(
  z.optional(z.nullable(z.union([z.number(), z.string()]))),
  z.transform((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
    const n = Number(value);
    if (Number.isNaN(n) || n < 0) {
      ctx.issues.push({ code: 'custom', message: 'validation.number_invalid', input: value });
      return z.NEVER;
    }
    return n;
  }),
);

const oneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: message }),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!values.includes(n)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n as T[number];
    }),
  );

const text = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, 'validation.too_long')), '');

/**
 * The vacancy form and `POST/PUT vacancy` (DECISIONS.md, Vacancy). Database checks (the city is
 * Russian, customers belong to the space) are the server's.
 */
export const VacancySchema = z
  .object({
    positionType: oneOf(POSITION_TYPES, 'validation.required'),
    positionName: z.string({ error: 'form.vacancy.position_name.required' }).check(z.trim(), z.minLength(1, 'form.vacancy.position_name.required'), z.maxLength(200, 'validation.too_long')),
    quantity: z.pipe(numberField('form.vacancy.quantity.required'), z.number().check(z.int('validation.number_invalid'), z.minimum(1, 'form.vacancy.quantity.min'), z.maximum(10_000, 'validation.too_long'))),
    departmentName: text(200),
    hardSkills: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100, 'validation.too_long')), { error: 'form.vacancy.hard_skills.required' }).check(
      z.minLength(1, 'form.vacancy.hard_skills.required'),
      z.maxLength(50, 'validation.too_long'),
    ),
    jobExperience: oneOf(JOB_EXPERIENCE, 'form.vacancy.job_experience.required'),
    softSkills: z.array(z.coerce.number(), { error: 'form.vacancy.soft_skills.required' }).check(z.minLength(1, 'form.vacancy.soft_skills.required'), z.maxLength(100, 'validation.too_long')),
    exceptionalRequirements: text(2000),
    country: z.literal('ru', { error: 'validation.required' }),
    cityId: numberField('form.vacancy.city.required'),
    address: z.string({ error: 'form.vacancy.address.required' }).check(z.trim(), z.minLength(1, 'form.vacancy.address.required'), z.maxLength(300, 'validation.too_long')),
    salary: z.pipe(numberField('form.vacancy.salary.required'), z.number().check(z.int('validation.number_invalid'), z.minimum(0, 'validation.number_invalid'), z.maximum(100_000_000, 'validation.too_long'))),
    salaryTo: optionalNumber,
    schedule: oneOf(SCHEDULES, 'form.vacancy.schedule.required'),
    bonus: text(2000),
    customers: z.array(z.string(), { error: 'form.vacancy.customers.required' }).check(z.minLength(1, 'form.vacancy.customers.required'), z.maxLength(100, 'validation.too_long')),
    mainCustomer: z.string({ error: 'form.vacancy.main_customer.required' }).check(z.minLength(1, 'form.vacancy.main_customer.required')),
    comment: z.optional(z.string().check(z.trim(), z.maxLength(2000, 'validation.too_long'))),
    status: z._default(oneOf([1, 2] as const, 'validation.invalid'), VACANCY_STATUS.DRAFT),
  })
  .check(
    z.refine((v) => v.salaryTo === undefined || v.salaryTo >= v.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'] }),
    z.refine((v) => v.customers.includes(v.mainCustomer), { message: 'form.vacancy.main_customer.included', path: ['mainCustomer'] }),
  );
export type VacancyInput = z.input<typeof VacancySchema>;
export type VacancyOutput = z.output<typeof VacancySchema>;

export const PERIODS = ['all', 'month', 'week'] as const;
export type Period = (typeof PERIODS)[number];


/** The dashboard's filter; it lives in the page URL, so every value arrives as text. */
export const VacancyFilterSchema = z.object({
  positionName: textParam,
  search: textParam,
  city: numberParam,
  salaryFrom: numberParam,
  salaryTo: numberParam,
  customer: textParam,
  status: z.pipe(
    numberParam,
    z.transform((value, ctx): VacancyStatus => {
      if (value === undefined) return VACANCY_STATUS.PUBLISHED;
      if (value !== 1 && value !== 2 && value !== 3) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      }
      return value;
    }),
  ),
  period: z._default(z.enum(PERIODS, { error: 'validation.invalid' }), 'all'),
});
export type VacancyFilter = z.output<typeof VacancyFilterSchema>;

export const CommentSchema = z.object({
  vacancyId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
  text: z.string({ error: 'form.comment.required' }).check(z.trim(), z.minLength(1, 'form.comment.required'), z.maxLength(2000, 'validation.too_long')),
});

export interface SoftSkillDto {
  id: number;
  name: { en: string; ru: string };
  main: boolean;
}

export interface PersonRef {
  id: string;
  name: string;
  surname: string;
  email?: string;
  image?: string | null;
}

export interface VacancyCommentDto {
  id: string;
  text: string;
  createdAt: string;
  user: PersonRef;
}

/** Candidates per funnel stage, for the table and the counter cards. */
export interface StageCounts {
  all: number;
  new: number;
  recruiterInterview: number;
  testing: number;
  customerInterview: number;
  finalist: number;
  hired: number;
  archive: number;
}

export interface VacancyDto {
  id: string;
  positionType: number;
  positionName: string;
  quantity: number;
  departmentName: string;
  hardSkills: string[];
  jobExperience: number;
  softSkills: SoftSkillDto[];
  exceptionalRequirements: string;
  country: 'ru';
  city: { id: number; name: string };
  cityId: number;
  address: string;
  salary: number;
  salaryTo: number | null;
  schedule: number;
  bonus: string;
  customers: PersonRef[];
  mainCustomer: string | null;
  status: VacancyStatus;
  recruiter: { name: string; surname: string };
  comments: VacancyCommentDto[];
  createdAt: string;
  updatedAt: string;
  counts: StageCounts;
  /** Whether the signed-in user may edit: false once a candidate reached finalist or hired. */
  editable: boolean;
}

export interface VacancyListItem {
  id: string;
  positionName: string;
  quantity: number;
  status: VacancyStatus;
  createdAt: string;
  city: { id: number; name: string };
  salary: number;
  salaryTo: number | null;
  customers: PersonRef[];
  counts: StageCounts;
}
