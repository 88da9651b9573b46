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

/** A draft's optional choice: '' or null is "not chosen yet", anything else must be one of `values`. */
const optionalOneOf = <T extends readonly number[]>(values: T, message: string) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.number(), z.string()], { error: message }))),
    z.transform((value, ctx): T[number] | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      const n = Number(value);
      if (!values.includes(n)) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n as T[number];
    }),
  );

/** A draft's optional whole number between `min` and `max`; '' or null is "not given yet". */
const optionalInt = (min: number, max: number, minMessage = 'validation.number_invalid') =>
  z.pipe(
    z.optional(z.nullable(z.union([z.number(), z.string()]))),
    z.transform((value, ctx): number | undefined => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
      const n = Number(value);
      if (!Number.isInteger(n)) ctx.issues.push({ code: 'custom', message: 'validation.number_invalid', input: value });
      else if (n < min) ctx.issues.push({ code: 'custom', message: minMessage, input: value });
      else if (n > max) ctx.issues.push({ code: 'custom', message: 'validation.too_long', input: value });
      else return n;
      return z.NEVER;
    }),
  );

const positionName = z.string({ error: 'form.vacancy.position_name.required' }).check(z.trim(), z.minLength(1, 'form.vacancy.position_name.required'), z.maxLength(200, 'validation.too_long'));
const quantity = z.pipe(numberField('form.vacancy.quantity.required'), z.number().check(z.int('validation.number_invalid'), z.minimum(1, 'form.vacancy.quantity.min'), z.maximum(10_000, 'validation.too_long')));
const hardSkill = z.string().check(z.trim(), z.minLength(1), z.maxLength(100, 'validation.too_long'));
const salary = z.pipe(numberField('form.vacancy.salary.required'), z.number().check(z.int('validation.number_invalid'), z.minimum(0, 'validation.number_invalid'), z.maximum(100_000_000, 'validation.too_long')));
const comment = z.optional(z.string().check(z.trim(), z.maxLength(2000, 'validation.too_long')));

/**
 * The vacancy form and `POST/PUT vacancy` when publishing (DECISIONS.md, Vacancy). Database
 * checks (the city is Russian, customers belong to the space) are the server's. A draft is
 * checked by `DraftVacancySchema` instead: `vacancySchemaFor` picks by the status sent.
 */
