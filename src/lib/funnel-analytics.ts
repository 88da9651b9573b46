/**
 * The funnel's figures from its history (issue 14, item 4; docs/decisions/0012): how many reached
 * each stage and went on to the next, how long stays in each stage last, time to hire, and whom
 * the funnel waited on. Pure, so that a hand-computed funnel can check it.
 */
import { STAGE, type Stage } from './schemas/funnel.ts';

export type Owner = 'recruiter' | 'customer' | 'candidate';

/** The stages whose move is the recruiters' and the customers'; hired and archive wait on no one. */
export const OWNER_OF_STAGE: Partial<Record<Stage, Owner>> = {
  [STAGE.NEW]: 'recruiter',
  [STAGE.RECRUITER_INTERVIEW]: 'recruiter',
  [STAGE.TESTING]: 'recruiter',
  [STAGE.CUSTOMER_INTERVIEW]: 'customer',
  [STAGE.FINALIST]: 'customer',
};

/** The funnel in order, without archive: a candidate who reached hired passed every stage. */
export const FUNNEL: readonly Stage[] = [STAGE.NEW, STAGE.RECRUITER_INTERVIEW, STAGE.TESTING, STAGE.CUSTOMER_INTERVIEW, STAGE.FINALIST, STAGE.HIRED];
/** Stages a candidate stays in and moves on from. */
export const TIMED: readonly Stage[] = [STAGE.NEW, STAGE.RECRUITER_INTERVIEW, STAGE.TESTING, STAGE.CUSTOMER_INTERVIEW, STAGE.FINALIST];

export interface Track {
  candidateId: string;
  vacancyId: string;
  addedAt: Date;
  stage: Stage;
  stageChangedAt: Date;
  /** Stage moves on this vacancy, oldest first. */
  moves: { from: Stage; to: Stage; at: Date }[];
  /** When consent requests were waiting for the candidate's answer. */
  consent: { from: Date; to: Date }[];
}

export interface Spread {
  count: number;
  medianMs: number | null;
  p90Ms: number | null;
}

export interface Analytics {
  candidates: number;
  /** Per funnel stage: candidates who reached it, and the share of them who reached the next. */
  funnel: { stage: Stage; reached: number; conversion: number | null }[];
  /** Per stage one stays in: every stay, ended or still going, counted to its end or to now. */
  stays: ({ stage: Stage } & Spread)[];
  timeToHire: Spread;
  /** Milliseconds the funnel waited on each party, over every candidate. */
  waited: Record<Owner, number>;
  /** Who each candidate still in the funnel waits on, longest first. */
  waiting: { candidateId: string; vacancyId: string; owner: Owner; stage: Stage; sinceMs: number }[];
}

/** The median (the mean of the middle two of an even count) and the nearest-rank 90th percentile. */
export function spread(values: number[]): Spread {
  if (!values.length) return { count: 0, medianMs: null, p90Ms: null };
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const medianMs = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  const p90Ms = sorted[Math.ceil(0.9 * sorted.length) - 1]!;
  return { count: sorted.length, medianMs, p90Ms };
}

export interface Stay {
  stage: Stage;
  from: number;
  to: number;
}

/** The stays of a track in order: the first from when the candidate was added, the last to now. */
export function staysOf(track: Pick<Track, 'addedAt' | 'stage' | 'moves'>, now: number): Stay[] {
  const stays: Stay[] = [];
  let stage: Stage = track.moves[0]?.from ?? track.stage;
  let since = track.addedAt.getTime();
  for (const move of track.moves) {
    const at = Math.max(since, move.at.getTime());
    stays.push({ stage, from: since, to: at });
    stage = move.to;
    since = at;
  }
  stays.push({ stage, from: since, to: Math.max(since, now) });
  return stays;
}

/** How much of [from, to) the intervals cover, each point counted once. */
function covered(from: number, to: number, intervals: { from: number; to: number }[]): number {
  let total = 0;
  let reach = from;
  for (const interval of intervals) {
    const start = Math.max(interval.from, reach);
    const end = Math.min(interval.to, to);
    if (end > start) {
      total += end - start;
      reach = end;
    }
  }
  return total;
}

export function analyse(tracks: Track[], nowDate: Date = new Date()): Analytics {
  const now = nowDate.getTime();
  const reached = new Map<Stage, number>(FUNNEL.map((s) => [s, 0]));
  const durations = new Map<Stage, number[]>(TIMED.map((s) => [s, []]));
  const hires: number[] = [];
  const waited: Record<Owner, number> = { recruiter: 0, customer: 0, candidate: 0 };
  const waiting: Analytics['waiting'] = [];

  for (const track of tracks) {
    const stays = staysOf(track, now);
    const furthest = Math.max(...stays.map((s) => FUNNEL.indexOf(s.stage)));
    for (const stage of FUNNEL.slice(0, furthest + 1)) reached.set(stage, reached.get(stage)! + 1);
    const hired = track.moves.find((m) => m.to === STAGE.HIRED);
    if (hired) hires.push(Math.max(0, hired.at.getTime() - track.addedAt.getTime()));

    const consent = track.consent
      .map((c) => ({ from: c.from.getTime(), to: Math.min(c.to.getTime(), now) }))
      .filter((c) => c.to > c.from)
      .sort((a, b) => a.from - b.from);
    for (const stay of stays) {
      durations.get(stay.stage)?.push(stay.to - stay.from);
      const owner = OWNER_OF_STAGE[stay.stage];
      if (!owner) continue;
      // while a consent request waits for an answer, the funnel waits on the candidate
      const onCandidate = covered(stay.from, stay.to, consent);
      waited.candidate += onCandidate;
      waited[owner] += stay.to - stay.from - onCandidate;
    }

    const owner = OWNER_OF_STAGE[track.stage];
    if (owner) {
      const pending = consent.find((c) => c.from <= now && c.to >= now);
      const since = track.stageChangedAt.getTime();
      waiting.push(
        pending
          ? { candidateId: track.candidateId, vacancyId: track.vacancyId, owner: 'candidate', stage: track.stage, sinceMs: now - Math.max(pending.from, since) }
          : { candidateId: track.candidateId, vacancyId: track.vacancyId, owner, stage: track.stage, sinceMs: now - since },
      );
    }
  }

  return {
    candidates: tracks.length,
    funnel: FUNNEL.map((stage, i) => {
      const here = reached.get(stage)!;
      const next = FUNNEL[i + 1];
      return { stage, reached: here, conversion: next === undefined || here === 0 ? null : reached.get(next)! / here };
    }),
    stays: TIMED.map((stage) => ({ stage, ...spread(durations.get(stage)!) })),
    timeToHire: spread(hires),
    waited,
    waiting: waiting.sort((a, b) => b.sinceMs - a.sinceMs),
  };
}
