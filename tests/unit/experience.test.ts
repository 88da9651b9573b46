import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, mergedMonths } from '../../src/lib/experience.ts';
import { translator } from '../../src/lib/i18n/messages.ts';

const TODAY = new Date('2024-06-15T12:00:00Z');
const job = (from: string, to: string | null) => ({ from, to });

describe('mergedMonths', () => {
  it('counts whole calendar months with both ends included', () => {
    expect(mergedMonths([job('2020-01-20', '2020-03-02')], TODAY)).toBe(3);
    expect(mergedMonths([job('2020-05-01', '2020-05-31')], TODAY)).toBe(1);
    expect(mergedMonths([job('2019-01-01', '2020-12-31')], TODAY)).toBe(24);
  });

  it('merges overlapping periods: 2019-01..2020-12 and 2020-06..2021-06 are 30 months', () => {
    const jobs = [job('2019-01-01', '2020-12-31'), job('2020-06-01', '2021-06-30')];
    expect(mergedMonths(jobs, TODAY)).toBe(30);
    expect(mergedMonths([...jobs].reverse(), TODAY)).toBe(30);
  });

  it('counts a period nested in another once', () => {
    expect(mergedMonths([job('2018-01-01', '2020-12-01'), job('2019-03-01', '2019-08-01')], TODAY)).toBe(36);
  });

  it('counts a shared month of neighbouring jobs once and adds jobs that only touch', () => {
    expect(mergedMonths([job('2020-01-01', '2020-03-15'), job('2020-03-20', '2020-06-01')], TODAY)).toBe(6);
    expect(mergedMonths([job('2020-01-01', '2020-03-31'), job('2020-04-01', '2020-06-30')], TODAY)).toBe(6);
  });

  it('leaves gaps out', () => {
    expect(mergedMonths([job('2015-01-01', '2015-12-31'), job('2017-01-01', '2017-06-30')], TODAY)).toBe(18);
  });

  it('runs a current job (to: null) to this month', () => {
    expect(mergedMonths([job('2023-07-01', null)], TODAY)).toBe(12);
    expect(mergedMonths([job('2020-01-01', '2023-12-31'), job('2023-01-01', null)], TODAY)).toBe(54);
  });

  it('counts nothing for no jobs, a future job, or a period that ends before it starts', () => {
    expect(mergedMonths([], TODAY)).toBe(0);
    expect(mergedMonths([job('2025-01-01', null)], TODAY)).toBe(0);
    expect(mergedMonths([job('2021-05-01', '2020-01-01')], TODAY)).toBe(0);
    expect(mergedMonths([job('not a date', null)], TODAY)).toBe(0);
  });

  it('does not count the months of a planned end date after today', () => {
    expect(mergedMonths([job('2024-01-01', '2026-12-31')], TODAY)).toBe(6);
  });
});

describe('durationParts', () => {
  it.each([
    [0, { years: 0, months: 0 }],
    [11, { years: 0, months: 11 }],
    [12, { years: 1, months: 0 }],
    [27, { years: 2, months: 3 }],
    [30, { years: 2, months: 6 }],
  ])('%i months are %j', (months, parts) => {
    expect(durationParts(months)).toEqual(parts);
  });
});

describe('formatDuration', () => {
  const ru = translator('ru');
  const en = translator('en');

  it.each([
    [12, '1 год'],
    [24, '2 года'],
    [60, '5 лет'],
    [1, '1 месяц'],
    [3, '3 месяца'],
    [11, '11 месяцев'],
    [27, '2 года 3 месяца'],
    [30, '2 года 6 месяцев'],
    [13, '1 год 1 месяц'],
    [21 * 12 + 2, '21 год 2 месяца'],
  ])('ru: %i months read "%s"', (months, text) => {
    expect(formatDuration(ru, months)).toBe(text);
  });

  it.each([
    [12, '1 year'],
    [27, '2 years 3 months'],
    [1, '1 month'],
    [30, '2 years 6 months'],
  ])('en: %i months read "%s"', (months, text) => {
    expect(formatDuration(en, months)).toBe(text);
  });

  it("falls back to '1 month' when there is nothing to count", () => {
    expect(formatDuration(en, 0)).toBe('1 month');
    expect(formatDuration(ru, 0)).toBe('1 месяц');
  });
});
