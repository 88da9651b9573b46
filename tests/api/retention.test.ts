import { describe, expect, it } from 'vitest';
import { Client, db, lastMail, mailsTo, queueSettled, waitFor } from '../support/client.ts';
import { consentGiven } from '../support/consent.ts';
import { space } from '../support/spaces.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';

/**
 * Issue 13 item 4 (docs/decisions/0025): a space keeps a candidate without approved consent for
 * its days after the first request, and an approval lasts its months. The clock is moved in the
 * database, then the queue's retention task is run at once instead of at its hour.
 */

async function runRetention() {
  await db().query(`select graphile_worker.add_job('retention', '{}'::json)`);
  await waitFor(async () => (await db().query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'retention'`)).rows[0].n === 0, 'the retention task ran');
  await queueSettled();
}

async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
  const add = async (name: string) => {
    const email = `${name.toLowerCase()}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name, email, vacancyId: vacancy }));
    expect(created.status, created.text).toBe(201);
    const number = (await db().query('select number from candidates where id = $1', [created.json.id])).rows[0].number as number;
    return { id: created.json.id as string, email, number };
  };
  return { c, s, vacancy, add };
}

/** Asked `days` ago and not approved since. */
async function askedDaysAgo(w: Awaited<ReturnType<typeof world>>, candidate: { id: string }, days: number) {
  expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: candidate.id })).status).toBe(200);
  await db().query(`update candidates set unconsented_since = now() - make_interval(days => $2) where id = $1`, [candidate.id, days]);
  await db().query(`update pd_requests set created_at = now() - make_interval(days => $2) where candidate_id = $1`, [candidate.id, days]);
}

