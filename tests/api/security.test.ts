/**
 * The attacks of the security review (issue 9), each reproduced: they must fail. Concurrency
 * tests really send their requests at once, from separate clients on separate connections.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Client, db, lastCode, PASSWORD, signUp, uniqueEmail } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';
import { inlineHashes } from '../../src/lib/server/csp.ts';
import { clientBucket } from '../../src/lib/server/http.ts';

/** `n` distinct wrong 4-digit codes. */
function wrongCodes(right: string, n: number): string[] {
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const code = String(i).padStart(4, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

describe('the 4-digit code cannot be raced', () => {
  it('300 concurrent wrong guesses at auth/verify/email: at most 5 compared, then the right code is refused', async () => {
    const { email } = await signUp('company', { verify: false });
    const code = await lastCode(email);
    const answers = await Promise.all(wrongCodes(code, 300).map((guess) => new Client().post('/api/v1/auth/verify/email', { email, code: guess })));
    const keys = answers.map((a) => a.json.message);
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    // a compared guess answers wrong_code (1st–4th) or spent (5th); every later one only spent or 429
    expect(keys.filter((k) => k === 'error.user.wrong_code').length).toBeLessThanOrEqual(4);
    const attempts = await db().query(`select attempts from email_codes c join users u on u.id = c.user_id where u.email = $1 and c.purpose = 'verify'`, [email]);
    expect(attempts.rows.map((r) => r.attempts)).toEqual([5]);
    // the right code now meets a spent code, or the address's own limit: refused either way
    const late = await new Client().post('/api/v1/auth/verify/email', { email, code });
    expect([422, 429]).toContain(late.status);
    expect(['error.user.code_send_max_attempts_reached', 'error.common.too_many_requests']).toContain(late.json.message);
    const status = await db().query('select status from users where email = $1', [email]);
    expect(status.rows[0].status).toBe(1);
  });

  it('the same holds for users/profile/email/verify', async () => {
    const { client } = await signUp('company');
    const next = uniqueEmail('next');
    expect((await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD })).status).toBe(200);
    const code = await lastCode(next);
    const answers = await Promise.all(wrongCodes(code, 300).map((guess) => client.post('/api/v1/users/profile/email/verify', { code: guess })));
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.json.message === 'error.user.wrong_code').length).toBeLessThanOrEqual(4);
    const late = await client.post('/api/v1/users/profile/email/verify', { code });
    expect([422, 429]).toContain(late.status);
    expect((await client.get('/api/v1/users/profile')).json.email).not.toBe(next);
  });

  it('limits code checks per address and per client, whatever the code', async () => {
    const { email } = await signUp('company', { verify: false });
    const one = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await new Client().post('/api/v1/auth/verify/email', { email, code: '0000' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
    // one client across many addresses
    const fromOne: number[] = [];
    for (let i = 0; i < 61; i++) fromOne.push((await one.post('/api/v1/auth/verify/email', { email: uniqueEmail('x'), code: '0000' })).status);
    expect(fromOne.slice(0, 60).every((s) => s === 422)).toBe(true);
    expect(fromOne[60]).toBe(429);
  });

  it('counts the window before the current one too, as at most its limit, weighted by how much of it is still within a window of now', async () => {
    const WINDOW = 900;
    const LIMIT = 20;
    const intoWindow = async () => Number((await db().query(`select mod(extract(epoch from now()), ${WINDOW}) as s`)).rows[0].s) / WINDOW;
    // early enough in the window that the one before still weighs more than two tries (rarely waits, 90 s at most)
    while ((await intoWindow()) > 0.9) await new Promise((resolve) => setTimeout(resolve, 1000));
    const { email } = await signUp('company', { verify: false });
    const check = async () => (await new Client().post('/api/v1/auth/verify/email', { email, code: '0000' })).status;
    expect(await check()).toBe(422);
    const { rows } = await db().query(`select key, window_start from rate_limits where key like 'verify:%' and key ilike $1`, [`%${email}`]);
    expect(rows).toHaveLength(1);
    // a guesser's thousands of tries in the window before: they weigh as the limit's twenty
    await db().query(`insert into rate_limits (key, window_start, count) values ($1, $2::timestamptz - make_interval(secs => ${WINDOW}), 10000)`, [rows[0].key, rows[0].window_start]);
    let passed = 1;
    let status = 422;
    while (passed <= LIMIT && (status = await check()) === 422) passed++;
    expect(status).toBe(429);
    // a fixed window would have let all twenty through, a sliding one about twenty times the share of it gone by
    const elapsed = await intoWindow();
    expect(passed).toBeLessThan(LIMIT);
    expect(passed).toBeLessThanOrEqual(Math.ceil(LIMIT * elapsed) + 1);
    // the wait above is up to 90 s, one run in ten: longer than the suite's 30 s per test
  }, 150_000);

  it("keeps a day's limit to the calendar day: yesterday's sends do not count today", async () => {
    const client = new Client();
    const key = `register-client:${clientBucket(client.ip)}`;
    const day = `to_timestamp(floor(extract(epoch from now()) / 86400) * 86400)`;
    await db().query(`insert into rate_limits (key, window_start, count) values ($1, ${day} - interval '1 day', 100000)`, [key]);
    expect((await client.post('/api/v1/auth/email/register', { email: uniqueEmail('day'), password: PASSWORD, role: 'company' })).status).toBe(201);
    await db().query(`insert into rate_limits (key, window_start, count) values ($1, ${day}, 100000) on conflict (key, window_start) do update set count = 100000`, [key]);
    expect((await new Client(undefined, { ip: client.ip }).post('/api/v1/auth/email/register', { email: uniqueEmail('day'), password: PASSWORD, role: 'company' })).status).toBe(429);
  });
});

