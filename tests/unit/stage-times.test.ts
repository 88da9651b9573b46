import { describe, expect, it } from 'vitest';
import { stageTimes } from '../../src/lib/server/finalists.ts';

const at = (hours: number) => new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000);
const H = 3_600_000;

describe('stageTimes', () => {
  it('counts the stay before each move and the current stay up to now', () => {
    const moves = [
      { from: 1, to: 2, at: at(10) },
      { from: 2, to: 5, at: at(34) },
    ] as const;
    expect(stageTimes(at(0), 5, [...moves], at(40))).toEqual([
      { stage: 1, ms: 10 * H },
      { stage: 2, ms: 24 * H },
      { stage: 5, ms: 6 * H },
    ]);
  });

  it('adds a return to a stage to its earlier stay', () => {
    const moves = [
      { from: 1, to: 4, at: at(2) },
      { from: 4, to: 1, at: at(5) },
      { from: 1, to: 4, at: at(6) },
    ] as const;
    expect(stageTimes(at(0), 4, [...moves], at(10))).toEqual([
      { stage: 1, ms: 3 * H },
      { stage: 4, ms: 7 * H },
    ]);
  });

  it('without moves the whole time is in the current stage', () => {
    expect(stageTimes(at(0), 1, [], at(3))).toEqual([{ stage: 1, ms: 3 * H }]);
  });

  it('never counts a negative stay when clocks disagree', () => {
    expect(stageTimes(at(5), 2, [{ from: 1, to: 2, at: at(4) }], at(4))).toEqual([
      { stage: 1, ms: 0 },
      { stage: 2, ms: 0 },
    ]);
  });
});
