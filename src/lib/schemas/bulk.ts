import * as z from 'zod/mini';
import { RefSchema, requiredText } from './common.ts';
import { stageValue } from './candidate.ts';

export const BULK_ACTIONS = ['addToVacancy', 'moveStage', 'archive', 'requestConsent'] as const;
export type BulkActionName = (typeof BULK_ACTIONS)[number];

/** The most candidates one bulk action takes (docs/decisions/0030); the server refuses more. */
export const BULK_MAX = 10_000;
/** Up to this many, a bulk action is done in its request, in one transaction; more go to the job queue. */
export const BULK_SYNC_MAX = 200;

/**
 * A bulk action: the selection is the given ids or everything matching the list's filter (its
 * URL parameters), of the database or of the vacancy `vacancyId`; `params` are the action's.
 * With `dryRun` nothing changes: the answer says how many it would take and skip.
 */
export const BulkSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: 'validation.invalid' }),
    ids: z.optional(
      z.array(RefSchema('validation.invalid'), { error: 'validation.invalid' }).check(z.minLength(1, 'form.candidate.select_required'), z.maxLength(BULK_MAX, 'error.bulk.over_limit')),
    ),
    filter: z.optional(z.record(z.string(), z.string({ error: 'validation.invalid' }), { error: 'validation.invalid' })),
    vacancyId: z.optional(RefSchema('validation.invalid')),
    params: z._default(
      z.object(
        {
          vacancyId: z.optional(RefSchema('bulk.error.vacancy_required')),
          stage: z.optional(stageValue),
          reason: z.optional(requiredText('bulk.error.reason_required', 1000)),
        },
        { error: 'validation.invalid' },
      ),
      {},
    ),
    dryRun: z.optional(z.boolean({ error: 'validation.invalid' })),
  })
  .check(
    z.refine((b) => (b.ids === undefined) !== (b.filter === undefined), { message: 'form.candidate.select_required', path: ['ids'] }),
    z.refine((b) => b.action === 'requestConsent' || Boolean(b.params.vacancyId), { message: 'bulk.error.vacancy_required', path: ['params', 'vacancyId'] }),
    z.refine((b) => b.action !== 'moveStage' || b.params.stage !== undefined, { message: 'bulk.error.stage_required', path: ['params', 'stage'] }),
    z.refine((b) => b.action !== 'archive' || Boolean(b.params.reason), { message: 'bulk.error.reason_required', path: ['params', 'reason'] }),
  );
export type BulkInput = z.input<typeof BulkSchema>;
export type BulkRequest = z.output<typeof BulkSchema>;

/** Where a bulk action stands, as its request and its progress endpoint answer. */
export interface BulkProgress {
  id: string;
  action: BulkActionName;
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  applied: number;
  skipped: number;
  /** Skipped candidates per reason (an error key). */
  reasons: Record<string, number>;
  /** The first skipped candidates with their reason. */
  skips: { candidateId: string; reason: string }[];
}

/** What a dry run answers: how many the action takes; how many it would skip when the selection is small enough to try. */
export interface BulkDryRun {
  dryRun: true;
  total: number;
  applied: number | null;
  skipped: number | null;
  reasons: Record<string, number>;
}
