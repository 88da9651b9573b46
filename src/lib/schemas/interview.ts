import * as z from 'zod/mini';

import { INTERVIEW_KINDS } from './funnel.ts';
import { isMoment, optionalText, RefSchema } from './common.ts';

export { INTERVIEW_KINDS };

/**
 * The address to open when an interview's place is a meeting link and nothing else (what a video
 * interview's place usually is), else undefined: an http(s) URL only, so that a place typed as
 * `javascript:` never becomes a link.
 */
export function meetingLink(location: string): string | undefined {
  const text = location.trim();
  if (!/^https?:\/\/\S+$/i.test(text)) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An interview is planned at most this far ahead. */
const MAX_AHEAD_MS = 2 * 366 * 86_400_000;

const inviteCandidate = z.optional(z.boolean({ error: 'validation.invalid' }));

/** The appointment button's form: when, how long, how, where, and who takes part. */
export const InterviewSchema = z
  .object({
    candidateId: RefSchema(),
    vacancyId: z.optional(z.nullable(RefSchema())),
    inviteCandidate,
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
    // the people besides the organiser, who always takes part: none is a meeting of the organiser
    // and the candidate (a recruiter's interview, or a vacancy nobody else works on yet)
    participants: z.array(RefSchema(), { error: 'interview.error.participants' }).check(z.maxLength(20, 'validation.too_long')),
  })
  .check(z.refine((i) => !isMoment(i.startsAt) || Date.parse(i.startsAt) > Date.now() - 60_000, { message: 'interview.error.past', path: ['startsAt'] }));
export type InterviewInput = z.input<typeof InterviewSchema>;

/**
 * An edit or a reschedule: the same fields but the candidate and the vacancy, which stay; and
 * `sequence`, the version the form was loaded at (a stale one is a 409).
 */
export const InterviewUpdateSchema = z
  .object({
    startsAt: InterviewSchema.shape.startsAt,
    durationMinutes: InterviewSchema.shape.durationMinutes,
    kind: InterviewSchema.shape.kind,
    location: InterviewSchema.shape.location,
    participants: InterviewSchema.shape.participants,
    inviteCandidate,
    sequence: z.optional(z.number({ error: 'validation.invalid' }).check(z.int('validation.invalid'), z.minimum(0, 'validation.invalid'), z.maximum(1_000_000, 'validation.invalid'))),
  })
  .check(z.refine((i) => !isMoment(i.startsAt) || Date.parse(i.startsAt) > Date.now() - 60_000, { message: 'interview.error.past', path: ['startsAt'] }));

/** `GET interviews?candidateId=`: every interview of that candidate, cancelled and past too. */
export const InterviewListQuerySchema = z.object({
  candidateId: z.optional(z.string().check(z.meta({ description: 'Every interview of that candidate, cancelled and past too.' }))),
});

/** A cancellation may name the version it was decided on. */
export const InterviewCancelSchema = z.object({ sequence: InterviewUpdateSchema.shape.sequence });

export interface InterviewDto {
  id: string;
  startsAt: string;
  durationMinutes: number;
  kind: (typeof INTERVIEW_KINDS)[number];
  location: string;
  status: 'scheduled' | 'cancelled';
  /** The iCalendar SEQUENCE; an edit sends back the one it was loaded at (docs/decisions/0019). */
  sequence: number;
  createdBy: string | null;
  /** Whether the candidate got the invitation at their address too. */
  candidateInvited: boolean;
  candidate: { id: string; name: string; surname: string; hasEmail: boolean };
  vacancy: { id: string; positionName: string } | null;
  /** `timeZone`: each one's saved zone, so that a reader's times name theirs when they differ. */
  participants: { id: string; name: string; surname: string; timeZone: string }[];
}

/** The history's interview events: `to` is the interview's time; a reschedule's `from` the old one. */
export const INTERVIEW_EVENTS = ['interview', 'interview_rescheduled', 'interview_changed', 'interview_cancelled'] as const;
export type InterviewEventKind = (typeof INTERVIEW_EVENTS)[number];

/** A line of the dashboard's interaction feed; `kind` picks the sentence, links lead to the thing. */
export interface FeedItem {
  id: string;
  kind: 'candidate_added' | 'added_to_vacancy' | 'stage' | 'priority' | 'rating' | 'pd_requested' | 'pd_answered' | 'comment' | 'reject_reason' | 'shortlist_sent' | 'interview_requested' | InterviewEventKind;
  at: string;
  user: { name: string; surname: string } | null;
  candidate: { id: string; name: string; surname: string } | null;
  vacancy: { id: string; positionName: string } | null;
  from: string | null;
  to: string | null;
}
