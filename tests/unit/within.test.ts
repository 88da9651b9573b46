import { describe, expect, it } from 'vitest';
import { within } from '../../src/lib/server/within.ts';

describe('within', () => {
  it('says whether the work settled in time, a failure counting as settled', async () => {
    expect(await within(new Promise((resolve) => setTimeout(resolve, 5)), 1000)).toBe(true);
    expect(await within(Promise.reject(new Error('gone')), 1000)).toBe(true);
    expect(await within(new Promise(() => {}), 20)).toBe(false);
  });

  it('leaves the late work running: it may still finish after the answer', async () => {
    let finished = false;
    const work = new Promise<void>((resolve) => setTimeout(() => ((finished = true), resolve()), 60));
    expect(await within(work, 10)).toBe(false);
    expect(finished).toBe(false);
    await work;
    expect(finished).toBe(true);
  });
});