describe('the settings', () => {
  it('30 days and 12 months by default; the company changes them, recruiters read them, nobody else', async () => {
    const { s } = await world();
    const other = await space();
    const read = await s.recruiter.client.get('/api/v1/space/retention');
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ retentionDays: 30, consentMonths: 12, upcoming: [] });
    expect((await new Client().get('/api/v1/space/retention')).status).toBe(401);
    expect((await s.customer.client.get('/api/v1/space/retention')).status).toBe(403);
    expect((await s.recruiter.client.put('/api/v1/space/retention', { retentionDays: 60, consentMonths: 6 })).status).toBe(403);
    expect((await s.customer.client.put('/api/v1/space/retention', { retentionDays: 60, consentMonths: 6 })).status).toBe(403);
    expect((await new Client().put('/api/v1/space/retention', { retentionDays: 60, consentMonths: 6 })).status).toBe(401);

    const saved = await s.company.client.put('/api/v1/space/retention', { retentionDays: 60, consentMonths: 6 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ retentionDays: 60, consentMonths: 6 });
    expect((await s.recruiter.client.get('/api/v1/space/retention')).json).toMatchObject({ retentionDays: 60, consentMonths: 6 });
    // another space's settings are its own
    expect((await other.company.client.get('/api/v1/space/retention')).json).toMatchObject({ retentionDays: 30, consentMonths: 12 });

    const bad: unknown[] = [
      { retentionDays: 0, consentMonths: 6 },
      { retentionDays: 3651, consentMonths: 6 },
      { retentionDays: 30, consentMonths: 121 },
      { retentionDays: 1.5, consentMonths: 6 },
      { retentionDays: '30', consentMonths: 6 },
      { retentionDays: 30 },
      { retentionDays: 1e308, consentMonths: 6 },
      { retentionDays: -1, consentMonths: -1 },
      { retentionDays: null, consentMonths: 6 },
      { retentionDays: 'a\u0000', consentMonths: 6 },
      [],
    ];
    for (const body of bad) {
      const res = await s.company.client.put('/api/v1/space/retention', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await s.company.client.request('PUT', '/api/v1/space/retention', { raw: JSON.stringify({ retentionDays: 1, consentMonths: 1, pad: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect((await s.company.client.get('/api/v1/space/retention')).json).toMatchObject({ retentionDays: 60, consentMonths: 6 });
  });

  it('the page: the company saves by a plain form post in both languages; a recruiter sees it read-only', async () => {
    const { s } = await world();
    const page = await s.company.client.get('/retention');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Keep a candidate without consent, days after the first request');
    const form = (client: Client, body: string) => client.request('POST', '/retention', { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const saved = await form(s.company.client, 'retentionDays=45&consentMonths=18');
    expect(saved.status).toBe(303);
    expect((await s.company.client.get('/api/v1/space/retention')).json).toMatchObject({ retentionDays: 45, consentMonths: 18 });
    const bad = await form(s.company.client, 'retentionDays=0&consentMonths=18');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Enter whole numbers');
    const ru = await s.company.client.get('/ru/retention');
    expect(ru.text).toContain('Хранение данных');
    const recruiter = await s.recruiter.client.get('/retention');
    expect(recruiter.status).toBe(200);
    expect(recruiter.text).toContain('Only the company changes these settings.');
    expect((await form(s.recruiter.client, 'retentionDays=1&consentMonths=1')).status).toBe(403);
    expect((await s.company.client.get('/api/v1/space/retention')).json).toMatchObject({ retentionDays: 45, consentMonths: 18 });
    // customers are sent home
    expect((await s.customer.client.get('/retention')).status).toBe(302);
  });
});

describe('the retention task', () => {
  it('anonymises who ran out, shows who runs out within 7 days, keeps the rest; per space', async () => {
    const w = await world();
    const late = await w.add('Late');
    const soon = await w.add('Soon');
    const fresh = await w.add('Fresh');
    const never = await w.add('Never');
    await askedDaysAgo(w, late, 31);
    await askedDaysAgo(w, soon, 25);
    await askedDaysAgo(w, fresh, 2);
    // 'Never' was never asked: the clock has not started

    const upcoming = (await w.s.recruiter.client.get('/api/v1/space/retention')).json.upcoming;
    expect(upcoming.map((u: { candidateId: string }) => u.candidateId)).toEqual([late.id, soon.id]);
    const list = await w.s.recruiter.client.get('/candidates');
    expect(list.text).toContain('2 candidates will be anonymised within 7 days');
    const page = await w.s.recruiter.client.get('/retention');
    expect(page.text).toContain('Soon Smirnova');

    // another space with a longer retention keeps its candidate of 31 days
    const w2 = await world();
    await w2.s.company.client.put('/api/v1/space/retention', { retentionDays: 60, consentMonths: 12 });
    const kept = await w2.add('Kept');
    await askedDaysAgo(w2, kept, 31);

    await runRetention();
    const rows = Object.fromEntries(
      (await db().query('select id, name, email, erased_at from candidates where id = any($1)', [[late.id, soon.id, fresh.id, never.id, kept.id]])).rows.map((r) => [r.id, r]),
    );
    expect(rows[late.id]).toMatchObject({ name: '', email: null });
    expect(rows[late.id].erased_at).toBeInstanceOf(Date);
    for (const id of [soon.id, fresh.id, never.id, kept.id]) expect(rows[id].erased_at, id).toBeNull();
    const log = (await db().query(`select actor_kind, details from audit_events where candidate_id = $1 and action = 'erasure'`, [late.id])).rows;
    expect(log).toEqual([{ actor_kind: 'system', details: { reason: 'retention' } }]);
    // the funnel stays for the statistics
    expect((await db().query('select count(*)::int as n from vacancy_candidates where candidate_id = $1', [late.id])).rows[0].n).toBe(1);
    expect((await w.s.recruiter.client.get('/api/v1/space/retention')).json.upcoming.map((u: { candidateId: string }) => u.candidateId)).toEqual([soon.id]);
  });

  it('an approval answered stops the clock; declining keeps it running from the first request', async () => {
    const w = await world();
    const yes = await w.add('Yes');
    const no = await w.add('No');
    for (const who of [yes, no]) {
      expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: who.id })).status).toBe(200);
      const mail = await lastMail(who.email, { match: (m) => /\/verify\/pd\?token=/.test(m.text ?? '') });
      const token = /\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
      await new Client().post('/api/v1/verify/candidate/pd', { token, response: who === yes ? 'approved' : 'declined' });
    }
    const since = Object.fromEntries((await db().query('select id, unconsented_since from candidates where id = any($1)', [[yes.id, no.id]])).rows.map((r) => [r.id, r.unconsented_since]));
    expect(since[yes.id]).toBeNull();
    expect(since[no.id]).toBeInstanceOf(Date);
  });

  it('an approval older than the months is asked again: a renewal mail, Waiting PD, customers see the anonymous card, logged', async () => {
    const w = await world();
    const old = await w.add('Old');
    const recent = await w.add('Recent');
    await consentGiven(old.id, [w.s.customer.id]);
    await consentGiven(recent.id, [w.s.customer.id]);
    await db().query(`update consent_grants set answered_at = now() - interval '13 months' where candidate_id = $1 and recipient = 'company'`, [old.id]);
    await db().query(`update consent_grants set answered_at = now() - interval '11 months' where candidate_id = $1 and recipient = 'company'`, [recent.id]);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${old.id}`)).json.identityHidden).toBe(false);

    await runRetention();
    const mail = await lastMail(old.email, { match: (m) => /Renew your consent/.test(m.subject ?? '') });
    expect(mail.text).toContain('That consent has run its course');
    expect(mail.text).toMatch(/\/verify\/pd\?token=[\w-]+/);
    expect(mail.text).toMatch(/\/privacy\?token=[\w-]+/);
    const rows = Object.fromEntries((await db().query('select id, pd_status, unconsented_since from candidates where id = any($1)', [[old.id, recent.id]])).rows.map((r) => [r.id, r]));
    expect(rows[old.id].pd_status).toBe(2);
    expect(rows[old.id].unconsented_since).toBeInstanceOf(Date);
    expect(rows[recent.id]).toMatchObject({ pd_status: 4, unconsented_since: null });
    expect(await mailsTo(recent.email)).toHaveLength(0);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${old.id}`)).json.identityHidden).toBe(true);
    expect((await db().query(`select actor_kind from audit_events where candidate_id = $1 and action = 'consent_renewal'`, [old.id])).rows).toEqual([{ actor_kind: 'system' }]);
    // the request names the processing again and the customer
    const scope = (await db().query('select scope, requested_by from pd_requests where candidate_id = $1 order by created_at desc limit 1', [old.id])).rows[0];
    expect(scope.requested_by).toBeNull();
    expect(scope.scope).toMatchObject({ processing: true, customers: [expect.objectContaining({ id: w.s.customer.id })] });

    // a second run sends nothing more
    await runRetention();
    expect(await mailsTo(old.email)).toHaveLength(1);

    // the renewal approved: status and grants back, the clock stopped
    const token = /\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    expect((await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved', share: [w.s.customer.id] })).status).toBe(200);
    expect((await db().query('select pd_status, unconsented_since from candidates where id = $1', [old.id])).rows[0]).toEqual({ pd_status: 4, unconsented_since: null });
    expect((await w.s.customer.client.get(`/api/v1/candidates/${old.id}`)).json.identityHidden).toBe(false);
  });
});
