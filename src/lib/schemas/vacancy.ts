import * as z from 'zod/mini';
import { cleanText, intId, intParam, MONEY_MAX, optionalInt, optionalMoney, optionalText, RefSchema, requiredInt, requiredText, SMALLINT_MAX, textParam } from './common.ts';
import { JOB_EXPERIENCE, PERIODS, POSITION_TYPES, SCHEDULES, VACANCY_STATUS, type VacancyStatus } from '../vacancy-values.ts';

export { JOB_EXPERIENCE, PERIODS, POSITION_TYPES, SCHEDULES, VACANCY_STATUS, type Period, type VacancyStatus } from '../vacancy-values.ts';

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

const positionName = requiredText('form.vacancy.position_name.required', 200);
const hardSkill = requiredText('validation.required');
const softSkill = intId('validation.invalid', SMALLINT_MAX);
const comment = z.optional(cleanText(2000, { multiline: true }));

/**
 * A rule across fields runs once those fields parsed, whatever else is still wrong: zod skips an
 * object's rules while any field is missing, so a reversed salary range showed only after every
 * other mistake of the form was fixed (a newcomer's walk).
 */
const parsed =
  (...fields: string[]) =>
  ({ issues }: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !issues.some((issue) => fields.includes(String(issue.path?.[0])));

/** The main-customer rule needs a list and a chosen customer; an empty list is a mistake of its own beside it. */
const customerChosen = ({ value }: { value: unknown }): boolean => {
  const { customers, mainCustomer } = value as { customers?: unknown; mainCustomer?: unknown };
  return Array.isArray(customers) && typeof mainCustomer === 'string' && mainCustomer !== '';
};

/**
 * The vacancy form and `POST/PUT vacancy` when publishing (DECISIONS.md, Vacancy). Database
 * checks (the city is Russian, customers belong to the space) are the server's. A draft is
 * checked by `DraftVacancySchema` instead: `vacancySchemaFor` picks by the status sent.
 */
export const VacancySchema = z
  .object({
    positionType: oneOf(POSITION_TYPES, 'form.vacancy.position_type.required'),
    positionName,
    quantity: requiredInt('form.vacancy.quantity.required', { min: 1, max: 10_000, message: 'form.vacancy.quantity.min' }),
    departmentName: optionalText(200),
    hardSkills: z.array(hardSkill, { error: 'form.vacancy.hard_skills.required' }).check(
      z.minLength(1, 'form.vacancy.hard_skills.required'),
      z.maxLength(50, 'validation.too_long'),
    ),
    jobExperience: oneOf(JOB_EXPERIENCE, 'form.vacancy.job_experience.required'),
    softSkills: z.array(softSkill, { error: 'form.vacancy.soft_skills.required' }).check(z.minLength(1, 'form.vacancy.soft_skills.required'), z.maxLength(100, 'validation.too_long')),
    exceptionalRequirements: optionalText(2000, { multiline: true }),
    country: z.literal('ru', { error: 'validation.required' }),
    cityId: intId('form.vacancy.city.required'),
    address: requiredText('form.vacancy.address.required', 300),
    salary: requiredInt('form.vacancy.salary.required', { max: MONEY_MAX }),
    salaryTo: optionalMoney,
    schedule: oneOf(SCHEDULES, 'form.vacancy.schedule.required'),
    bonus: optionalText(2000, { multiline: true }),
    customers: z.array(RefSchema(), { error: 'form.vacancy.customers.required' }).check(z.minLength(1, 'form.vacancy.customers.required'), z.maxLength(100, 'validation.too_long')),
    mainCustomer: RefSchema('form.vacancy.main_customer.required'),
    comment,
    /** Published or draft; a new vacancy without one is a draft, an edit without one keeps its status. */
    status: z.optional(oneOf([1, 2] as const, 'validation.invalid')),
  })
  .check(
    z.refine((v) => v.salaryTo === undefined || v.salaryTo >= v.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'], when: parsed('salary', 'salaryTo') }),
    z.refine((v) => v.customers.includes(v.mainCustomer), { message: 'form.vacancy.main_customer.included', path: ['mainCustomer'], when: customerChosen }),
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
    quantity: optionalInt({ min: 1, max: 10_000, message: 'form.vacancy.quantity.min' }),
    departmentName: optionalText(200),
    hardSkills: z._default(z.array(hardSkill).check(z.maxLength(50, 'validation.too_long')), []),
    jobExperience: optionalOneOf(JOB_EXPERIENCE, 'form.vacancy.job_experience.required'),
    softSkills: z._default(z.array(softSkill).check(z.maxLength(100, 'validation.too_long')), []),
    exceptionalRequirements: optionalText(2000, { multiline: true }),
    country: z._default(z.literal('ru', { error: 'validation.invalid' }), 'ru'),
    cityId: optionalInt({ min: 1, message: 'validation.invalid' }),
    address: optionalText(300),
    salary: optionalMoney,
    salaryTo: optionalMoney,
    schedule: optionalOneOf(SCHEDULES, 'form.vacancy.schedule.required'),
    bonus: optionalText(2000, { multiline: true }),
    customers: z._default(z.array(RefSchema()).check(z.maxLength(100, 'validation.too_long')), []),
    mainCustomer: z.pipe(z.optional(z.nullable(z.string().check(z.maxLength(64, 'validation.invalid')))), z.transform((value) => value || undefined)),
    comment,
    status: z.optional(oneOf([VACANCY_STATUS.DRAFT] as const, 'validation.invalid')),
  })
  .check(
    z.refine((v) => v.salaryTo === undefined || v.salary === undefined || v.salaryTo >= v.salary, { message: 'form.vacancy.salary_to.min', path: ['salaryTo'], when: parsed('salary', 'salaryTo') }),
    z.refine((v) => v.mainCustomer === undefined || v.customers.includes(v.mainCustomer), { message: 'form.vacancy.main_customer.included', path: ['mainCustomer'] }),
  );

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
  /** None: a new vacancy is a draft, an edit keeps its status. */
  status?: 1 | 2;
}

/**
 * The schema that checks a vacancy body: the draft's for a draft, the publishing one otherwise.
 * A body without a status stands for `fallback`: a draft for a new vacancy, the vacancy's own
 * status for an edit (an archived one is then checked in full and refused by the service).
 */
export function vacancySchemaFor(body: unknown, fallback: number) {
  const raw = (body as { status?: unknown } | null)?.status;
  const status = raw === undefined || raw === null || raw === '' ? fallback : Number(raw);
  return status === VACANCY_STATUS.DRAFT ? DraftVacancySchema : VacancySchema;
}



/** The dashboard's filter; it lives in the page URL, so every value arrives as text. */
export const VacancyFilterSchema = z.object({
  positionName: textParam,
  search: textParam,
  city: intParam({ min: 1, message: 'validation.invalid' }),
  salaryFrom: intParam({ max: MONEY_MAX }),
  salaryTo: intParam({ max: MONEY_MAX }),
  customer: textParam,
  status: z.pipe(
    intParam({ message: 'validation.invalid' }),
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
  vacancyId: RefSchema(),
  text: requiredText('form.comment.required', 2000, { multiline: true }),
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
