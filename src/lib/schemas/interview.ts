import * as z from 'zod/mini';

import { INTERVIEW_KINDS } from './funnel.ts';

export { INTERVIEW_KINDS };

/** The appointment button's form: when, how long, how, where, and who takes part. */
export const InterviewSchema = z
  .object({
    candidateId: z.string({ error: 'validation.required' }).check(z.minLength(1, 'validation.required')),
    vacancyId: z.optional(z.nullable(z.string())),
    startsAt: z.string({ error: 'interview.error.starts_at' }).check(z.refine((v) => !Number.isNaN(Date.parse(v)), 'interview.error.starts_at')),
    durationMinutes: z.pipe(
      z.union([z.number(), z.string()], { error: 'interview.error.duration' }),
      z.transform((value, ctx) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 5 || n > 480) {
          ctx.issues.push({ code: 'custom', message: 'interview.error.duration', input: value });
          return z.NEVER;
        }
        return n;
      }),
    ),
    kind: z.enum(INTERVIEW_KINDS, { error: 'interview.error.kind' }),
    location: z._default(z.string().check(z.trim(), z.maxLength(500, 'validation.too_long')), ''),
    participants: z.array(z.string(), { error: 'interview.error.participants' }).check(z.minLength(1, 'interview.error.participants'), z.maxLength(20, 'validation.too_long')),
  })
  .check(z.refine((i) => Date.parse(i.startsAt) > Date.now() - 60_000, { message: 'interview.error.past', path: ['startsAt'] }));
export type InterviewInput = z.input<typeof InterviewSchema>;

export interface InterviewDto {
  id: string;
  startsAt: string;
  durationMinutes: number;
  kind: (typeof INTERVIEW_KINDS)[number];
  location: string;
  candidate: { id: string; name: string; surname: string };
  vacancy: { id: string; positionName: string } | null;
  participants: { id: string; name: string; surname: string }[];
}

/** A line of the dashboard's interaction feed; `kind` picks the sentence, links lead to the thing. */
export interface FeedItem {
  id: string;
  kind: 'candidate_added' | 'added_to_vacancy' | 'stage' | 'priority' | 'rating' | 'pd_requested' | 'pd_answered' | 'comment';
  at: string;
  user: { name: string; surname: string } | null;
  candidate: { id: string; name: string; surname: string } | null;
  vacancy: { id: string; positionName: string } | null;
  from: string | null;
  to: string | null;
}
