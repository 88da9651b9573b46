import * as z from 'zod/mini';
import { dateSchema, intParam, INT_MAX, isEmail, MONEY_MAX, optionalInt as optionalInteger, optionalMoney, optionalText, RefSchema, requiredText, textParam } from './common.ts';
import { SCHEDULES } from './vacancy.ts';
import { SORTS } from '../candidate-sorts.ts';

import { STAGES, type PdStatus, type Priority, type Stage } from './funnel.ts';
import { AGE_MAX } from '../vacancy-values.ts';

export { PD_STATUS, PRIORITY, STAGE, STAGES, type PdStatus, type Priority, type Stage } from './funnel.ts';

/** Deeper than this nobody pages; the offset stays far inside PostgreSQL's range. */
export const MAX_PAGE = 100_000;

export { SORTS, type Sort } from '../candidate-sorts.ts';

const isoDate = dateSchema;

/** 'YYYY-MM-DD' of today, a day ahead of UTC: nowhere on Earth is it later than that. */
function latestToday(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' of the day `years` ago (UTC). */
function yearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
}

/** A person at work or looking for it: born 14 to 100 years ago (issue 11). */
export const DOB_MIN_AGE = 14;
export const DOB_MAX_AGE = 100;
/** A city id: optional on a candidate. */
const optionalCityId = optionalInteger({ min: 1, message: 'validation.invalid' });

export const JobSchema = z
  .object({
    from: isoDate('form.candidate.job_from.required'),
    to: z.optional(z.nullable(isoDate('validation.invalid'))),
    companyName: requiredText('form.candidate.company.required', 200),
    companyInfo: optionalText(500, { multiline: true }),
    positionName: requiredText('form.candidate.position.required', 200),
    positionDescription: optionalText(4000, { multiline: true }),
  })
  .check(
    // a job period lies in the past: it starts no later than this month and ends no later either
    z.refine((job) => job.from <= latestToday(), { message: 'form.candidate.job_from.future', path: ['from'] }),
    z.refine((job) => !job.to || job.to <= latestToday(), { message: 'form.candidate.job_to.future', path: ['to'] }),
    z.refine((job) => !job.to || job.to >= job.from, { message: 'form.candidate.job_to.min', path: ['to'] }),
  );

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
  name: requiredText('form.candidate.education.required', 300),
  description: optionalText(1000, { multiline: true }),
});

export const LanguageSchema = z.object({
  lang: requiredText('form.candidate.lang.required', 60),
  level: requiredText('form.candidate.level.required', 60),
});

