import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { Client, db, lastMail, waitFor } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';

/** Issue 13 item 3 (docs/decisions/0025): withdrawal, a copy of the data, erasure. */

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** A form post as a browser with scripts off sends it. */
function post(pathname: string, fields: [string, string][]) {
  return new Client().request('POST', pathname, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** A candidate on a vacancy of both customers, with a résumé, a photo name and a customer's rating. */
async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id, s.customer2.id]))).json.id as string;
  const email = `anna-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { email, vacancyId: vacancy }));
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as string;
  const form = new FormData();
  form.append('candidateId', id);
  form.append('file', new Blob([Buffer.from(PDF)], { type: 'application/pdf' }), 'Anna CV.pdf');
  expect((await s.recruiter.client.request('POST', '/api/v1/candidates/resume', { raw: form })).status).toBe(200);
  await s.customer.client.post(`/api/v1/candidates/vacancy/${vacancy}/${id}/rating`, { score: 4, comment: 'Strong, lives on Tverskaya' });
  const number = (await db().query('select number from candidates where id = $1', [id])).rows[0].number as number;
  return { c, s, vacancy, id, email, number };
}

type World = Awaited<ReturnType<typeof world>>;

/** Asks for consent; the candidate approves and shares with `share`. Returns the rights link's token from the mail. */
async function approved(w: World, share: string[]) {
  expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id })).status).toBe(200);
  const mail = await lastMail(w.email, { match: (m) => /\/verify\/pd\?token=/.test(m.text ?? '') });
  const consent = /\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
  const rights = /\/privacy\?token=([\w-]+)/.exec(mail.text ?? '')?.[1];
  expect(rights, 'the consent mail carries the rights link').toBeTruthy();
  const answered = await new Client().post('/api/v1/verify/candidate/pd', { token: consent, response: 'approved', share });
  expect(answered.status, answered.text).toBe(200);
  return { consent, rights: rights! };
}

async function audits(candidateId: string) {
  return (await db().query('select action, actor_kind, actor_id, details from audit_events where candidate_id = $1 order by at, id', [candidateId])).rows;
}

describe('the rights page', () => {
  it('the consent mail and the consent page lead to it; it ships no JavaScript and shows the consent as it stands', async () => {
    const w = await world();
    const { consent, rights } = await approved(w, [w.s.customer.id]);
    const consentPage = await new Client().get(`/verify/pd?token=${consent}`);
    expect(consentPage.text).toContain(`/privacy?token=${consent}`);

    for (const token of [rights, consent]) {
      const page = await new Client().get(`/privacy?token=${token}`);
      expect(page.status).toBe(200);
      expect(page.text).not.toMatch(/<script/i);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.text).toContain('Hello, Anna Smirnova!');
      expect(page.text).toContain('You agreed to the processing of your personal data');
      expect(page.text).toContain('Kate First');
      expect(page.text).not.toContain('Lena Second');
    }
    const ru = await new Client().get(`/ru/privacy?token=${rights}`);
    expect(ru.text).toContain('Здравствуйте, Anna Smirnova!');
    expect(ru.text).toContain('Отозвать всё согласие');
  });

  it('a wrong, foreign-address or missing token shows nothing about anyone', async () => {
    const w = await world();
    const { rights } = await approved(w, []);
    for (const token of ['nope', 'x'.repeat(300), 'a\u0000b', '']) {
      const page = await new Client().get(`/privacy?token=${encodeURIComponent(token)}`);
      expect(page.status, token.slice(0, 10)).toBe(token ? 404 : 200);
      expect(page.text).not.toContain('Anna');
    }
    // the same address in other letters (as a candidate kept from before may have it) is the same address
    await db().query('update candidates set email = upper(email) where id = $1', [w.id]);
    expect((await new Client().get(`/privacy?token=${rights}`)).status).toBe(200);
    // a new address: the old one's link no longer opens the page
    await w.s.recruiter.client.put(`/api/v1/candidates/${w.id}`, candidateBody(w.c, { email: `new-${w.email}` }));
    const page = await new Client().get(`/privacy?token=${rights}`);
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('Anna');
  });

  it('withdrawing for one customer hides the candidate from that customer only; logged without personal data', async () => {
    const w = await world();
    const { rights } = await approved(w, [w.s.customer.id, w.s.customer2.id]);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json.email).toBe(w.email);
    const res = await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'withdraw_some'], ['recipient', w.s.customer.id]]);
    expect(res.status, res.text).toBe(303);
    expect(res.headers.get('location')).toBe(`/privacy?token=${rights}&done=withdraw_some`);
    const after = await new Client().get(res.headers.get('location')!);
    expect(after.text).toContain('You no longer share your data with them.');

    const kate = (await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json;
    expect(kate.identityHidden).toBe(true);
    expect(kate.email).toBeNull();
    expect(kate.name).toBe(`Candidate ${w.number}`);
    const lena = (await w.s.customer2.client.get(`/api/v1/candidates/${w.id}`)).json;
    expect(lena.email).toBe(w.email);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}/resume`)).status).toBe(404);
    expect((await db().query('select pd_status from candidates where id = $1', [w.id])).rows[0].pd_status).toBe(4);

    const log = await audits(w.id);
    const withdrawal = log.find((l) => l.action === 'consent_withdrawal');
    expect(withdrawal).toMatchObject({ actor_kind: 'candidate', actor_id: null, details: { scope: 'customers', recipients: 1 } });
    expect(JSON.stringify(log)).not.toContain(w.email);
    expect(JSON.stringify(log)).not.toContain('Anna');
  });

  it('withdrawing everything: status Withdrawn, every grant refused, open links void, the retention clock starts', async () => {
    const w = await world();
    const { rights } = await approved(w, [w.s.customer.id]);
    // a follow-up request is open when the candidate withdraws
    await db().query(
      `insert into pd_requests (candidate_id, token_hash, email, lang, expires_at) values ($1, $2, $3, 'en', now() + interval '30 days')`,
      [w.id, `open-${w.id}`, w.email],
    );
    const res = await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'withdraw_all']]);
    expect(res.status, res.text).toBe(303);
    const row = (await db().query('select pd_status, unconsented_since from candidates where id = $1', [w.id])).rows[0];
    expect(row.pd_status).toBe(7);
    expect(row.unconsented_since).toBeInstanceOf(Date);
    const grants = (await db().query('select granted from consent_grants where candidate_id = $1', [w.id])).rows;
    expect(grants.length).toBeGreaterThan(0);
    expect(grants.every((g) => !g.granted)).toBe(true);
    expect((await db().query('select superseded_at from pd_requests where token_hash = $1', [`open-${w.id}`])).rows[0].superseded_at).toBeInstanceOf(Date);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(true);
    expect((await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json.pdStatus).toBe(7);
    // nothing left: a second withdrawal says so
    const again = await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'withdraw_all']]);
    expect(again.status).toBe(409);
    expect(again.text).toContain('There is no consent left to withdraw.');
    expect((await audits(w.id)).filter((l) => l.action === 'consent_withdrawal')).toHaveLength(1);
  });

  it('odd posts are a 400 and change nothing', async () => {
    const w = await world();
    const { rights } = await approved(w, [w.s.customer.id]);
    const bad: [string, string][][] = [
      [['token', rights], ['action', 'launch']],
      [['token', rights]],
      [['token', rights], ['action', 'withdraw_some']],
      [['token', rights], ['action', 'withdraw_some'], ['recipient', w.s.customer2.id]],
      [['token', rights], ['action', 'withdraw_some'], ['recipient', 'a\u0000b']],
      [['token', rights], ['action', 'withdraw_some'], ['recipient', 'x'.repeat(65)]],
      [['token', rights], ['action', 'copy\u0000']],
      // erasure only with its box ticked: its value and nothing like it
      [['token', rights], ['action', 'erasure']],
      [['token', rights], ['action', 'erasure'], ['confirm', 'no']],
      [['token', rights], ['action', 'erasure'], ['confirm', 'yes\u0000']],
      [['token', rights], ['action', 'erasure'], ['confirm', 'YES']],
      [['token', rights], ['action', 'erasure'], ['confirm', 'y'.repeat(70_000)]],
      [['token', 'x'.repeat(5000)], ['action', 'erasure'], ['confirm', 'yes']],
    ];
    for (const fields of bad) {
      const res = await post(`/privacy?token=${rights}`, fields);
      expect(res.status, JSON.stringify(fields).slice(0, 120)).toBe(400);
    }
    const notForm = await new Client().request('POST', `/privacy?token=${rights}`, { raw: '\u0000\u0001', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(notForm.status).toBe(400);
    const badToken = await post('/privacy', [['token', 'nope'], ['action', 'copy']]);
    expect(badToken.status).toBe(404);
    expect((await db().query('select granted from consent_grants where candidate_id = $1 and recipient = $2', [w.id, w.s.customer.id])).rows[0].granted).toBe(true);
    expect((await db().query('select count(*)::int as n from rights_requests where candidate_id = $1', [w.id])).rows[0].n).toBe(0);
  });

  it('200 requests for a copy at once are one request, logged once', async () => {
    const w = await world();
    const { rights } = await approved(w, []);
    const answers = await Promise.all(Array.from({ length: 200 }, () => post(`/privacy?token=${rights}`, [['token', rights], ['action', 'copy']])));
    expect(answers.every((a) => a.status === 303)).toBe(true);
    expect((await db().query(`select count(*)::int as n from rights_requests where candidate_id = $1`, [w.id])).rows[0].n).toBe(1);
    expect((await audits(w.id)).filter((l) => l.action === 'rights_request')).toHaveLength(1);
    // and told once, to the company and the recruiter who added the candidate (their bell)
    for (const person of [w.s.company, w.s.recruiter]) {
      const notices = (await person.client.get('/api/v1/notifications')).json.data.filter((n: { kind: string }) => n.kind === 'rights_request');
      expect(notices).toEqual([expect.objectContaining({ text: expect.stringMatching(/asks for a copy of their data: send it from their page$/), link: `/candidates/${w.id}/-` })]);
    }
    expect((await w.s.customer.client.get('/api/v1/notifications')).json.data.filter((n: { kind: string }) => n.kind === 'rights_request')).toEqual([]);
  });
});

