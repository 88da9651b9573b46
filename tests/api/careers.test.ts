import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { Client, db, lastMail, mailsTo, queueSettled, randomIp, rawPost, uniqueEmail } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';

/**
 * Issue 15 items 1 and 2 (docs/decisions/0027): the careers page's settings, its public pages
 * and the apply form, posted the way a browser without JavaScript posts it.
 */

const form = (client: Client, path: string, body: Record<string, string>) =>
  client.request('POST', path, { raw: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let slugs = 0;
async function world({ on = true } = {}) {
  const c = await catalogue();
  const s = await space();
  const created = await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id], { positionName: 'Careers engineer', comment: 'Internal: pay less if possible' }));
  expect(created.status, created.text).toBe(201);
  const vacancy = created.json.id as string;
  const slug = `acme-${Date.now().toString(36)}-${++slugs}`;
  const saved = await form(s.company.client, '/careers', { slug, description: 'We build things.', ...(on ? { on: 'on' } : {}) });
  expect(saved.status, saved.text).toBe(303);
  expect((await form(s.recruiter.client, '/careers', { vacancyId: vacancy, on: '1' })).status).toBe(303);
  return { c, s, vacancy, slug };
}

function application(fields: Record<string, string | string[]>, file: { bytes: Buffer; name: string } | null = { bytes: PDF, name: 'cv.pdf' }) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  if (file) data.append('resume', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  return data;
}

const person = (email = uniqueEmail('applicant')) => ({ name: 'Maria', surname: 'Ivanova', email, phone: '+7 900 111-22-33', city: 'Moscow', message: 'Hello!', consent: 'on' });

async function applyAs(w: { slug: string; vacancy: string }, fields: Record<string, string | string[]>, { client = new Client(), file }: { client?: Client; file?: { bytes: Buffer; name: string } | null } = {}) {
  return client.request('POST', `/jobs/${w.slug}/${w.vacancy}`, { raw: application(fields, file === undefined ? { bytes: PDF, name: 'cv.pdf' } : file) });
}

/** What the vacancy's public form posts to share an application with its customer, read off the form as a browser would. */
async function shareOf(w: { slug: string; vacancy: string }) {
  const page = await new Client().get(`/jobs/${w.slug}/${w.vacancy}`);
  return /name="share" value="([^"]+)"/.exec(page.text)![1]!;
}

const candidatesWith = async (email: string) => (await db().query('select * from candidates where lower(email) = lower($1)', [email])).rows;

describe('the settings', () => {
  it('the company sets the address, description and switch; recruiters choose vacancies; nobody else', async () => {
    const { c, s, vacancy, slug } = await world();
    const other = await space();
    const page = await s.company.client.get('/careers');
    expect(page.status).toBe(200);
    expect(page.text).toContain(slug);
    expect((await s.recruiter.client.get('/careers')).status).toBe(200);
    expect((await new Client().get('/careers')).status).toBe(302);
    expect((await s.customer.client.get('/careers')).status).toBe(302);

    // a recruiter may not change the settings; a customer never gets to the page
    expect((await form(s.recruiter.client, '/careers', { slug: 'taken-by-recruiter', on: 'on' })).status).toBe(403);
    expect((await form(s.customer.client, '/careers', { slug: 'taken-by-customer', on: 'on' })).status).toBe(302);
    const [row] = (await db().query('select careers_slug, careers_on, careers_description from spaces where careers_slug = $1', [slug])).rows;
    expect(row).toEqual({ careers_slug: slug, careers_on: true, careers_description: 'We build things.' });

    // another space cannot take the address, nor choose this space's vacancy
    expect((await form(other.company.client, '/careers', { slug, on: 'on' })).status).toBe(409);
    expect((await form(other.recruiter.client, '/careers', { vacancyId: vacancy, on: '0' })).status).toBe(404);
    expect((await db().query('select on_careers from vacancies where id = $1', [vacancy])).rows[0].on_careers).toBe(true);

    for (const bad of ['a', 'UPPER_case', '-dash', 'dash-', 'x'.repeat(51), 'nul\u0000slug', 'пробел', '']) {
      const refused = await form(s.company.client, '/careers', { slug: bad, on: 'on' });
      expect(refused.status, bad).toBe(400);
      // said in the page's words, with what was typed kept in the field, and no "Saved." left over
      expect(refused.text).toContain('The address takes 3–50 Latin letters');
      expect(refused.text).not.toContain('role="status"');
      if (bad === 'UPPER_case') expect(refused.text).toContain('value="UPPER_case"');
    }
    expect((await form(s.company.client, '/careers', { slug, description: 'bad\u0000text' })).status).toBe(400);
    expect((await form(s.company.client, '/careers', { slug, description: 'x'.repeat(1001) })).status).toBe(400);
    expect((await form(s.company.client, '/careers', { vacancyId: 'not-a-uuid', on: '1' })).status).toBe(404);
    expect((await db().query('select careers_slug from spaces where careers_slug = $1', [slug])).rows).toHaveLength(1);

    // a draft is never listed for choosing
    const draft = await s.recruiter.client.post('/api/v1/vacancy', { positionName: 'Draft only', status: 2 });
    expect(draft.status, draft.text).toBe(201);
    expect((await s.recruiter.client.get('/careers')).text).not.toContain('Draft only');
    void c;
  });
});

