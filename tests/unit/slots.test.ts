import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/lib/server/slots.ts';

describe('Slots', () => {
  it("refuses an owner past their share, anyone past the total, and gives a slot back once", () => {
    const slots = new Slots(3, 2);
    const a1 = slots.take('a');
    const a2 = slots.take('a');
    expect(typeof a1).toBe('function');
    expect(typeof a2).toBe('function');
    expect(slots.take('a')).toBe('owner');
    const b1 = slots.take('b');
    expect(typeof b1).toBe('function');
    expect(slots.take('c')).toBe('all');
    (a1 as () => void)();
    (a1 as () => void)(); // a second call gives back nothing more
    expect(typeof slots.take('c')).toBe('function');
    expect(slots.take('d')).toBe('all');
    (a2 as () => void)();
    expect(typeof slots.take('a')).toBe('function');
  });
});
