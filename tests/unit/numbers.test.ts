import { describe, expect, it } from 'vitest';
import { badgeCount, numberFormat } from '../../src/lib/numbers.ts';

describe('numberFormat', () => {
  it('writes numbers as each language does', () => {
    expect(numberFormat('en').format(150000)).toBe('150,000');
    // Russian groups thousands with a no-break space
    expect(numberFormat('ru').format(150000)).toBe('150\u00a0000');
    expect(numberFormat('ru', { style: 'percent', maximumFractionDigits: 0 }).format(0.375)).toBe('38\u00a0%');
  });

  it('makes one formatter per language and options, not one per call', () => {
    expect(numberFormat('ru')).toBe(numberFormat('ru'));
    expect(numberFormat('en', { maximumFractionDigits: 0 })).toBe(numberFormat('en', { maximumFractionDigits: 0 }));
    expect(numberFormat('en')).not.toBe(numberFormat('ru'));
    expect(numberFormat('en', { maximumFractionDigits: 0 })).not.toBe(numberFormat('en'));
  });
});

describe('badgeCount', () => {
  it('shows one or two digits, and 99+ past them', () => {
    expect(badgeCount(0)).toBe('');
    expect(badgeCount(7)).toBe('7');
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
    expect(badgeCount(12_345)).toBe('99+');
  });
});
