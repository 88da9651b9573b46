import * as z from 'zod/mini';
import { cleanText, dateSchema } from './common.ts';
import { UUID } from '../uuid.ts';

/** Why a candidate looks like a duplicate (docs/decisions/0029). */
export const DUPLICATE_REASONS = ['email', 'phone', 'name_birth'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface DuplicateDto {
  id: string;
  name: string;
  surname: string;
  positionName: string;
  number: number;
  reasons: DuplicateReason[];
}

/** The query of GET /api/v1/candidates/duplicates: what the form holds so far. */
export const DuplicateQuerySchema = z.object({
  email: z.optional(cleanText(254)),
  phone: z.optional(cleanText(40)),
  name: z.optional(cleanText(100)),
  surname: z.optional(cleanText(100)),
  dob: z.optional(z.union([z.literal(''), dateSchema('form.candidate.dob.invalid')])),
  excludeId: z.optional(z.string().check(z.refine((v) => v === '' || UUID.test(v), 'validation.invalid'))),
});
export type DuplicateQuery = z.output<typeof DuplicateQuerySchema>;

/**
 * The fields a merge chooses one by one: each is the survivor's or the other's. Salary goes with
 * its upper bound, the résumé with its file name.
 */
export const MERGE_FIELDS = ['name', 'surname', 'dob', 'email', 'phone', 'positionName', 'salary', 'cityId', 'schedule', 'skills', 'jobExperience', 'education', 'langs', 'image', 'resume'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];
export type MergeChoice = Partial<Record<MergeField, 'survivor' | 'other'>>;

/** Reads the merge form's radios (`field.name=other`); anything else keeps the survivor's value. */
export function mergeChoice(form: Record<string, unknown>): MergeChoice {
  const choice: MergeChoice = {};
  for (const field of MERGE_FIELDS) {
    const value = form[`field.${field}`];
    if (value === 'other' || value === 'survivor') choice[field] = value;
  }
  return choice;
}

export { isUuid } from '../uuid.ts';