describe('auth/verify/email leaks nothing', () => {
  it('answers a verified address exactly as a wrong code, whatever the code', async () => {
    const { email } = await signUp('company');
    const verified = await new Client().post('/api/v1/auth/verify/email', { email, code: '1234' });
    const unknown = await new Client().post('/api/v1/auth/verify/email', { email: uniqueEmail(), code: '1234' });
    expect(verified.status).toBe(422);
    expect(verified.json).toEqual({ statusCode: 422, message: 'error.user.wrong_code', errors: { code: 'error.user.wrong_code' } });
    expect(unknown.json).toEqual(verified.json);
  });
});

describe('concurrent registration of one address', () => {
  it('gives one 201 and a 4xx to every other', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 30 }, () => new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 400 && s < 500)).toHaveLength(29);
    const users = await db().query('select count(*)::int as n from users where email = $1', [email]);
    expect(users.rows[0].n).toBe(1);
  });
});

describe('headers', () => {
  it('pages carry a CSP without unsafe-inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    const res = await new Client().get('/auth/login');
    const csp = res.headers.get('content-security-policy') ?? '';
    const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(script).toContain("'self'");
    expect(script).not.toContain('unsafe-inline');
    expect(script).toMatch(/'sha256-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it("a page's CSP names the hashes of its own inline scripts and styles, every one of them, and no other page's", async () => {
    for (const path of ['/', '/auth/login', '/ru/auth/register']) {
      const res = await new Client().get(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const named = new Set(csp.match(/'sha256-[^']+'/g) ?? []);
      const inline = inlineHashes(res.text) ?? new Set<string>();
      expect(inline.size, path).toBeGreaterThan(0);
      expect([...inline].filter((h) => !named.has(h)), `${path}: inline blocks the policy would refuse`).toEqual([]);
      expect([...named].filter((h) => !inline.has(h)), `${path}: hashes of nothing on the page`).toEqual([]);
    }
  });

  it('every kind of answer says nosniff: API, files, health, errors', async () => {
    const c = new Client();
    for (const path of ['/api/v1/vacancy/soft-skills', '/api/v1/nope', '/favicon.svg', '/healthz', '/no-such-page']) {
      const res = await c.get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('pages with personal data are never cached; a public page may be', async () => {
    const { client } = await signUp('company');
    expect((await client.get('/profile')).headers.get('cache-control')).toBe('no-store');
    expect((await new Client().get('/verify/pd?token=abc')).headers.get('cache-control')).toBe('no-store');
    expect((await new Client().get('/')).headers.get('cache-control')).not.toBe('no-store');
  });
});

describe('smaller holes', () => {
  async function onVacancy() {
    const c = await catalogue();
    const s = await space();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    const candidate = (await s.company.client.post('/api/v1/candidates', candidateBody(c, { vacancyId: vacancy }))).json.id as string;
    return { c, s, vacancy, candidate };
  }

  it('100 concurrent stage moves from one stage: one wins, the rest get 409, the history has one move', async () => {
    const { s, vacancy, candidate } = await onVacancy();
    const targets = Array.from({ length: 100 }, (_, i) => 2 + (i % 5));
    const answers = await Promise.all(
      targets.map((to, i) => (i % 2 ? s.company.client : s.recruiter.client).put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: to, from: 1 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.message === 'error.funnel.stage_changed')).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(99);
    const events = await db().query(`select from_value, to_value from funnel_events where candidate_id = $1 and kind = 'stage'`, [candidate]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].from_value).toBe('1');
    // a move that states a stale "from" is refused, one that states the current one goes through
    const now = Number(events.rows[0].to_value);
    expect((await s.company.client.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: 7, from: 1 })).status).toBe(409);
    expect((await s.company.client.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: 7, from: now })).status).toBe(200);
    expect((await s.company.client.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: 2 })).status).toBe(400);
  });

  it('concurrent priority changes record a history where each change starts where the last ended', async () => {
    const { s, vacancy, candidate } = await onVacancy();
    await Promise.all(Array.from({ length: 60 }, (_, i) => s.company.client.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/priority`, { priority: 1 + (i % 3) })));
    const events = await db().query(`select from_value, to_value from funnel_events where candidate_id = $1 and kind = 'priority' order by created_at, id`, [candidate]);
    let current = '2';
    for (const e of events.rows) {
      expect(e.from_value).toBe(current);
      current = e.to_value;
    }
    const row = await db().query('select priority from vacancy_candidates where candidate_id = $1', [candidate]);
    expect(String(row.rows[0].priority)).toBe(current);
  });

  // the two removals take different keys: a vacancy edit its vacancy's, a customer leaving the
  // space (or deleting the account) the customer's own
  it.each(['vacancy', 'user'] as const)("a customer's rating meeting their removal in progress (%s key) waits for it and is refused, never written after it", async (key) => {
    const { s, vacancy, candidate } = await onVacancy();
    // a removal under way, holding the product's lock (lockCustomersOf in vacancies.ts) in a
    // transaction not yet committed
    const remover = await db().connect();
    try {
      await remover.query('begin');
      await remover.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`vacancy-customers:${key}:${key === 'vacancy' ? vacancy : s.customer.id}`]);
      await remover.query('delete from vacancy_customers where vacancy_id = $1 and user_id = $2', [vacancy, s.customer.id]);
      const rating = s.customer.client.post(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/rating`, { score: 5, comment: 'Racing' });
      // the rating has checked the customer (still there, as far as it can see) and waits at the lock
      await new Promise((resolve) => setTimeout(resolve, 500));
      await remover.query('commit');
      expect((await rating).status).toBe(403);
    } finally {
      remover.release();
    }
    expect((await db().query('select count(*)::int as n from ratings where vacancy_id = $1 and user_id = $2', [vacancy, s.customer.id])).rows[0].n).toBe(0);
  });

  it('100 customers\' sessions rating at once while the removal commits: each 201 was written, none after the removal', async () => {
    const { c, s, vacancy, candidate } = await onVacancy();
    const rating = (i: number) => s.customer.client.post(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/rating`, { score: 1 + (i % 5), comment: `Racing ${i}` });
    const written = async () =>
      (await db().query(`select count(*)::int as n from funnel_events where vacancy_id = $1 and user_id = $2 and kind = 'rating'`, [vacancy, s.customer.id])).rows[0].n as number;
    const answers: { status: number; text: string }[] = [];
    let removalAnswered = false;
    // 100 streams of ratings keep 100 requests in flight from before the removal until after it:
    // the removal must get its turn (row locks let new sharers past it for as long as they came)
    const stream = async () => {
      while (!removalAnswered && answers.length < 2000) answers.push(await rating(answers.length));
    };
    const streams = Array.from({ length: 100 }, stream);
    while (answers.length < 100) await new Promise((resolve) => setTimeout(resolve, 5));
    // the company takes the customer off the vacancy (the second customer stays its main one)
    const res = await s.company.client.put(`/api/v1/vacancy/${vacancy}`, vacancyBody(c, [s.customer2.id]));
    const removed = { status: res.status, writtenWhenAnswered: await written() };
    removalAnswered = true;
    await Promise.all(streams);
    expect(removed.status).toBe(200);
    // refused as no longer a customer of the vacancy (403), or as one who no longer sees it (404)
    for (const answer of answers) expect([201, 403, 404], answer.text).toContain(answer.status);
    const accepted = answers.filter((answer) => answer.status === 201).length;
    expect(accepted).toBeGreaterThanOrEqual(100);
    expect(answers.length - accepted).toBeGreaterThan(0);
    // nothing was written once the removal had committed, and every 201 left its record
    expect(await written()).toBe(removed.writtenWhenAnswered);
    expect(await written()).toBe(accepted);
    expect((await rating(0)).status).toBe(404);
    expect(await written()).toBe(accepted);
  });

  it('concurrent resume uploads leave exactly one file on disk, the one the candidate points at', async () => {
    const { s, candidate } = await onVacancy();
    const dir = path.join(inject('dataDir'), 'resumes');
    const before = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const uploads = Array.from({ length: 20 }, () => {
      const form = new FormData();
      form.append('candidateId', candidate);
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'cv.pdf');
      return s.company.client.request('POST', '/api/v1/candidates/resume', { raw: form });
    });
    // a person's uploads are received two at a time (odd-input.test.ts): the rest are told to try again
    const answers = await Promise.all(uploads);
    expect(answers.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const res of answers) expect([200, 503], res.text).toContain(res.status);
    const added = fs.readdirSync(dir).filter((f) => !before.has(f));
    const row = await db().query('select resume from candidates where id = $1', [candidate]);
    expect(added).toEqual([row.rows[0].resume]);
  });

  it('PUT vacancy without status keeps a published vacancy published', async () => {
    const { c, s, vacancy } = await onVacancy();
    const { status: _status, ...withoutStatus } = vacancyBody(c, [s.customer.id], { positionName: 'Renamed' });
    const res = await s.company.client.put(`/api/v1/vacancy/${vacancy}`, withoutStatus);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ positionName: 'Renamed', status: 1 });
  });

  it('an old refresh token used after rotation ends the whole session', async () => {
    const { client } = await signUp('company');
    const old = client.cookies.get('rt')!;
    expect((await client.post('/api/v1/auth/refresh')).status).toBe(200);
    expect(client.cookies.get('rt')).not.toBe(old);
    // past the 30 s grace: the thief (or the owner) presents the replaced token
    await db().query(`update sessions set rotated_at = now() - interval '1 minute' where previous_token_hash is not null and user_id = (select id from users where email = $1)`, [
      (await client.get('/api/v1/users/profile')).json.email,
    ]);
    const thief = new Client();
    thief.cookies.set('rt', old);
    expect((await thief.post('/api/v1/auth/refresh')).status).toBe(401);
    // the owner's current token is dead too: the session family ended
    client.token = undefined;
    expect((await client.post('/api/v1/auth/refresh')).status).toBe(401);
  });

  it('limits tickets and invites per hour', async () => {
    const { s } = await onVacancy();
    const tickets = [];
    for (let i = 0; i < 11; i++) tickets.push((await s.customer.client.post('/api/v1/help', { title: 'other', description: `t${i}` })).status);
    expect(tickets.slice(0, 9).every((x) => x === 201)).toBe(true);
    expect(tickets.at(-1)).toBe(429);
    const invites = [];
    for (let i = 0; i < 31; i++) invites.push((await s.recruiter.client.post('/api/v1/users/invite', { email: uniqueEmail('inv'), name: 'A', surname: 'B', role: 'customer' })).status);
    expect(invites.at(-1)).toBe(429);
  });
});