describe('a copy of the data', () => {
  it('the candidate asks; the recruiter sees it and sends it; a ZIP of JSON and résumé comes by a link that expires', async () => {
    const w = await world();
    const { rights } = await approved(w, []);
    expect((await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'copy']])).status).toBe(303);
    expect((await new Client().get(`/privacy?token=${rights}`)).text).toContain('You asked for a copy on');

    const listed = await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}/rights`);
    expect(listed.status).toBe(200);
    expect(listed.json.requests).toEqual([expect.objectContaining({ kind: 'copy', byCandidate: true, doneAt: null })]);
    const list = await w.s.recruiter.client.get('/candidates');
    expect(list.text).toContain('1 candidate asked about their data');
    const profile = await w.s.recruiter.client.get(`/candidates/${w.id}/-`);
    expect(profile.text).toContain('Data requests');
    expect(profile.text).toContain('asked by the candidate');

    const sent = await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/export`);
    expect(sent.status, sent.text).toBe(202);
    const mail = await lastMail(w.email, { match: (m) => /\/privacy\/export\?token=/.test(m.text ?? '') });
    expect(mail.subject).toBe('A copy of your personal data');
    const token = /\/privacy\/export\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const download = await fetch(`${inject('baseUrl')}/privacy/export?token=${token}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('cache-control')).toBe('no-store');
    const bytes = Buffer.from(await download.arrayBuffer());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'export-'));
    fs.writeFileSync(path.join(dir, 'copy.zip'), bytes);
    // unzip checks every entry's CRC: the archive is well formed
    execFileSync('unzip', ['-q', '-o', 'copy.zip'], { cwd: dir });
    const data = JSON.parse(fs.readFileSync(path.join(dir, 'data.json'), 'utf8'));
    expect(data.candidate).toMatchObject({ name: 'Anna', surname: 'Smirnova', email: w.email, dateOfBirth: '1990-05-17', resumeFile: 'Anna CV.pdf' });
    expect(data.company).toBe('Acme');
    expect(data.vacancies).toEqual([expect.objectContaining({ vacancy: 'Project manager' })]);
    expect(data.consent.requests[0]).toMatchObject({ answer: 'approved', email: w.email });
    expect(fs.readFileSync(path.join(dir, 'resume.pdf'), 'utf8')).toBe(PDF);

    // the request is done; the profile shows until when the link works
    const done = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}/rights`)).json.requests;
    expect(done).toEqual([expect.objectContaining({ kind: 'copy', byCandidate: true, doneAt: expect.any(String), expiresAt: expect.any(String) })]);
    expect((await w.s.recruiter.client.get('/candidates')).text).not.toContain('asked about their data');
    expect((await audits(w.id)).map((l) => l.action)).toEqual(expect.arrayContaining(['rights_request', 'export', 'export_download']));

    // a week later the link is gone
    await db().query(`update rights_requests set expires_at = now() - interval '1 minute' where candidate_id = $1`, [w.id]);
    const expired = await fetch(`${inject('baseUrl')}/privacy/export?token=${token}`);
    expect(expired.status).toBe(410);
    expect((await fetch(`${inject('baseUrl')}/privacy/export?token=nope`)).status).toBe(404);
  });

  it('the recruiter may send one unasked; never to another space, a customer or without a session', async () => {
    const w = await world();
    const other = await space();
    expect((await new Client().post(`/api/v1/candidates/${w.id}/export`)).status).toBe(401);
    expect((await w.s.customer.client.post(`/api/v1/candidates/${w.id}/export`)).status).toBe(403);
    expect((await other.company.client.post(`/api/v1/candidates/${w.id}/export`)).status).toBe(404);
    expect((await other.company.client.get(`/api/v1/candidates/${w.id}/rights`)).status).toBe(404);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}/rights`)).status).toBe(403);
    expect((await new Client().get(`/api/v1/candidates/${w.id}/rights`)).status).toBe(401);
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000', 'a%00b', '9'.repeat(400)]) {
      expect((await w.s.recruiter.client.post(`/api/v1/candidates/${id}/export`)).status, id.slice(0, 10)).toBe(404);
    }
    const sent = await w.s.company.client.post(`/api/v1/candidates/${w.id}/export`);
    expect(sent.status).toBe(202);
    await lastMail(w.email, { match: (m) => /\/privacy\/export\?token=/.test(m.text ?? '') });
    const rows = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}/rights`)).json.requests;
    expect(rows).toEqual([expect.objectContaining({ kind: 'copy', byCandidate: false })]);
    // without an address there is nowhere to send it
    const bare = (await w.s.recruiter.client.post('/api/v1/candidates', { name: 'No', surname: 'Mail', positionName: 'QA' })).json.id;
    expect((await w.s.recruiter.client.post(`/api/v1/candidates/${bare}/export`)).status).toBe(422);
  });
});

