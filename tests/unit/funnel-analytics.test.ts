import { describe, expect, it } from 'vitest';
import { analyse, spread, type Track } from '../../src/lib/funnel-analytics.ts';
import type { Stage } from '../../src/lib/schemas/funnel.ts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);
const d = (days: number) => new Date(T0 + days * DAY);

/** A candidate added on `added`, moved along `path`: [from, to, day] triples. */
function track(id: string, added: number, path: [Stage, Stage, number][], consent: [number, number][] = []): Track {
  const moves = path.map(([from, to, day]) => ({ from, to, at: d(day) }));
  const last = moves.at(-1);
  return {
    candidateId: id,
    vacancyId: 'v',
    addedAt: d(added),
    stage: last?.to ?? 1,
    stageChangedAt: last?.at ?? d(added),
    moves,
    consent: consent.map(([from, to]) => ({ from: d(from), to: d(to) })),
  };
}

/** A dozen candidates whose figures were worked out by hand (see each expectation). */
const FUNNEL = [
  track('c1', 0, [[1, 2, 2], [2, 4, 5], [4, 5, 9], [5, 6, 10]]),
  track('c2', 0, [[1, 2, 1], [2, 3, 3], [3, 4, 6], [4, 5, 8], [5, 6, 14]]),
  track('c3', 0, [[1, 7, 4]]),
  track('c4', 0, [[1, 2, 2], [2, 7, 6]]),
  track('c5', 0, [[1, 2, 1], [2, 4, 3]]),
  track('c6', 10, [], [[25, 40]]),
  track('c7', 0, [[1, 2, 5], [2, 3, 7]]),
  track('c8', 0, [[1, 4, 2], [4, 5, 4]]),
  track('c9', 20, [[1, 2, 21], [2, 1, 22]]),
  track('c10', 0, [[1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6], [5, 7, 12]]),
  track('c11', 0, [[1, 2, 4], [2, 3, 10]], [[0, 2]]),
  track('c12', 29, []),
];

describe('analyse', () => {
  const result = analyse(FUNNEL, d(30));

  it('counts who reached each stage (a skipped stage counts as passed) and the share who went on', () => {
    expect(result.candidates).toBe(12);
    expect(result.funnel.map((f) => [f.stage, f.reached])).toEqual([[1, 12], [2, 9], [3, 7], [4, 5], [5, 4], [6, 2]]);
    expect(result.funnel.map((f) => f.conversion)).toEqual([9 / 12, 7 / 9, 5 / 7, 4 / 5, 2 / 4, null]);
  });

  it('gives the median and 90th percentile of every stay, ended or still going', () => {
    const days = (ms: number | null) => (ms === null ? null : ms / DAY);
    expect(result.stays.map((s) => [s.stage, s.count, days(s.medianMs), days(s.p90Ms)])).toEqual([
      [1, 13, 2, 8],
      [2, 8, 2, 6],
      [3, 4, 11.5, 23],
      [4, 5, 2, 27],
      [5, 4, 6, 26],
    ]);
  });

  it('measures time to hire from being added to the move to hired', () => {
    expect(result.timeToHire).toEqual({ count: 2, medianMs: 12 * DAY, p90Ms: 14 * DAY });
  });

  it('splits the waiting between recruiters, customers and candidates, consent waits going to the candidate', () => {
    expect(result.waited).toEqual({ recruiter: 115 * DAY, customer: 75 * DAY, candidate: 7 * DAY });
  });

  it('lists who each open candidate waits on, longest first', () => {
    expect(result.waiting.map((w) => [w.candidateId, w.owner, w.stage, w.sinceMs / DAY])).toEqual([
      ['c5', 'customer', 4, 27],
      ['c8', 'customer', 5, 26],
      ['c7', 'recruiter', 3, 23],
      ['c11', 'recruiter', 3, 20],
      ['c9', 'recruiter', 1, 8],
      ['c6', 'candidate', 1, 5],
      ['c12', 'recruiter', 1, 1],
    ]);
  });

  it('an empty funnel has no figures, not zeros that look measured', () => {
    const empty = analyse([], d(1));
    expect(empty.funnel.every((f) => f.reached === 0 && f.conversion === null)).toBe(true);
    expect(empty.timeToHire).toEqual({ count: 0, medianMs: null, p90Ms: null });
    expect(empty.waiting).toEqual([]);
  });
});

describe('spread', () => {
  it('takes the middle of an odd count, the mean of the middle two of an even one, and the nearest rank for p90', () => {
    expect(spread([5, 1, 3])).toEqual({ count: 3, medianMs: 3, p90Ms: 5 });
    expect(spread([4, 1, 3, 2])).toEqual({ count: 4, medianMs: 2.5, p90Ms: 4 });
    expect(spread(Array.from({ length: 10 }, (_, i) => i + 1))).toEqual({ count: 10, medianMs: 5.5, p90Ms: 9 });
  });
});