export const VacancySchema = z
  .object({
    positionType: oneOf(POSITION_TYPES, 'form.vacancy.position_type.required'),
    positionName,
    quantity,
    departmentName: text(200),
    hardSkills: z.array(hardSkill, { error: 'form.vacancy.hard_skills.required' }).check(
      z.minLength(1, 'form.vacancy.hard_skills.required'),
      z.maxLength(50, 'validation.too_long'),
    ),
    jobExperience: oneOf(JOB_EXPERIENCE, 'form.vacancy.job_experience.required'),
    softSkills: z.array(z.coerce.number(), { error: 'form.vacancy.soft_skills.required' }).check(z.minLength(1, 'form.vacancy.soft_skills.required'), z.maxLength(100, 'validation.too_long')),
    exceptionalRequirements: text(2000),
    country: z.literal('ru', { error: 'validation.required' }),
    cityId: numberField('form.vacancy.city.required'),
    address: z.string({ error: 'form.vacancy.address.required' }).check(z.trim(), z.minLength(1, 'form.vacancy.address.required'), z.maxLength(300, 'validation.too_long')),
    salary,
    salaryTo: optionalNumber,
    schedule: oneOf(SCHEDULES, 'form.vacancy.schedule.required'),
    bonus: text(2000),
    customers: z.array(z.string(), { error: 'form.vacancy.customers.required' }).check(z.minLength(1, 'form.vacancy.customers.required'), z.maxLength(100, 'validation.too_long')),
    mainCustomer: z.string({ error: 'form.vacancy.main_customer.required' }).check(z.minLength(1, 'form.vacancy.main_customer.required')),
    comment,
    status: z._default(oneOf([1, 2] as const, 'validation.invalid'), VACANCY_STATUS.DRAFT),
  })
  .check(
    z.refine((v) => v.salaryTo === undefined || v.salaryTo >= v.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'] }),
    z.refine((v) => v.customers.includes(v.mainCustomer), { message: 'form.vacancy.main_customer.included', path: ['mainCustomer'] }),
  );
export type VacancyInput = z.input<typeof VacancySchema>;
export type VacancyOutput = z.output<typeof VacancySchema>;

/**
 * A draft (issue 11): only the position name is required, so a recruiter with no customer yet
 * can start one. What is filled in is checked as on publishing; the rest stays empty.
 */
export const DraftVacancySchema = z
  .object({
    positionType: optionalOneOf(POSITION_TYPES, 'form.vacancy.position_type.required'),
    positionName,
    quantity: optionalInt(1, 10_000, 'form.vacancy.quantity.min'),
    departmentName: text(200),
    hardSkills: z._default(z.array(hardSkill).check(z.maxLength(50, 'validation.too_long')), []),
    jobExperience: optionalOneOf(JOB_EXPERIENCE, 'form.vacancy.job_experience.required'),
    softSkills: z._default(z.array(z.coerce.number()).check(z.maxLength(100, 'validation.too_long')), []),
    exceptionalRequirements: text(2000),
    country: z._default(z.literal('ru', { error: 'validation.invalid' }), 'ru'),
    cityId: optionalInt(1, 2_147_483_647),
    address: text(300),
    salary: optionalInt(0, 100_000_000),
    salaryTo: optionalNumber,
    schedule: optionalOneOf(SCHEDULES, 'form.vacancy.schedule.required'),
    bonus: text(2000),
    customers: z._default(z.array(z.string()).check(z.maxLength(100, 'validation.too_long')), []),
    mainCustomer: z.pipe(z.optional(z.nullable(z.string())), z.transform((value) => value || undefined)),
    comment,
    status: z._default(oneOf([VACANCY_STATUS.DRAFT] as const, 'validation.invalid'), VACANCY_STATUS.DRAFT),
  })
  .check(
    z.refine((v) => v.salaryTo === undefined || v.salary === undefined || v.salaryTo >= v.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'] }),
    z.refine((v) => v.mainCustomer === undefined || v.customers.includes(v.mainCustomer), { message: 'form.vacancy.main_customer.included', path: ['mainCustomer'] }),
  );
export type DraftVacancyOutput = z.output<typeof DraftVacancySchema>;

/** What the server writes: a published vacancy has every field, a draft what it was given. */
export interface VacancyWrite {
  positionType?: number;
  positionName: string;
  quantity?: number;
  departmentName: string;
  hardSkills: string[];
  jobExperience?: number;
  softSkills: number[];
  exceptionalRequirements: string;
  country: 'ru';
  cityId?: number;
  address: string;
  salary?: number;
  salaryTo?: number;
  schedule?: number;
  bonus: string;
  customers: string[];
  mainCustomer?: string;
  comment?: string;
  status: 1 | 2;
}

/** A body without a status, or with the draft's, is a draft (the form's 'Save as draft'). */
export function isDraftBody(body: unknown): boolean {
  const status = (body as { status?: unknown } | null)?.status;
  return status === undefined || status === null || status === '' || Number(status) === VACANCY_STATUS.DRAFT;
}

/** The schema that checks a vacancy body: the draft's or the publishing one. */
export function vacancySchemaFor(body: unknown) {
  return isDraftBody(body) ? DraftVacancySchema : VacancySchema;
}

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
  /** A customer put on the vacancy before registering: `id` is then their invite's id. */
  invited?: boolean;
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

/** A draft leaves empty what it was not given: those fields are null until it is published. */
export interface VacancyDto {
  id: string;
  positionType: number | null;
  positionName: string;
  quantity: number;
  departmentName: string;
  hardSkills: string[];
  jobExperience: number | null;
  softSkills: SoftSkillDto[];
  exceptionalRequirements: string;
  country: 'ru';
  city: { id: number; name: string } | null;
  cityId: number | null;
  address: string;
  salary: number | null;
  salaryTo: number | null;
  schedule: number | null;
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
  city: { id: number; name: string } | null;
  salary: number | null;
  salaryTo: number | null;
  customers: PersonRef[];
  counts: StageCounts;
}