describe('erasure', () => {
  it('asked by the candidate, done by the recruiter: "Candidate 4812" with the funnel and ratings kept, files gone, logged', async () => {
    const w = await world();
    const { rights, consent } = await approved(w, [w.s.customer.id]);
    // the box unticked: nothing is asked
    const unticked = await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'erasure']]);
    expect(unticked.status).toBe(400);
    expect(unticked.text).toContain('Tick the box to confirm that you want your data erased.');
    expect((await db().query(`select count(*)::int as n from rights_requests where candidate_id = $1 and kind = 'erasure'`, [w.id])).rows[0].n).toBe(0);
    expect((await post(`/privacy?token=${rights}`, [['token', rights], ['action', 'erasure'], ['confirm', 'yes']])).status).toBe(303);
    const profile = await w.s.recruiter.client.get(`/candidates/${w.id}/-`);
    expect(profile.text).toContain('asked by the candidate');
    const before = (await db().query('select resume, number from candidates where id = $1', [w.id])).rows[0];
    const resumeFile = path.join(inject('dataDir'), 'resumes', before.resume);
    expect(fs.existsSync(resumeFile)).toBe(true);

    expect((await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/erase`, {})).status).toBe(400);
    const erased = await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/erase`, { confirm: true });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json).toEqual({ number: w.number });

    const row = (await db().query('select * from candidates where id = $1', [w.id])).rows[0];
    expect(row).toMatchObject({ name: '', surname: '', image: null, dob: null, email: null, phone: null, resume: null, resume_name: null, search: null, job_experience: [], education: [], langs: [] });
    expect(row.erased_at).toBeInstanceOf(Date);
    // what the statistics need stays
    expect(row).toMatchObject({ position_name: 'Менеджер проектов', salary: 120000, number: w.number });
    expect((await db().query('select count(*)::int as n from vacancy_candidates where candidate_id = $1', [w.id])).rows[0].n).toBe(1);
    expect((await db().query('select score, comment from ratings where candidate_id = $1', [w.id])).rows).toEqual([{ score: 4, comment: '' }]);
    expect((await db().query('select count(*)::int as n from funnel_events where candidate_id = $1', [w.id])).rows[0].n).toBeGreaterThan(0);
    expect((await db().query('select email, answer_ip from pd_requests where candidate_id = $1', [w.id])).rows.every((r) => r.email === '' && r.answer_ip === null)).toBe(true);
    expect((await db().query('select count(*)::int as n from consent_grants where candidate_id = $1', [w.id])).rows[0].n).toBe(0);
    expect((await db().query('select count(*)::int as n from rights_requests where candidate_id = $1 and done_at is null', [w.id])).rows[0].n).toBe(0);
    expect(fs.existsSync(resumeFile)).toBe(false);

    for (const viewer of [w.s.recruiter.client, w.s.company.client, w.s.customer.client]) {
      const view = (await viewer.get(`/api/v1/candidates/${w.id}`)).json;
      expect(view.name).toBe(`Candidate ${w.number}`);
      expect(view.identityHidden).toBe(true);
    }
    const ruView = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}?lng=ru`)).json;
    expect(ruView.name).toBe(`Кандидат ${w.number}`);
    // not found by the old name
    const found = await w.s.recruiter.client.get('/api/v1/candidates?search=Smirnova');
    expect(found.status).toBe(200);
    expect(found.json.data).toEqual([]);
    const onVacancy = (await w.s.recruiter.client.get(`/api/v1/candidates/vacancy/${w.vacancy}`)).json.data;
    expect(onVacancy).toEqual([expect.objectContaining({ name: `Candidate ${w.number}`, surname: '', identityHidden: true, stage: 1, average: 4 })]);
    // the links stop working, and nothing brings the data back
    expect((await new Client().get(`/privacy?token=${rights}`)).status).toBe(404);
    expect((await new Client().get(`/privacy?token=${consent}`)).status).toBe(404);
    expect((await w.s.recruiter.client.put(`/api/v1/candidates/${w.id}`, candidateBody(w.c))).status).toBe(409);
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id })).status).toBe(409);
    expect((await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/erase`, { confirm: true })).status).toBe(409);
    expect((await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/export`)).status).toBe(409);

    // the recruiter's notification of the consent answer keeps no name
    expect(JSON.stringify((await db().query('select params from notifications where candidate_id = $1', [w.id])).rows)).not.toContain('Smirnova');
    const notices = (await w.s.recruiter.client.get('/api/v1/notifications')).json.data as { text: string }[];
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.map((n) => n.text).join(' ')).toContain(`Candidate ${w.number}`);
    expect(notices.map((n) => n.text).join(' ')).not.toContain('Anna');

    const log = await audits(w.id);
    expect(log.filter((l) => l.action === 'erasure')).toEqual([expect.objectContaining({ actor_kind: 'user', actor_id: w.s.recruiter.id, details: { reason: 'request' } })]);
  });

  it('the erase endpoint: no session, wrong role, another space, odd bodies; 200 at once erase once', async () => {
    const w = await world();
    const other = await space();
    expect((await new Client().post(`/api/v1/candidates/${w.id}/erase`, { confirm: true })).status).toBe(401);
    expect((await w.s.customer.client.post(`/api/v1/candidates/${w.id}/erase`, { confirm: true })).status).toBe(403);
    expect((await other.recruiter.client.post(`/api/v1/candidates/${w.id}/erase`, { confirm: true })).status).toBe(404);
    for (const body of [{ confirm: 'yes' }, { confirm: 1 }, { confirm: false }, [], 'x', { confirm: '\u0000' }]) {
      const res = await w.s.recruiter.client.post(`/api/v1/candidates/${w.id}/erase`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await w.s.recruiter.client.request('POST', `/api/v1/candidates/${w.id}/erase`, { raw: JSON.stringify({ confirm: true, pad: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect((await db().query('select erased_at from candidates where id = $1', [w.id])).rows[0].erased_at).toBeNull();

    const answers = await Promise.all(Array.from({ length: 200 }, () => w.s.company.client.post(`/api/v1/candidates/${w.id}/erase`, { confirm: true })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(199);
    expect((await audits(w.id)).filter((l) => l.action === 'erasure')).toEqual([expect.objectContaining({ details: { reason: 'direct' }, actor_id: w.s.company.user.id })]);
  });

  it('the profile erases by a plain form post, which needs the confirmation', async () => {
    const w = await world();
    const form = (fields: [string, string][]) =>
      w.s.recruiter.client.request('POST', `/candidates/${w.id}/-`, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    // the erase button comes after everything about the person, not above their interviews
    const before = (await w.s.recruiter.client.get(`/candidates/${w.id}/-`, { token: null })).text;
    expect(before.indexOf('data-testid="rights-section"')).toBeGreaterThan(before.indexOf('id="cp-langs"'));
    expect(before.indexOf('id="cp-interviews"')).toBeGreaterThan(0);
    expect(before.indexOf('data-testid="rights-section"')).toBeGreaterThan(before.indexOf('id="cp-interviews"'));
    const unconfirmed = await form([['rights', 'erase']]);
    expect(unconfirmed.status).toBe(400);
    expect((await db().query('select erased_at from candidates where id = $1', [w.id])).rows[0].erased_at).toBeNull();
    const done = await form([['rights', 'erase'], ['confirm', 'yes']]);
    expect(done.status).toBe(303);
    // to the section, which tells what happened
    expect(done.headers.get('location')).toBe(`/candidates/${w.id}/-?rights=erased#cp-rights`);
    const page = await w.s.recruiter.client.get(done.headers.get('location')!.replace(/#.*/, ''));
    expect(page.text).toContain('The candidate is erased.');
    expect(page.text).toContain(`Candidate ${w.number}`);
    expect(page.text).not.toContain('Smirnova');
    await waitFor(async () => (await db().query('select erased_at from candidates where id = $1', [w.id])).rows[0].erased_at !== null, 'erased');
    // a customer's form post does nothing
    const customer = await w.s.customer.client.request('POST', `/candidates/${w.id}/${w.vacancy}`, { raw: 'rights=export', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(customer.status).not.toBe(303);
  });
});

describe('identity follows each candidate\'s own consent', () => {
  it('a customer granted one candidate does not see the identity of another on the same vacancy (a bare column in identityShown once matched any grant)', async () => {
    const w = await world();
    await approved(w, [w.s.customer.id]);
    const other = (await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(w.c, { name: 'Boris', surname: 'Hidden', email: `boris-${Date.now()}@example.com`, vacancyId: w.vacancy }))).json.id as string;
    await db().query('update candidates set pd_status = 4 where id = $1', [other]);
    const view = (await w.s.customer.client.get(`/api/v1/candidates/${other}`)).json;
    expect(view.identityHidden).toBe(true);
    expect(view.surname).toBe('');
    expect((await w.s.customer.client.get(`/api/v1/candidates/${other}/resume`)).status).toBe(404);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(false);
  });
});
