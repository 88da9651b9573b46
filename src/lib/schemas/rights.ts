import * as z from 'zod/mini';
import { intParam, textParam } from './common.ts';

/** Erasing cannot be undone: the body says so in so many words. */
export const EraseSchema = z.object({ confirm: z.literal(true, { error: 'validation.required' }) });

/** The space's retention (docs/decisions/0025): whole days and months within sane bounds. */
export const RetentionSchema = z.object({
  retentionDays: z.int({ error: 'validation.invalid' }).check(z.minimum(1, 'validation.invalid'), z.maximum(3650, 'validation.invalid')),
  consentMonths: z.int({ error: 'validation.invalid' }).check(z.minimum(1, 'validation.invalid'), z.maximum(120, 'validation.invalid')),
});

export const AUDIT_ACTION_NAMES = ['resume_read', 'export', 'export_download', 'erasure', 'consent_answer', 'consent_withdrawal', 'rights_request', 'consent_renewal', 'merge', 'merge_undo'] as const;

/** A day as the filter's date inputs send it. */
const dayParam = z.pipe(
  textParam,
  z.transform((value, ctx) => {
    if (value === undefined) return undefined;
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
    if (!match || !date || date.getUTCMonth() !== Number(match[2]) - 1 || date.getUTCDate() !== Number(match[3]) || Number(match[1]) < 2000 || Number(match[1]) > 2100) {
      ctx.issues.push({ code: 'custom', message: 'rights.audit.day_invalid', input: value });
      return z.NEVER;
    }
    return value;
  }),
);

/** The log's filter, from the query string: an action, a candidate's number, days from and to. */
export const AuditQuerySchema = z
  .object({
    action: z.optional(z.enum(AUDIT_ACTION_NAMES, { error: 'validation.invalid' })),
    candidate: intParam({ min: 1, message: 'rights.audit.candidate_invalid' }),
    from: dayParam,
    to: dayParam,
    before: z.optional(z.iso.datetime({ error: 'validation.invalid', offset: true })),
  })
  // days as YYYY-MM-DD compare as text; a range that ends before it starts is a slip, not a question
  .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'rights.audit.range_invalid', path: ['to'] }));
