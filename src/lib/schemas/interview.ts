import * as z from 'zod/mini';

import { INTERVIEW_KINDS } from './funnel.ts';
import { isMoment, optionalText, RefSchema } from './common.ts';

export { INTERVIEW_KINDS };

/** An interview is planned at most this far ahead. */
const MAX_AHEAD_MS = 2 * 366 * 86_400_000;

/** The appointment button's form: when, how long, how, where, and who takes part. */
export const InterviewSchema = z
  .object({
    candidateId: RefSchema(),
    vacancyId: z.optional(z.nullable(RefSchema())),
    startsAt: z.string({ error: 'interview.error.starts_at' }).check(
      z.refine(isMoment, { message: 'interview.error.starts_at', abort: true }),
      z.refine((v) => Date.parse(v) < Date.now() + MAX_AHEAD_MS, 'interview.error.too_far'),
    ),
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
    location: optionalText(500),
    participants: z.array(RefSchema(), { error: 'interview.error.participants' }).check(z.minLength(1, 'interview.error.participants'), z.maxLength(20, 'validation.too_long')),
  })
  .check(z.refine((i) => !isMoment(i.startsAt) || Date.parse(i.startsAt) > Date.now() - 60_000, { message: 'interview.error.past', path: ['startsAt'] }));
export type InterviewInput = z.input<typeof InterviewSchema>;

export interface InterviewDto {
  id: string;
  startsAt: string;
  durationMinutes: number;
  kind: (typeof INTERVIEW_KINDS)[number];
  location: string;
  candidate: { id: string; name: string; surname: string };
  vacancy: { id: string; positionName: string } | null;
  /** `timeZone`: each one's saved zone, so that a reader's times name theirs when they differ. */
  participants: { id: string; name: string; surname: string; timeZone: string }[];
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
