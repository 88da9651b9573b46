import { describe, expect, it } from 'vitest';
import { fromForm, rangeProblem, typedNumber } from '../../src/islands/candidates-list/filter.ts';
import { MONEY_MAX } from '../../src/lib/schemas/common.ts';
import { SALARY_MAX } from '../../src/lib/vacancy-values.ts';

describe("the candidate filter's ranges", () => {
  it('read numbers as people type them', () => {
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber(' 150 000 ')).toBe(150000);
    expect(typedNumber('1,5')).toBe(1.5);
    expect(typedNumber('abc')).toBeNull();
  });

  it('find what the server would refuse, and a reversed range', () => {
    expect(rangeProblem('', '', 150)).toBeUndefined();
    expect(rangeProblem('20', '150', 150)).toBeUndefined();
    expect(rangeProblem('', '200', 150)).toBe('bounds');
    expect(rangeProblem('-5', '', 150)).toBe('bounds');
    expect(rangeProblem('x', '', 150)).toBe('bounds');
    expect(rangeProblem('40', '30', 150)).toBe('order');
    // bounds first: a reversed range with a bound out of them is told about the bound
    expect(rangeProblem('400', '30', 150)).toBe('bounds');
  });

  it("check salaries against the schemas' own bound", () => {
    expect(SALARY_MAX).toBe(MONEY_MAX);
  });

  it('send only what checks out', () => {
    const filter = fromForm({ search: ' a ', positionName: '', salaryFrom: '1 000', salaryTo: 'x', ageFrom: '-1', ageTo: '30.7', schedule: [2, 2, 9], sort: 'nope' }, { name: '' });
    expect(filter).toMatchObject({ search: 'a', salaryFrom: 1000, salaryTo: undefined, ageFrom: undefined, ageTo: 30, schedule: [2] });
  });
});
