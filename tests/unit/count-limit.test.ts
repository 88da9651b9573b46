import { describe, expect, it } from 'vitest';
import { cappedPagination, COUNT_LIMIT, TEXT_COUNT_LIMIT, TEXT_DEPTH } from '../../src/lib/schemas/candidate.ts';
import { translator } from '../../src/lib/i18n/messages.ts';
import { ESTIMATE_ROWS, rowsToPassTextLimit } from '../../src/lib/server/candidates.ts';

// the candidate lists count at most COUNT_LIMIT + 1 matching rows (docs/api.md)
describe('cappedPagination', () => {
  it('is exact up to the limit', () => {
    expect(cappedPagination(0, 0, 1, 20)).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 0, totalExact: true });
    expect(cappedPagination(41, 20, 2, 20)).toEqual({ currentPage: 2, totalPages: 3, totalRecords: 41, totalExact: true });
    expect(cappedPagination(COUNT_LIMIT, 20, 1, 20)).toEqual({ currentPage: 1, totalPages: 500, totalRecords: COUNT_LIMIT, totalExact: true });
  });

  it('past the limit gives the limit as a lower bound', () => {
    expect(cappedPagination(COUNT_LIMIT + 1, 20, 1, 20)).toEqual({ currentPage: 1, totalPages: 500, totalRecords: COUNT_LIMIT, totalExact: false });
  });

  it('past the limit, pages on while the current page is full, and stops at a short one', () => {
    expect(cappedPagination(COUNT_LIMIT + 1, 20, 500, 20).totalPages).toBe(501);
    expect(cappedPagination(COUNT_LIMIT + 1, 20, 2000, 20).totalPages).toBe(2001);
    expect(cappedPagination(COUNT_LIMIT + 1, 7, 2000, 20).totalPages).toBe(2000);
    // a page before the limit's last still sees the pages the limit promises
    expect(cappedPagination(COUNT_LIMIT + 1, 20, 3, 20).totalPages).toBe(500);
  });
});

describe('a text search counts to its own, lower limit', () => {
  it('is exact up to it and a lower bound past it', () => {
    expect(cappedPagination(TEXT_COUNT_LIMIT, 20, 1, 20, TEXT_COUNT_LIMIT)).toMatchObject({ totalRecords: TEXT_COUNT_LIMIT, totalExact: true, totalPages: 50 });
    expect(cappedPagination(TEXT_COUNT_LIMIT + 1, 20, 1, 20, TEXT_COUNT_LIMIT)).toMatchObject({ totalRecords: TEXT_COUNT_LIMIT, totalExact: false, totalPages: 50 });
    expect(cappedPagination(TEXT_COUNT_LIMIT + 1, 20, 50, 20, TEXT_COUNT_LIMIT).totalPages).toBe(51);
  });

  it('offers no page past its depth (docs/decisions/0033)', () => {
    expect(cappedPagination(TEXT_COUNT_LIMIT + 1, 20, 50, 20, TEXT_COUNT_LIMIT, TEXT_DEPTH).totalPages).toBe(50);
    expect(cappedPagination(TEXT_COUNT_LIMIT + 1, 0, 51, 20, TEXT_COUNT_LIMIT, TEXT_DEPTH).totalPages).toBe(50);
    expect(cappedPagination(TEXT_COUNT_LIMIT + 1, 10, 34, 30, TEXT_COUNT_LIMIT, TEXT_DEPTH).totalPages).toBe(34);
    // an exact count below the depth is not touched
    expect(cappedPagination(41, 20, 1, 20, TEXT_COUNT_LIMIT, TEXT_DEPTH).totalPages).toBe(3);
  });
});

describe('the "10 000+" label', () => {
  it('reads in both languages', () => {
    const total = (locale: 'en' | 'ru') => translator(locale)('candidates_list.total_at_least', { total: new Intl.NumberFormat(locale).format(COUNT_LIMIT) });
    expect(total('en')).toBe('10,000+ candidates');
    // Russian groups thousands with a no-break space
    expect(total('ru').replace(/\s/g, ' ')).toBe('10 000+ кандидатов');
    const shown = translator('ru')('candidates_list.shown_at_least', { shown: 20, total: '10 000' });
    expect(shown).toBe('Показано 20 из 10 000+');
  });
});

// a text search's count estimated from the walk of its first page (issue 12 item 3)
describe('rowsToPassTextLimit', () => {
  it('names the filter size at which the walked share of matches passes the text limit', () => {
    // "менеджер": 130 of the 1,000 newest rows; 7,700 rows at that share make 1,001 matches
    expect(rowsToPassTextLimit(1000, 130)).toBe(7700);
    expect((7700 * 130) / 1000).toBeGreaterThan(TEXT_COUNT_LIMIT);
    expect(rowsToPassTextLimit(1000, 333)).toBe(3007);
    // every walked row a match: a filter of 1,001 rows is enough
    expect(rowsToPassTextLimit(1000, 1000)).toBe(TEXT_COUNT_LIMIT + 1);
  });

  it('gives up where proving it would read more than a capped count, or nothing matched', () => {
    // 5 %: 20,020 rows of the filter counted, an index entry each
    expect(rowsToPassTextLimit(1000, 50)).toBe(20020);
    // 3 %: 33,367 rows needed, more than ESTIMATE_ROWS a count may read
    expect(rowsToPassTextLimit(1000, 30)).toBeUndefined();
    expect(rowsToPassTextLimit(1000, 0)).toBeUndefined();
    expect(rowsToPassTextLimit(1000, 34)).toBeLessThanOrEqual(ESTIMATE_ROWS);
  });
});