describe('the public pages', () => {
  it('list the chosen published vacancies without internal fields or scripts, in both languages', async () => {
    const { s, vacancy, slug } = await world();
    const visitor = new Client();
    const list = await visitor.get(`/jobs/${slug}`);
    expect(list.status).toBe(200);
    expect(list.text).toContain('Careers engineer');
    expect(list.text).toContain('We build things.');
    expect(list.text).not.toMatch(/<script/i);
    const ru = await visitor.get(`/ru/jobs/${slug}`);
    expect(ru.status).toBe(200);
    expect(ru.text).toContain('Открытые вакансии');

    const one = await visitor.get(`/jobs/${slug}/${vacancy}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('Careers engineer');
    expect(one.text).not.toMatch(/<script/i);
    expect(one.text).not.toContain('pay less');
    expect(one.text).not.toContain('Petrov');
    expect(one.text).not.toContain('vacancy-status');
    // what the vacancy leaves out is not listed to an applicant as "Not specified"
    expect(one.text).not.toContain('Not specified');
    expect(one.text).toContain('enctype="multipart/form-data"');
    // the customer is named on the form as a recipient the applicant may choose, nowhere as the vacancy's customer
    expect(one.text).toContain('Kate First');
    expect(one.text).not.toContain('Customers');
    expect((await visitor.get(`/ru/jobs/${slug}/${vacancy}`)).text).toContain('Откликнуться на вакансию');

    // a vacancy not chosen, a draft, another space's or an unknown id: 404
    const hidden = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(await catalogue(), [s.customer.id], { positionName: 'Not chosen' }))).json.id as string;
    expect((await visitor.get(`/jobs/${slug}/${hidden}`)).status).toBe(404);
    expect((await visitor.get(`/jobs/${slug}`)).text).not.toContain('Not chosen');
    expect((await visitor.get(`/jobs/${slug}/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    expect((await visitor.get(`/jobs/${slug}/x%00y`)).status).toBe(404);
    const other = await world();
    expect((await visitor.get(`/jobs/${slug}/${other.vacancy}`)).status).toBe(404);
    // archived, or taken off the page: gone
    expect((await form(s.recruiter.client, '/careers', { vacancyId: vacancy, on: '0' })).status).toBe(303);
    expect((await visitor.get(`/jobs/${slug}/${vacancy}`)).status).toBe(404);

    // the page switched off: 404 everywhere
    expect((await form(s.company.client, '/careers', { slug })).status).toBe(303);
    expect((await visitor.get(`/jobs/${slug}`)).status).toBe(404);
    expect((await visitor.get(`/jobs/unknown-${slug}`)).status).toBe(404);
  });
});

describe('the application', () => {
  it('creates the candidate on the vacancy at new, stores the consent as given, mails both sides', async () => {
    const w = await world();
    // the company's other systems hear of it: a webhook for applications (docs/decisions/0028)
    const hook = await w.s.company.client.post('/api/v1/webhooks', { url: 'https://hooks.example.com/recruit', events: ['application.received'] });
    expect(hook.status, hook.text).toBe(201);
    const email = uniqueEmail('Applicant');
    // the form does not give the public the customer's user id (decision 0036), and refuses it
    const shown = await new Client().get(`/jobs/${w.slug}/${w.vacancy}`);
    expect(shown.text).not.toContain(w.s.customer.id);
    expect((await applyAs(w, { ...person(email), share: w.s.customer.id })).status).toBe(400);
    // the same customer's box on another vacancy's form names them there only
    const other = (await w.s.recruiter.client.post('/api/v1/vacancy', vacancyBody(w.c, [w.s.customer.id], { positionName: 'Other role' }))).json.id as string;
    expect((await form(w.s.recruiter.client, '/careers', { vacancyId: other, on: '1' })).status).toBe(303);
    const otherBox = await shareOf({ slug: w.slug, vacancy: other });
    expect(otherBox).not.toBe(await shareOf(w));
    expect((await applyAs(w, { ...person(email), share: otherBox })).status).toBe(400);
    expect(await candidatesWith(email)).toEqual([]);
    // a direction override in a name is taken out (docs/security.md), not kept to turn the text around
    const sent = await applyAs(w, { ...person(email), surname: 'Iva\u202enova', share: await shareOf(w) });
    expect(sent.status, sent.text).toBe(303);
    expect(sent.headers.get('location')).toContain('applied=1');
    const page = await new Client().get(sent.headers.get('location')!.replace(/#.*/, ''));
    expect(page.text).toContain('Your application has been sent');

    const [candidate] = await candidatesWith(email);
    expect(candidate).toMatchObject({ name: 'Maria', surname: 'Ivanova', email: email.toLowerCase(), phone: '+7 900 111-22-33', source: 'careers', pd_status: 4 });
    expect(candidate.resume).toMatch(/\.pdf$/);
    expect(candidate.city_id).not.toBeNull();
    const onVacancy = (await db().query('select stage from vacancy_candidates where vacancy_id = $1 and candidate_id = $2', [w.vacancy, candidate.id])).rows;
    expect(onVacancy).toEqual([{ stage: 1 }]);
    const [app] = (await db().query('select message, city from applications where candidate_id = $1', [candidate.id])).rows;
    expect(app).toEqual({ message: 'Hello!', city: 'Moscow' });
    // its history says it once: added to the database and the vacancy, by the careers page
    const history = (await db().query(`select kind, to_value from funnel_events where candidate_id = $1 and kind in ('candidate_added', 'added_to_vacancy') order by created_at`, [candidate.id])).rows;
    expect(history).toEqual([{ kind: 'candidate_added', to_value: 'careers' }]);

    const [request] = (await db().query('select * from pd_requests where candidate_id = $1', [candidate.id])).rows;
    expect(request).toMatchObject({ answer: 'approved', terms_version: expect.any(String), terms_lang: 'en', email: email.toLowerCase() });
    expect(request.terms_text).toContain('Kate First');
    expect(request.answer_ip).toMatch(/^10\./);
    const grants = (await db().query('select recipient, granted from consent_grants where candidate_id = $1 order by recipient', [candidate.id])).rows;
    expect(grants).toEqual(expect.arrayContaining([{ recipient: 'company', granted: true }, { recipient: w.s.customer.id, granted: true }]));

    const mail = await lastMail(email.toLowerCase());
    expect(mail.subject).toContain('Careers engineer');
    // the confirmation says nothing the form was given: it cannot carry a stranger's words to anyone
    expect(mail.text).toMatch(/^Hello!\n\nWe have received your application for the vacancy “Careers engineer” at /);
    expect(mail.text).not.toContain('Maria');
    // the consent given on the form can be withdrawn from the link in its confirmation
    const rightsLink = /https?:\/\/\S+\/privacy\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
    expect(rightsLink).toBeTruthy();
    expect((await new Client().get(rightsLink!.replace(/^https?:\/\/[^/]+/, ''))).status).toBe(200);
    const [delivery] = (await db().query(`select body from webhook_deliveries where endpoint_id = $1 and event = 'application.received'`, [hook.json.id])).rows;
    expect(JSON.parse(delivery.body).data).toEqual({ candidateId: candidate.id, vacancyId: w.vacancy });
    expect(delivery.body).not.toContain('Maria');
    await queueSettled();
    const notes = (await db().query(`select user_id from notifications where kind = 'application' and candidate_id = $1`, [candidate.id])).rows;
    expect(notes).toEqual([{ user_id: w.s.recruiter.id }]);
    // the recruiter sees them on the vacancy
    const list = await w.s.recruiter.client.get(`/api/v1/candidates/vacancy/${w.vacancy}`);
    expect(list.status, list.text).toBe(200);
    expect(JSON.stringify(list.json)).toContain(candidate.id);
  });

  it('matches an existing candidate by address, keeps what the space has, and mails an address once a day', async () => {
    const w = await world();
    const email = uniqueEmail('known');
    const known = await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(w.c, { email, name: 'An\u2066na\u2069' }));
    expect(known.status, known.text).toBe(201);
    const sent = await applyAs(w, person(email.toUpperCase()));
    expect(sent.status, sent.text).toBe(303);
    const rows = await candidatesWith(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: known.json.id, name: 'Anna', source: null });
    expect((await db().query('select stage from vacancy_candidates where vacancy_id = $1 and candidate_id = $2', [w.vacancy, known.json.id])).rows).toEqual([{ stage: 1 }]);

    // a second vacancy the same day: taken, no second mail
    const second = (await w.s.recruiter.client.post('/api/v1/vacancy', vacancyBody(w.c, [w.s.customer.id], { positionName: 'Second role' }))).json.id as string;
    expect((await form(w.s.recruiter.client, '/careers', { vacancyId: second, on: '1' })).status).toBe(303);
    expect((await applyAs({ slug: w.slug, vacancy: second }, person(email))).status).toBe(303);
    expect((await db().query('select count(*)::int as n from vacancy_candidates where candidate_id = $1', [known.json.id])).rows[0].n).toBe(2);
    // a known candidate's history gains "added to the vacancy" for each
    expect((await db().query(`select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'added_to_vacancy'`, [known.json.id])).rows[0].n).toBe(2);
    await lastMail(email.toLowerCase());
    await queueSettled();
    expect(await mailsTo(email.toLowerCase())).toHaveLength(1);
  });

  it("leaves a known candidate's consent as it was: a stranger with their address cannot undo a decline", async () => {
    const w = await world();
    const email = uniqueEmail('declined');
    const known = await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(w.c, { email, name: 'Semyon', vacancyId: w.vacancy }));
    expect(known.status, known.text).toBe(201);
    const id = known.json.id as string;
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: id })).status).toBe(200);
    const token = /\/verify\/pd\?token=([\w-]+)/.exec((await lastMail(email.toLowerCase())).text ?? '')![1]!;
    expect((await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'declined' })).status).toBe(200);
    const before = (await db().query('select recipient, granted, request_id from consent_grants where candidate_id = $1 order by recipient', [id])).rows;
    const requests = (await db().query('select count(*)::int as n from pd_requests where candidate_id = $1', [id])).rows[0].n;

    // a direction override in a name is taken out (docs/security.md), not kept to turn the text around
    const sent = await applyAs(w, { ...person(email), surname: 'Iva\u202enova', share: await shareOf(w) });
    expect(sent.status, sent.text).toBe(303);
    expect((await candidatesWith(email))[0]).toMatchObject({ id, pd_status: 3 });
    expect((await db().query('select recipient, granted, request_id from consent_grants where candidate_id = $1 order by recipient', [id])).rows).toEqual(before);
    expect((await db().query('select count(*)::int as n from pd_requests where candidate_id = $1', [id])).rows[0].n).toBe(requests);
    // the application itself is taken, and the customer still does not see who it is
    expect((await db().query('select count(*)::int as n from applications where candidate_id = $1', [id])).rows[0].n).toBe(1);
    const seen = await w.s.customer.client.get(`/api/v1/candidates/${id}`);
    expect(seen.status, seen.text).toBe(200);
    expect(seen.json).toMatchObject({ identityHidden: true });
    expect(seen.text).not.toContain('Semyon');
  });

  it('in Russian: the terms are stored as shown in Russian and the confirmation is in Russian', async () => {
    const w = await world();
    const email = uniqueEmail('ru');
    const sent = await new Client().request('POST', `/ru/jobs/${w.slug}/${w.vacancy}`, { raw: application(person(email)) });
    expect(sent.status, sent.text).toBe(303);
    expect(sent.headers.get('location')).toMatch(/^\/ru\/jobs\//);
    const [candidate] = await candidatesWith(email);
    expect(candidate.lang).toBe('ru');
    const [request] = (await db().query('select terms_text, terms_lang from pd_requests where candidate_id = $1', [candidate.id])).rows;
    expect(request.terms_lang).toBe('ru');
    expect(request.terms_text).toContain('Kate First');
    expect(request.terms_text).toMatch(/[а-я]/);
    // the customer was named but not chosen: refused, not silent
    expect((await db().query('select granted from consent_grants where candidate_id = $1 and recipient = $2', [candidate.id, w.s.customer.id])).rows).toEqual([{ granted: false }]);
    expect((await lastMail(email.toLowerCase())).subject).toMatch(/^Ваш отклик/);
  });

  it("what the form said is in the candidate's copy of their data, and goes with an erasure", async () => {
    const w = await world();
    const email = uniqueEmail('export');
    expect((await applyAs(w, { ...person(email), city: 'Atlantis', message: 'Please call after six' })).status).toBe(303);
    const [candidate] = await candidatesWith(email);
    expect(candidate.city_id).toBeNull();
    // the space's people read what the form said on the candidate's page; a customer does not
    const profile = await w.s.recruiter.client.get(`/candidates/${candidate.id}/${w.vacancy}`);
    expect(profile.status).toBe(200);
    expect(profile.text).toContain('Please call after six');
    expect(profile.text).toContain('Atlantis');
    expect((await w.s.customer.client.get(`/candidates/${candidate.id}/${w.vacancy}`)).text).not.toContain('Please call after six');
    const sent = await w.s.recruiter.client.post(`/api/v1/candidates/${candidate.id}/export`);
    expect(sent.status, sent.text).toBe(202);
    const mail = await lastMail(email.toLowerCase(), { match: (m) => /\/privacy\/export\?token=/.test(m.text ?? '') });
    const token = /\/privacy\/export\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const download = await fetch(`${inject('baseUrl')}/privacy/export?token=${token}`);
    expect(download.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careers-export-'));
    fs.writeFileSync(path.join(dir, 'copy.zip'), Buffer.from(await download.arrayBuffer()));
    execFileSync('unzip', ['-q', '-o', 'copy.zip'], { cwd: dir });
    const data = JSON.parse(fs.readFileSync(path.join(dir, 'data.json'), 'utf8'));
    expect(data.candidate.source).toBe('careers');
    expect(data.applications).toEqual([expect.objectContaining({ vacancy: 'Careers engineer', city: 'Atlantis', message: 'Please call after six' })]);

    const erased = await w.s.recruiter.client.post(`/api/v1/candidates/${candidate.id}/erase`, { confirm: true });
    expect(erased.status, erased.text).toBe(200);
    expect((await db().query('select city, message, ip from applications where candidate_id = $1', [candidate.id])).rows).toEqual([{ city: '', message: '', ip: null }]);
  });

  it('a candidate who asked for erasure and applies again: the recruiter is told to ask which they want', async () => {
    const w = await world();
    const email = uniqueEmail('again');
    expect((await applyAs(w, person(email))).status).toBe(303);
    const rights = /\/privacy\?token=([\w-]+)/.exec((await lastMail(email.toLowerCase())).text ?? '')![1]!;
    const asked = await form(new Client(), `/privacy?token=${rights}`, { token: rights, action: 'erasure', confirm: 'yes' });
    expect(asked.status).toBe(303);
    expect((await applyAs(w, person(email))).status).toBe(303);
    await queueSettled();
    const notes = (await w.s.recruiter.client.get('/api/v1/notifications')).json.data as { text: string }[];
    expect(notes.filter((n) => n.text.includes('applied through the careers page'))).toHaveLength(2);
    expect(notes[0]!.text).toBe('Maria Ivanova applied through the careers page (Careers engineer) while their request to erase their data is open: ask them which they want');
  });

  it('a filled honeypot looks accepted and stores nothing', async () => {
    const w = await world();
    const email = uniqueEmail('robot');
    const sent = await applyAs(w, { ...person(email), website: 'http://spam.example' });
    expect(sent.status).toBe(303);
    expect(await candidatesWith(email)).toHaveLength(0);
    await queueSettled();
    expect(await mailsTo(email.toLowerCase())).toHaveLength(0);
  });

  it('refuses a form without consent, a bad file, odd values and a foreign origin, storing nothing', async () => {
    const w = await world();
    const email = uniqueEmail('odd');
    const { consent: _omit, ...noConsent } = person(email);
    void _omit;
    const cases: [Record<string, string | string[]>, { bytes: Buffer; name: string } | null, number][] = [
      [noConsent, undefined as never, 400],
      [person(email), { bytes: Buffer.from('MZ\x90\x00 not a resume'), name: 'cv.pdf' }, 415],
      [person(email), null, 400],
      [{ ...person(email), name: 'Ma\u0000ria' }, undefined as never, 400],
      [{ ...person(email), surname: 'x'.repeat(5000) }, undefined as never, 400],
      [{ ...person(email), message: 'y'.repeat(100_000) }, undefined as never, 400],
      [{ ...person(email), email: 'not-an-address' }, undefined as never, 400],
      // what the registration form refuses, the careers form refuses too (a one-letter top domain, a dot before the @'s domain)
      [{ ...person(email), email: 'maria@example.c' }, undefined as never, 400],
      [{ ...person(email), email: 'maria@.example.com' }, undefined as never, 400],
      [{ ...person(email), phone: 'call me maybe' }, undefined as never, 400],
      [{ ...person(email), share: '00000000-0000-0000-0000-000000000000' }, undefined as never, 400],
      [{ ...person(email), name: ['a', 'b'] }, undefined as never, 400],
    ];
    for (const [fields, file, status] of cases) {
      const res = await applyAs(w, fields, { file });
      expect(res.status, JSON.stringify(Object.keys(fields)) + status).toBe(status);
    }
    // more than a résumé and its form is refused before it is read
    const huge = await rawPost(`/jobs/${w.slug}/${w.vacancy}`, 'multipart/form-data; boundary=x', 11 * 1024 * 1024);
    expect(huge).toMatch(/^HTTP\/1\.1 413/);
    const foreign = await new Client().request('POST', `/jobs/${w.slug}/${w.vacancy}`, { raw: application(person(email)), headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    const noOrigin = await new Client().request('POST', `/jobs/${w.slug}/${w.vacancy}`, { raw: application(person(email)), headers: { origin: '' } });
    expect(noOrigin.status).toBe(403);
    expect(await candidatesWith(email)).toHaveLength(0);
    // the page switched off takes no applications
    expect((await form(w.s.company.client, '/careers', { slug: w.slug })).status).toBe(303);
    expect((await applyAs(w, person(email))).status).toBe(404);
    expect(await candidatesWith(email)).toHaveLength(0);
  });

  it('holds its limits under 200 concurrent posts', async () => {
    const w = await world();
    // one client, 200 addresses: at most 20 an hour from it
    const client = new Client(undefined, { ip: randomIp() });
    const tag = `flood-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => applyAs(w, person(`${tag}-${i}@example.com`), { client })));
    const accepted = answers.filter((a) => a.status === 303).length;
    expect(accepted).toBe(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(180);
    expect((await db().query(`select count(*)::int as n from candidates where email like $1`, [`${tag}-%`])).rows[0].n).toBe(20);

    // one address from 200 clients: 5 a day, and one candidate
    const email = uniqueEmail('same');
    const same = await Promise.all(Array.from({ length: 200 }, () => applyAs(w, person(email))));
    expect(same.filter((a) => a.status === 303)).toHaveLength(5);
    expect(same.filter((a) => a.status === 429)).toHaveLength(195);
    expect(await candidatesWith(email)).toHaveLength(1);
    await queueSettled();
    expect(await mailsTo(email.toLowerCase())).toHaveLength(1);
  });
});

describe("the applications' mail budget", () => {
  it("confirmations count against a budget of their own, not the team's day of mail", async () => {
    const w = await world();
    const spaceId = (await db().query('select space_id from users where id = $1', [w.s.company.user.id])).rows[0].space_id as string;
    const count = async (key: string) => Number((await db().query('select coalesce(sum(count), 0) as n from rate_limits where key = $1', [key])).rows[0].n);
    const before = await count(`mail-space:${spaceId}`);
    for (let i = 0; i < 3; i++) expect((await applyAs(w, person())).status).toBe(303);
    expect(await count(`mail-space-applications:${spaceId}`)).toBe(3);
    expect(await count(`mail-space:${spaceId}`)).toBe(before);
    // the team's own mail is still there to send
    const cand = await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(w.c, { email: uniqueEmail('own') }));
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: cand.json.id })).status).toBeLessThan(300);
    expect(await count(`mail-space:${spaceId}`)).toBe(before + 1);
  });
});
