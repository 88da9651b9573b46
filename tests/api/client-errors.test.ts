/**
 * Browser errors reported to the product (issue 16, item 7): what a report may carry, what is
 * kept of it, the per-client limit under concurrent load, and the staff page that shows them.
 */
import { describe, expect, it } from 'vitest';
import { Client, db, rawPost, signUp } from '../support/client.ts';

const REPORT = { kind: 'error', page: '/candidates', release: '0.0.1+abc1234', sampled: false, message: 'TypeError: x is undefined', stack: 'at f (/_astro/a.js:1:2)' };

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2)}`;

describe('POST /api/v1/client-errors', () => {
  it('keeps an error with its page and release, without addresses, long numbers or tokens, and no user', async () => {
    const { client } = await signUp('company');
    const message = unique('Failed for anna@example.com with phone 79161234567 token');
    const res = await client.post('/api/v1/client-errors', { ...REPORT, message: `${message} ${'a'.repeat(40)} \u202eerom` });
    expect(res.status).toBe(204);
    const { rows } = await db().query('select * from client_errors where message like $1', [`${message.split(' ')[0]} ${message.split(' ')[1]}%`]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'error', page: '/candidates', release: '0.0.1+abc1234', sampled: false });
    expect(rows[0].message).not.toContain('anna@example.com');
    expect(rows[0].message).toContain('<address>');
    expect(rows[0].message).toContain('<number>');
    expect(rows[0].message).toContain('<token>');
    // staff read it: no direction override turns their page around
    expect(rows[0].message).toMatch(/ erom$/);
    expect(Object.keys(rows[0])).not.toContain('user_id');
  });

  it('counts the page views of sampled sessions only', async () => {
    const client = new Client();
    const page = `/recruiter/${Math.random().toString(36).slice(2)}`;
    const count = async () => Number((await db().query('select coalesce(sum(count), 0) as n from client_views where page = $1', [page])).rows[0].n);
    expect((await client.post('/api/v1/client-errors', { ...REPORT, kind: 'view', page, message: '', sampled: false })).status).toBe(204);
    expect(await count()).toBe(0);
    for (let i = 0; i < 3; i++) expect((await client.post('/api/v1/client-errors', { ...REPORT, kind: 'view', page, message: '', sampled: true })).status).toBe(204);
    expect(await count()).toBe(3);
  });

  it('refuses what is not a report with a translated 400 and keeps nothing', async () => {
    const client = new Client();
    const before = Number((await db().query('select count(*) from client_errors')).rows[0].count);
    for (const body of [
      {},
      { ...REPORT, kind: 'crash' },
      { ...REPORT, page: 'https://evil.example/x' },
      { ...REPORT, page: '/verify/pd?token=secret' },
      { ...REPORT, page: '/a\u0000b' },
      { ...REPORT, message: 'x'.repeat(501) },
      { ...REPORT, stack: 'x'.repeat(4001) },
      { ...REPORT, release: '<script>' },
      { ...REPORT, sampled: 'yes' },
      { ...REPORT, message: 1e308 },
    ]) {
      const res = await client.post('/api/v1/client-errors', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    expect((await client.request('POST', '/api/v1/client-errors', { raw: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect(Number((await db().query('select count(*) from client_errors')).rows[0].count)).toBe(before);
  });

  it('refuses a body over 16 KB before reading it', async () => {
    const answer = await rawPost('/api/v1/client-errors', 'application/json', 17 * 1024);
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it('takes at most 60 reports an hour from one client, counted atomically under 200 at once', async () => {
    const client = new Client();
    const results = await Promise.all(Array.from({ length: 200 }, () => client.post('/api/v1/client-errors', { ...REPORT, message: 'loop' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140);
    // another client is not affected
    expect((await new Client().post('/api/v1/client-errors', { ...REPORT, message: 'other' })).status).toBe(204);
  });
});

describe('/staff/errors', () => {
  it('shows staff the errors with page and release, in both languages; nobody else', async () => {
    const message = unique('ReferenceError: staffcheck');
    await new Client().post('/api/v1/client-errors', { ...REPORT, message, page: '/chats' });
    const staff = await signUp('company');
    await db().query('update users set role = 8 where id = $1', [staff.user.id]);
    const en = await staff.client.get('/staff/errors');
    expect(en.status).toBe(200);
    expect(en.text).toContain(message);
    expect(en.text).toContain('Browser errors');
    expect(en.text).toContain('0.0.1+abc1234');
    const ru = await staff.client.get('/ru/staff/errors?days=30&page=/chats');
    expect(ru.status).toBe(200);
    expect(ru.text).toContain('Ошибки в браузерах');
    expect(ru.text).toContain(message);
    const filtered = await staff.client.get('/staff/errors?page=/nowhere');
    expect(filtered.text).not.toContain(message);
    // odd filter values change nothing and break nothing
    expect((await staff.client.get('/staff/errors?days=99999999999999999999&release=%00&page=' + 'x'.repeat(5000))).status).toBe(200);

    const company = await signUp('company');
    const refused = await company.client.get('/staff/errors');
    expect(refused.status).not.toBe(200);
    expect(refused.text).not.toContain(message);
    const anonymous = await new Client().get('/staff/errors');
    expect([302, 303]).toContain(anonymous.status);
  });
});
