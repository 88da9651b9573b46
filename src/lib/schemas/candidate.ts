import * as z from 'zod/mini';
import { EMAIL_PATTERN, numberParam, textParam } from './common.ts';
import { SCHEDULES } from './vacancy.ts';

import { STAGES, type PdStatus, type Priority, type Stage } from './funnel.ts';

export { PD_STATUS, PRIORITY, STAGE, STAGES, type PdStatus, type Priority, type Stage } from './funnel.ts';

export const SORTS = ['createdAtDesc', 'createdAtAsc', 'salaryAsc', 'salaryDesc'] as const;
export type Sort = (typeof SORTS)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}/;
const isoDate = (message: string) =>
  z.string({ error: message }).check(
    z.refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v)), message),
    z.overwrite((v) => v.slice(0, 10)),
  );
const optionalText = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, 'validation.too_long')), '');
const optionalInt = z.optional(
  z.nullable(
    z.pipe(
      z.union([z.number(), z.string()]),
      z.transform((value, ctx) => {
        if (typeof value === 'string' && value.trim() === '') return null;
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0) {
          ctx.issues.push({ code: 'custom', message: 'validation.number_invalid', input: value });
          return z.NEVER;
        }
        return n;
      }),
    ),
  ),
);

export const JobSchema = z
  .object({
    from: isoDate('form.candidate.job_from.required'),
    to: z.optional(z.nullable(isoDate('validation.invalid'))),
    companyName: z.string({ error: 'form.candidate.company.required' }).check(z.trim(), z.minLength(1, 'form.candidate.company.required'), z.maxLength(200, 'validation.too_long')),
    companyInfo: optionalText(500),
    positionName: z.string({ error: 'form.candidate.position.required' }).check(z.trim(), z.minLength(1, 'form.candidate.position.required'), z.maxLength(200, 'validation.too_long')),
    positionDescription: optionalText(4000),
  })
  .check(z.refine((job) => !job.to || job.to >= job.from, { message: 'form.candidate.job_to.min', path: ['to'] }));

export const EducationSchema = z.object({
  year: z.pipe(
    z.union([z.number(), z.string()], { error: 'form.candidate.year.required' }),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1950 || n > 2100) {
        ctx.issues.push({ code: 'custom', message: 'form.candidate.year.invalid', input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
  name: z.string({ error: 'form.candidate.education.required' }).check(z.trim(), z.minLength(1, 'form.candidate.education.required'), z.maxLength(300, 'validation.too_long')),
  description: optionalText(1000),
});

export const LanguageSchema = z.object({
  lang: z.string({ error: 'form.candidate.lang.required' }).check(z.trim(), z.minLength(1, 'form.candidate.lang.required'), z.maxLength(60, 'validation.too_long')),
  level: z.string({ error: 'form.candidate.level.required' }).check(z.trim(), z.minLength(1, 'form.candidate.level.required'), z.maxLength(60, 'validation.too_long')),
});

/** A candidate of the database: every field of SPEC.md §3; `vacancyId` also puts them on it. */
export const CandidateSchema = z
  .object({
    name: z.string({ error: 'validation.name_required' }).check(z.trim(), z.minLength(1, 'validation.name_required'), z.maxLength(100, 'validation.too_long')),
    surname: z.string({ error: 'validation.surname_required' }).check(z.trim(), z.minLength(1, 'validation.surname_required'), z.maxLength(100, 'validation.too_long')),
    dob: z.optional(z.nullable(isoDate('validation.invalid'))),
    positionName: optionalText(200),
    salary: optionalInt,
    salaryTo: optionalInt,
    cityId: optionalInt,
    email: z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.maxLength(254, 'validation.too_long'),
          z.refine((v) => v === '' || EMAIL_PATTERN.test(v), 'validation.email_invalid'),
          z.toLowerCase(),
        ),
      ),
    ),
    phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40, 'validation.too_long'), z.refine((v) => v === '' || /^[+\d()\s-]{5,}$/.test(v), 'form.candidate.phone.invalid')))),
    schedule: z._default(z.array(z.union(SCHEDULES.map((n) => z.literal(n)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>, z.ZodMiniLiteral<3>], { error: 'validation.invalid' })), []),
    skills: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100, 'validation.too_long'))).check(z.maxLength(100, 'validation.too_long')), []),
    jobExperience: z._default(z.array(JobSchema).check(z.maxLength(50, 'validation.too_long')), []),
    education: z._default(z.array(EducationSchema).check(z.maxLength(30, 'validation.too_long')), []),
    langs: z._default(z.array(LanguageSchema).check(z.maxLength(30, 'validation.too_long')), []),
    vacancyId: z.optional(z.string()),
  })
  .check(
    z.refine((c) => c.salaryTo == null || c.salary == null || c.salaryTo >= c.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'] }),
    z.refine((c) => !c.dob || c.dob <= new Date().toISOString().slice(0, 10), { message: 'form.candidate.dob.future', path: ['dob'] }),
  );
export type CandidateInput = z.input<typeof CandidateSchema>;
export type CandidateOutput = z.output<typeof CandidateSchema>;


/** Filters of the candidate database and of a vacancy's candidates (query strings). */
export const CandidateQuerySchema = z.object({
  page: z.pipe(numberParam, z.transform((n) => Math.max(1, Math.floor(n ?? 1)))),
  limit: z.pipe(numberParam, z.transform((n) => Math.min(100, Math.max(1, Math.floor(n ?? 20))))),
  search: textParam,
  positionName: textParam,
  salaryFrom: numberParam,
  salaryTo: numberParam,
  city: numberParam,
  ageFrom: numberParam,
  ageTo: numberParam,
  /** one or more of 1, 2, 3, comma-separated */
  schedule: z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      const list = value.split(',').map((v) => Number(v.trim()));
      if (list.some((n) => n !== 1 && n !== 2 && n !== 3)) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      }
      return [...new Set(list)];
    }),
  ),
  sort: z._default(z.enum(SORTS, { error: 'validation.invalid' }), 'createdAtDesc'),
  excludeVacancyId: textParam,
  stage: numberParam,
});
export type CandidateQuery = z.output<typeof CandidateQuerySchema>;

