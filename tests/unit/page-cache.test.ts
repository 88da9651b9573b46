import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import { keepingPages, keepPage, keptPage, listenForChanges, pageStamp, spaceChanged } from '../../src/lib/server/page-cache.ts';
import { waitFor } from '../support/client.ts';

const page = (text: string) => new Response(`<p>${text}</p>`, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
const textOf = async (response: Response | undefined) => (response ? gunzipSync(Buffer.from(await response.arrayBuffer())).toString() : undefined);

let listener: { stop(): Promise<void> };
// a channel of its own: the API tests' writes beside this file notify the real one
const CHANNEL = `page_data_test_${process.pid}`;

beforeAll(async () => {
  listener = listenForChanges(inject('databaseUrl'), CHANNEL);
  await waitFor(() => keepingPages(), 'the page notices are heard');
});

afterAll(async () => {
  vi.useRealTimers();
  await listener.stop();
});

describe('kept pages (docs/decisions/0020)', () => {
  it('sends a kept page gzipped, with its headers, until its space changes', async () => {
    const sent = await keepPage('ann /recruiter', 'space-a', pageStamp(), page('first'));
    expect(sent.headers.get('content-encoding')).toBe('gzip');
    expect(await textOf(sent)).toBe('<p>first</p>');
    await keepPage('bob /recruiter', 'space-b', pageStamp(), page('other'));

    const again = keptPage('ann /recruiter');
    expect(again?.status).toBe(200);
    expect(again?.headers.get('cache-control')).toBe('no-store');
    expect(again?.headers.get('content-encoding')).toBe('gzip');
    expect(await textOf(again)).toBe('<p>first</p>');

    spaceChanged('space-b');
    expect(keptPage('bob /recruiter')).toBeUndefined();
    expect(await textOf(keptPage('ann /recruiter'))).toBe('<p>first</p>');
    spaceChanged('space-a');
    expect(keptPage('ann /recruiter')).toBeUndefined();
  });

  it('does not keep a render during which its space changed, or anything changed', async () => {
    const stamp = pageStamp();
    spaceChanged('space-a');
    const sent = await keepPage('ann /recruiter', 'space-a', stamp, page('stale'));
    expect(await textOf(sent)).toBe('<p>stale</p>');
    expect(keptPage('ann /recruiter')).toBeUndefined();

    const before = pageStamp();
    spaceChanged('*');
    await keepPage('ann /recruiter', 'space-a', before, page('stale'));
    expect(keptPage('ann /recruiter')).toBeUndefined();

    // another space's change leaves the render good
    const later = pageStamp();
    spaceChanged('space-b');
    await keepPage('ann /recruiter', 'space-a', later, page('good'));
    expect(await textOf(keptPage('ann /recruiter'))).toBe('<p>good</p>');
    spaceChanged('*');
    expect(keptPage('ann /recruiter')).toBeUndefined();
  });

  it('drops a space on a notice from the database, and everything on one without a space', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await keepPage('ann /recruiter', 'space-a', pageStamp(), page('a'));
      await keepPage('bob /recruiter', 'space-b', pageStamp(), page('b'));
      await client.query(`select pg_notify($1, 'space-a')`, [CHANNEL]);
      await waitFor(() => keptPage('ann /recruiter') === undefined, 'the notice drops space-a');
      expect(keptPage('bob /recruiter')).toBeDefined();
      await client.query(`select pg_notify($1, '*')`, [CHANNEL]);
      await waitFor(() => keptPage('bob /recruiter') === undefined, 'the notice drops everything');
    } finally {
      await client.end();
    }
  });

  it('keeps a page to the end of the minute it was rendered in: it shows times to the minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-27T09:14:05.000Z'));
      await keepPage('ann /interviews', 'space-a', pageStamp(), page('09:14'));
      vi.setSystemTime(new Date('2026-11-27T09:14:59.999Z'));
      expect(keptPage('ann /interviews')).toBeDefined();
      vi.setSystemTime(new Date('2026-11-27T09:15:00.000Z'));
      expect(keptPage('ann /interviews')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps nothing while the notices are not heard, and everything kept is gone when they stop', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await keepPage('ann /recruiter', 'space-a', pageStamp(), page('a'));
      // the server ends the listening connection: a notice may have been lost with it
      await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [`recruit-page-notices ${process.pid}`]);
      await waitFor(() => !keepingPages(), 'the loss is noticed');
      expect(keptPage('ann /recruiter')).toBeUndefined();
      await keepPage('ann /recruiter', 'space-a', pageStamp(), page('a'));
      expect(keptPage('ann /recruiter')).toBeUndefined();

      // it listens again by itself, and a render begun before that is not kept
      const before = pageStamp();
      await waitFor(() => keepingPages(), 'it listens again', 10_000);
      await keepPage('ann /recruiter', 'space-a', before, page('a'));
      expect(keptPage('ann /recruiter')).toBeUndefined();
      await keepPage('ann /recruiter', 'space-a', pageStamp(), page('a'));
      expect(keptPage('ann /recruiter')).toBeDefined();
    } finally {
      await client.end();
    }
  });
});