/** A candidate of the database: every field of SPEC.md §3; `vacancyId` also puts them on it. */
export const CandidateSchema = z
  .object({
    name: requiredText('validation.name_required'),
    surname: requiredText('validation.surname_required'),
    dob: z.optional(z.nullable(isoDate('form.candidate.dob.invalid'))),
    positionName: optionalText(200),
    salary: optionalMoney,
    salaryTo: optionalMoney,
    cityId: optionalCityId,
    email: z.optional(
      z.nullable(
        z.string().check(
          z.trim(),
          z.refine((v) => v.length <= 254, { message: 'validation.too_long', abort: true }),
          z.refine((v) => v === '' || isEmail(v), 'validation.email_invalid'),
          z.toLowerCase(),
        ),
      ),
    ),
    phone: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(40, 'validation.too_long'), z.refine((v) => v === '' || /^[+\d()\s-]{5,}$/.test(v), 'form.candidate.phone.invalid')))),
    schedule: z._default(z.array(z.union(SCHEDULES.map((n) => z.literal(n)) as [z.ZodMiniLiteral<1>, z.ZodMiniLiteral<2>, z.ZodMiniLiteral<3>], { error: 'validation.invalid' })), []),
    skills: z._default(z.array(requiredText('validation.required')).check(z.maxLength(100, 'validation.too_long')), []),
    jobExperience: z._default(z.array(JobSchema).check(z.maxLength(50, 'validation.too_long')), []),
    education: z._default(z.array(EducationSchema).check(z.maxLength(30, 'validation.too_long')), []),
    langs: z._default(z.array(LanguageSchema).check(z.maxLength(30, 'validation.too_long')), []),
    vacancyId: z.optional(RefSchema()),
  })
  .check(
    z.refine((c) => c.salaryTo == null || c.salary == null || c.salaryTo >= c.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'] }),
    z.refine((c) => !c.dob || (c.dob <= yearsAgo(DOB_MIN_AGE) && c.dob >= yearsAgo(DOB_MAX_AGE)), { message: 'form.candidate.dob.range', path: ['dob'] }),
  );
export type CandidateInput = z.input<typeof CandidateSchema>;
export type CandidateOutput = z.output<typeof CandidateSchema>;


/** Filters of the candidate database and of a vacancy's candidates (query strings). */
export const CandidateQuerySchema = z.object({
  page: z.pipe(intParam({ min: 1, max: MAX_PAGE }), z.transform((n) => n ?? 1)),
  limit: z.pipe(intParam({ min: 1, max: INT_MAX }), z.transform((n) => Math.min(100, n ?? 20))),
  search: textParam,
  positionName: textParam,
  salaryFrom: intParam({ max: MONEY_MAX }),
  salaryTo: intParam({ max: MONEY_MAX }),
  city: intParam({ min: 1, message: 'validation.invalid' }),
  ageFrom: intParam({ max: AGE_MAX }),
  ageTo: intParam({ max: AGE_MAX }),
  /** one or more of 1, 2, 3, comma-separated */
  schedule: z.pipe(
    z.optional(z.string()),
    z.transform((value, ctx) => {
      if (!value?.trim()) return undefined;
      if (value.length > 20) {
        ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
        return z.NEVER;
      }
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
  stage: intParam({ max: 7, message: 'validation.invalid' }),
});
export type CandidateQuery = z.output<typeof CandidateQuerySchema>;

/** `GET candidates/{id}?vacancyId=` adds the candidate's funnel on that vacancy. */
export const CandidateViewQuerySchema = z.object({ vacancyId: z.optional(z.string().check(z.meta({ description: "Adds the candidate's funnel on that vacancy." }))) });

export const AddToVacancySchema = z.object({
  vacancyId: RefSchema(),
  candidatesIds: z.array(RefSchema(), { error: 'form.candidate.select_required' }).check(z.minLength(1, 'form.candidate.select_required'), z.maxLength(500, 'validation.too_long')),
});

export const stageValue = z.pipe(
  z.union([z.number(), z.string()], { error: 'validation.invalid' }),
  z.transform((value, ctx): Stage => {
    const n = Number(value);
    if (!(STAGES as readonly number[]).includes(n)) {
      ctx.issues.push({ code: 'custom', message: 'validation.invalid', input: value });
      return z.NEVER;
    }
    return n as Stage;
  }),
);

/** A move names the stage it moves from: when that changed meanwhile, the move is refused (409). */
export const StageSchema = z.object({ stage: stageValue, from: stageValue });

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
  comment: optionalText(2000, { multiline: true }),
});

export const PdRequestSchema = z.object({ candidateId: RefSchema() });
export const PdAnswerSchema = z.object({
  token: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required'), z.maxLength(200, 'validation.invalid')),
  response: z.enum(['approved', 'declined'], { error: 'validation.invalid' }),
  /** The customers the candidate shares with (docs/decisions/0022); every other one named is refused. */
  share: z.optional(z.array(z.string({ error: 'validation.invalid' }).check(z.maxLength(100, 'validation.invalid')), { error: 'validation.invalid' }).check(z.maxLength(100, 'validation.invalid'))),
});

export interface Page<T> {
  data: T[];
  /**
   * `totalExact` false: more than `totalRecords` rows match (the candidate lists count exactly up
   * to COUNT_LIMIT, docs/api.md), and `totalPages` runs one past the current page while it is full.
   */
  pagination: { currentPage: number; totalPages: number; totalRecords: number; totalExact?: boolean };
}

/** The candidate lists count matches exactly up to this many; past it they say "10 000+". */
export const COUNT_LIMIT = 10_000;
/** A text search counts its matches up to this many ("1 000+"): each match is a row read. */
export const TEXT_COUNT_LIMIT = 1_000;

/**
 * A list's pagination from a count that stopped at COUNT_LIMIT + 1 rows (`counted`) and the
 * number of rows on the current page. Exact up to the limit; past it the total is the limit, as
 * a lower bound, and there is a next page while this one is full, so that paging goes on.
 */
export function cappedPagination(
  counted: number,
  rowsOnPage: number,
  page: number,
  limit: number,
  countLimit = COUNT_LIMIT,
  depth = Number.POSITIVE_INFINITY,
): Page<never>['pagination'] {
  const exact = counted <= countLimit;
  const totalRecords = exact ? counted : countLimit;
  const countedPages = Math.max(1, Math.ceil(totalRecords / limit));
  const open = exact ? countedPages : Math.max(countedPages, rowsOnPage === limit ? page + 1 : page);
  // a text search lists its first TEXT_DEPTH matches only: no page past them is offered
  const totalPages = Math.min(open, Math.max(1, Math.ceil(depth / limit)));
  return { currentPage: page, totalPages, totalRecords, totalExact: exact };
}

/**
 * A text search lists this many matches at most (docs/decisions/0033): deeper pages of a common
 * word would read every match, seconds at a million candidates. Like the count ("1 000+").
 */
export const TEXT_DEPTH = TEXT_COUNT_LIMIT;

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
  /** True when the reader is a customer the candidate has not agreed to share with: name, photo, birth date, contacts and résumé are withheld. */
  identityHidden?: boolean;
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
  /** The address the request was mailed to: an answer counts only for that address. */
  email: string;
  /** The client's network address; null for readers who may not see it (customers). */
  ip: string | null;
  by?: { name: string; surname: string } | null;
}

/** The candidate's answer for one recipient: the space's company (processing) or a customer. */
export interface PdGrantDto {
  recipient: 'company' | 'customer';
  customerId: string | null;
  name: string | null;
  granted: boolean;
  at: string;
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
  /** The newest request's mail: queued until the mail server took it (docs/decisions/0010). */
  pdMail: 'queued' | 'sent' | 'failed' | null;
  /** Per recipient (docs/decisions/0022); empty for customers. */
  pdGrants: PdGrantDto[];
  /** Customers of the candidate's vacancies not yet asked while processing is approved; empty for customers. */
  pdMissing: { id: string; name: string }[];
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