export const AddToVacancySchema = z.object({
  vacancyId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
  candidatesIds: z.array(z.string(), { error: 'form.candidate.select_required' }).check(z.minLength(1, 'form.candidate.select_required'), z.maxLength(500, 'validation.too_long')),
});

export const StageSchema = z.object({
  stage: z.pipe(
    z.union([z.number(), z.string()], { error: 'validation.invalid' }),
    z.transform((value, ctx): Stage => {
      const n = Number(value);
      if (!(STAGES as readonly number[]).includes(n)) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      }
      return n as Stage;
    }),
  ),
});

export const PrioritySchema = z.object({
  priority: z.pipe(
    z.union([z.number(), z.string()], { error: 'validation.invalid' }),
    z.transform((value, ctx): Priority => {
      const n = Number(value);
      if (n !== 1 && n !== 2 && n !== 3) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
});

export const RatingSchema = z.object({
  score: z.pipe(
    z.union([z.number(), z.string()], { error: 'form.rating.score' }),
    z.transform((value, ctx) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 5) {
        ctx.issues.push({ code: 'custom', message: 'form.rating.score', input: value });
        return z.NEVER;
      }
      return n;
    }),
  ),
  comment: z._default(z.string().check(z.trim(), z.maxLength(2000, 'validation.too_long')), ''),
});

export const PdRequestSchema = z.object({ candidateId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')) });
export const PdAnswerSchema = z.object({
  token: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.invalid')),
  response: z.enum(['approved', 'declined'], { error: 'validation.invalid' }),
});

export interface Page<T> {
  data: T[];
  pagination: { currentPage: number; totalPages: number; totalRecords: number };
}

export interface CandidateCard {
  id: string;
  name: string;
  surname: string;
  image: string | null;
  dob: string | null;
  age: number | null;
  positionName: string;
  salary: number | null;
  salaryTo: number | null;
  city: { id: number; name: string } | null;
  schedule: number[];
  createdAt: string;
}

export interface RatingDto {
  score: number;
  comment: string;
  createdAt: string;
  user: { id: string; name: string; surname: string; role: number };
}

export interface PdEventDto {
  kind: 'requested' | 'approved' | 'declined' | 'send_failed' | 'expired';
  at: string;
  ip: string | null;
  by?: { name: string; surname: string } | null;
}

export interface CandidateDto extends CandidateCard {
  email: string | null;
  phone: string | null;
  resume: string | null;
  resumeName: string | null;
  skills: string[];
  jobExperience: { from: string; to: string | null; companyName: string; companyInfo: string; positionName: string; positionDescription: string }[];
  education: { year: number; name: string; description: string }[];
  langs: { lang: string; level: string }[];
  pdStatus: PdStatus;
  pdHistory: PdEventDto[];
  /** The newest request's mail: queued until the mail server took it (docs/decisions/0007). */
  pdMail: 'queued' | 'sent' | 'failed' | null;
  /** On the vacancy of the page, when the candidate is on it. */
  funnel: {
    vacancyId: string;
    stage: Stage;
    priority: Priority;
    stageChangedAt: string;
    ratings: RatingDto[];
    average: number | null;
    /** Stages the signed-in user may move the candidate to. */
    allowedStages: Stage[];
    history: { kind: string; from: string | null; to: string | null; at: string; user: { name: string; surname: string } | null }[];
  } | null;
}

export interface VacancyCandidateRow extends CandidateCard {
  stage: Stage;
  priority: Priority;
  stageChangedAt: string;
  average: number | null;
  ratingsCount: number;
}
