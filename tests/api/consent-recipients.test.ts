import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, db, lastMail } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';

/** Issue 13, items 1 and 2 (docs/decisions/0022): consent per purpose and recipient, and what a customer sees. */

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

/** A form post as a browser with scripts off sends it. */
function post(pathname: string, fields: [string, string][]) {
  return new Client().request('POST', pathname, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** The token of consent mail number `count` to `email`, and the mail. */
async function mailedToken(email: string, count = 1) {
  const mail = await lastMail(email, { count, match: (m) => /\/verify\/pd\?token=/.test(m.text ?? '') });
  return { mail, token: /\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '')![1]! };
}

/**
 * A space whose vacancy has both customers (Kate First is the main one) and a candidate on it
 * with every field, a photo and a résumé.
 */
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
  // the photo's file is served to whoever has its name: what matters is who is told the name
  await db().query(`update candidates set image = 'annaphoto0000001.jpg' where id = $1`, [id]);
  await s.customer.client.post(`/api/v1/candidates/vacancy/${vacancy}/${id}/rating`, { score: 4, comment: 'Strong' });
  const number = (await db().query('select number from candidates where id = $1', [id])).rows[0].number as number;
  return { c, s, vacancy, id, email, number };
}

/** Asks, and answers through the page: approve, sharing with `yes` and refusing `no`. */
async function approveSharing(w: Awaited<ReturnType<typeof world>>, yes: string[], no: string[], count = 1) {
  const requested = await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
  expect(requested.status, requested.text).toBe(200);
  const { token, mail } = await mailedToken(w.email, count);
  const answered = await post(`/verify/pd?token=${token}`, [
    ['token', token],
    ...yes.map((id): [string, string] => [`share-${id}`, 'yes']),
    ...no.map((id): [string, string] => [`share-${id}`, 'no']),
    ['response', 'approved'],
  ]);
  expect(answered.status, answered.text).toBe(303);
  return { token, mail };
}

const HIDDEN_FIELDS = ['email', 'phone', 'image', 'dob', 'resume', 'resumeName'] as const;

describe('a consent request names the purposes and the recipients', () => {
  it('the page shows them; approving processing but refusing one customer stores the text shown, its version, the answer and the grants', async () => {
    const w = await world();
    const requested = await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
    expect(requested.json).toEqual({ pdStatus: 2 });
    const { mail, token } = await mailedToken(w.email);
    expect(mail.text).toContain('Acme is considering you');
    expect(mail.text).toContain('shared with: Kate First, Lena Second');

    const scope = (await db().query('select scope from pd_requests where candidate_id = $1', [w.id])).rows[0].scope;
    expect(scope).toEqual({
      company: 'Acme',
      processing: true,
      vacancies: [{ id: w.vacancy, name: 'Project manager' }],
      customers: [
        { id: w.s.customer.id, name: 'Kate First', company: null },
        { id: w.s.customer2.id, name: 'Lena Second', company: null },
      ],
    });

    const page = await new Client().get(`/verify/pd?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('Keeping your resume in the candidate database of Acme.');
    expect(page.text).toContain('Considering you for the vacancy “Project manager”');
    expect(page.text).toContain('Share my data with Kate First');
    expect(page.text).toContain('Share my data with Lena Second');
    // nothing is pre-chosen: silence is not consent
    expect(page.text).not.toMatch(/checked/);

    const answered = await post(`/verify/pd?token=${token}`, [
      ['token', token],
      [`share-${w.s.customer.id}`, 'yes'],
      [`share-${w.s.customer2.id}`, 'no'],
      ['response', 'approved'],
    ]);
    expect(answered.status, answered.text).toBe(303);
    const shown = await new Client().get(`/verify/pd?token=${token}`);
    expect(shown.text).toContain('Shared with: Kate First.');
    expect(shown.text).toContain('Not shared with: Lena Second.');

    const stored = (await db().query('select answer, answer_ip, email, terms_text, terms_version, terms_lang, answered_at from pd_requests where candidate_id = $1', [w.id])).rows[0];
    expect(stored).toMatchObject({ answer: 'approved', email: w.email, terms_version: '2025-09-v2', terms_lang: 'en' });
    expect(stored.answer_ip).toBeTruthy();
    expect(stored.answered_at).toBeInstanceOf(Date);
    // the text is the page's, word for word
    for (const line of ['Acme is considering you for a position', 'Keeping your resume in the candidate database of Acme.', 'Considering you for the vacancy “Project manager”', 'Kate First, the employer', 'Lena Second, the employer']) {
      expect(stored.terms_text).toContain(line);
      expect(page.text).toContain(line);
    }

    const grants = (await db().query('select recipient, customer_id, granted, request_id is not null as has_request from consent_grants where candidate_id = $1 order by recipient', [w.id])).rows;
    expect(grants).toEqual(
      [
        { recipient: 'company', customer_id: null, granted: true, has_request: true },
        { recipient: w.s.customer.id, customer_id: w.s.customer.id, granted: true, has_request: true },
        { recipient: w.s.customer2.id, customer_id: w.s.customer2.id, granted: false, has_request: true },
      ].sort((a, b) => a.recipient.localeCompare(b.recipient)),
    );

    const view = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json;
    expect(view.pdStatus).toBe(4);
    expect(view.pdMissing).toEqual([]);
    expect(view.pdGrants.map((g: { recipient: string; name: string | null; granted: boolean }) => [g.recipient, g.name, g.granted])).toEqual(
      expect.arrayContaining([['company', null, true], ['customer', 'Kate First', true], ['customer', 'Lena Second', false]]),
    );
  });

  it('in Russian: the page in Russian stores the Russian text', async () => {
    const w = await world();
    await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
    const { token } = await mailedToken(w.email);
    const page = await new Client().get(`/ru/verify/pd?token=${token}`);
    expect(page.text).toContain('Передать мои данные: Kate First');
    expect((await post(`/ru/verify/pd?token=${token}`, [['token', token], ['response', 'declined']])).status).toBe(303);
    const stored = (await db().query('select terms_text, terms_lang from pd_requests where candidate_id = $1', [w.id])).rows[0];
    expect(stored.terms_lang).toBe('ru');
    expect(stored.terms_text).toContain('Хранение вашего резюме в базе кандидатов компании Acme.');
    // declining refuses every recipient named
    const grants = (await db().query('select granted from consent_grants where candidate_id = $1', [w.id])).rows;
    expect(grants).toHaveLength(3);
    expect(grants.every((g) => g.granted === false)).toBe(true);
  });

  it('approving without choosing for a customer refuses that customer', async () => {
    const w = await world();
    await approveSharing(w, [w.s.customer2.id], []);
    const grants = Object.fromEntries((await db().query('select recipient, granted from consent_grants where candidate_id = $1', [w.id])).rows.map((r) => [r.recipient, r.granted]));
    expect(grants).toEqual({ company: true, [w.s.customer.id]: false, [w.s.customer2.id]: true });
  });

  it('the API takes the customers to share with; unknown or malformed ones are a 400 and change nothing', async () => {
    const w = await world();
    await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
    const { token } = await mailedToken(w.email);
    const bad: unknown[] = [
      { token, response: 'approved', share: ['00000000-0000-0000-0000-000000000000'] },
      { token, response: 'approved', share: 'everyone' },
      { token, response: 'approved', share: [42] },
      { token, response: 'approved', share: ['a\u0000b'] },
      { token, response: 'approved', share: Array.from({ length: 101 }, () => w.s.customer.id) },
      { token, response: 'approved', share: ['x'.repeat(101)] },
    ];
    for (const body of bad) {
      const res = await new Client().post('/api/v1/verify/candidate/pd', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const page = await post(`/verify/pd?token=${token}`, [['token', token], ['share-00000000-0000-0000-0000-000000000000', 'yes'], ['response', 'approved']]);
    expect(page.status).toBe(400);
    expect(page.text).toContain('Your answer could not be read');
    expect((await db().query('select count(*)::int as n from consent_grants where candidate_id = $1', [w.id])).rows[0].n).toBe(0);
    expect((await db().query('select answer from pd_requests where candidate_id = $1', [w.id])).rows[0].answer).toBeNull();

    const ok = await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved', share: [w.s.customer2.id] });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toEqual({ response: 'approved', shared: ['Lena Second'], refused: ['Kate First'] });
  });

  it('200 answers at once through one link: one counts, the grants are its', async () => {
    const w = await world();
    await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
    const { token } = await mailedToken(w.email);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved', share: [i % 2 ? w.s.customer.id : w.s.customer2.id] })),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(199);
    const grants = (await db().query('select recipient, granted from consent_grants where candidate_id = $1 and recipient <> $2 and granted', [w.id, 'company'])).rows;
    expect(grants).toHaveLength(1);
    expect(won[0]!.json.shared).toEqual([grants[0].recipient === w.s.customer.id ? 'Kate First' : 'Lena Second']);
  });
});

describe('what a customer sees follows the consent', () => {
  it('field by field: the customer agreed to sees everything, the one refused sees the card without identity', async () => {
    const w = await world();
    await approveSharing(w, [w.s.customer.id], [w.s.customer2.id]);
    const full = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}?vacancyId=${w.vacancy}`)).json;
    const kate = (await w.s.customer.client.get(`/api/v1/candidates/${w.id}?vacancyId=${w.vacancy}`)).json;
    const lena = (await w.s.customer2.client.get(`/api/v1/candidates/${w.id}?vacancyId=${w.vacancy}`)).json;

    expect(full).toMatchObject({ name: 'Anna', surname: 'Smirnova', email: w.email, phone: '+7 900 000-00-00', image: 'annaphoto0000001.jpg', dob: '1990-05-17', resumeName: 'Anna CV.pdf' });
    expect(kate).toMatchObject({ name: 'Anna', surname: 'Smirnova', email: w.email, phone: full.phone, image: full.image, dob: full.dob, resume: full.resume, resumeName: full.resumeName, identityHidden: false });

    expect(lena.identityHidden).toBe(true);
    expect(lena.name).toBe(`Candidate ${w.number}`);
    expect(lena.surname).toBe('');
    for (const field of HIDDEN_FIELDS) expect(lena[field], field).toBeNull();
    // nothing else gives the identity away
    expect(JSON.stringify(lena)).not.toContain('Smirnova');
    expect(JSON.stringify(lena)).not.toContain(w.email);
    expect(JSON.stringify(lena)).not.toContain('900 000');
    // what stays: position, experience, salary, the funnel and the ratings
    for (const field of ['positionName', 'salary', 'salaryTo', 'age', 'city', 'schedule', 'skills', 'jobExperience', 'education', 'langs', 'pdStatus'] as const) {
      expect(lena[field], field).toEqual(full[field]);
    }
    expect(lena.funnel.stage).toBe(full.funnel.stage);
    expect(lena.funnel.ratings).toEqual(full.funnel.ratings);
    expect(lena.funnel.average).toBe(4);
    expect(lena.pdGrants).toEqual([]);
    expect(lena.pdMissing).toEqual([]);

    // in Russian the number reads as Russian
    expect((await w.s.customer2.client.get(`/api/v1/candidates/${w.id}?lng=ru`)).json.name).toBe(`Кандидат ${w.number}`);

    // the résumé file
    const kateResume = await w.s.customer.client.get(`/api/v1/candidates/${w.id}/resume`);
    expect(kateResume.status).toBe(200);
    expect(kateResume.text).toContain('%PDF');
    expect((await w.s.customer2.client.get(`/api/v1/candidates/${w.id}/resume`)).status).toBe(404);

    // the vacancy's list
    const list = (client: Client, search = '') => client.get(`/api/v1/candidates/vacancy/${w.vacancy}${search ? `?search=${encodeURIComponent(search)}` : ''}`);
    const kateRow = (await list(w.s.customer.client)).json.data[0];
    const lenaRow = (await list(w.s.customer2.client)).json.data[0];
    expect(kateRow).toMatchObject({ name: 'Anna', surname: 'Smirnova', image: 'annaphoto0000001.jpg', dob: '1990-05-17', identityHidden: false });
    expect(lenaRow).toMatchObject({ name: `Candidate ${w.number}`, surname: '', image: null, dob: null, identityHidden: true, positionName: full.positionName, salary: full.salary, stage: 1, average: 4 });
    // a hidden name is not found by the name either, the rest is
    expect((await list(w.s.customer2.client, 'Smirnova')).json.data).toHaveLength(0);
    expect((await list(w.s.customer.client, 'Smirnova')).json.data).toHaveLength(1);
    expect((await list(w.s.customer2.client, 'Jira')).json.data).toHaveLength(1);

    // the profile page
    const kateProfile = await w.s.customer.client.get(`/candidates/${w.id}/${w.vacancy}`);
    const lenaProfile = await w.s.customer2.client.get(`/candidates/${w.id}/${w.vacancy}`);
    expect(kateProfile.text.includes('Smirnova')).toBe(true);
    expect(kateProfile.text.includes(w.email)).toBe(true);
    expect(kateProfile.text.includes('data-testid="identity-hidden"')).toBe(false);
    expect(lenaProfile.status).toBe(200);
    expect(lenaProfile.text.includes(`Candidate ${w.number}`)).toBe(true);
    expect(lenaProfile.text.includes('data-testid="identity-hidden">Contacts hidden until the candidate agrees')).toBe(true);
    for (const secret of ['Smirnova', w.email, '900 000', 'annaphoto0000001', 'Anna CV.pdf', full.resume]) expect(lenaProfile.text.includes(secret), secret).toBe(false);
    expect(lenaProfile.text.includes('Led releases')).toBe(true);

    // the vacancy's page
    const lenaVacancy = await w.s.customer2.client.get(`/vacancy/candidates/${w.vacancy}`);
    expect(lenaVacancy.status).toBe(200);
    expect(lenaVacancy.text.includes('Smirnova')).toBe(false);
  });

  it('the workspace, the finalists, the analytics, the feed, the interviews and their mails follow it too', async () => {
    const w = await world();
    await approveSharing(w, [w.s.customer.id], [w.s.customer2.id]);
    // a finalist: waiting for the customers, on the side-by-side sheet
    expect((await w.s.recruiter.client.put(`/api/v1/candidates/vacancy/${w.vacancy}/${w.id}/stage`, { stage: 5, from: 1 })).status).toBe(200);
    const inDays = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const interview = await w.s.recruiter.client.post('/api/v1/interviews', {
      candidateId: w.id, vacancyId: w.vacancy, startsAt: inDays, durationMinutes: 45, kind: 'video', location: 'https://meet.example/a', participants: [w.s.customer.id, w.s.customer2.id], inviteCandidate: true,
    });
    expect(interview.status, interview.text).toBe(201);

    const pages = ['/workspace', `/vacancy/finalists/${w.vacancy}`, `/vacancy/analytics/${w.vacancy}`, '/interviews', `/interviews/${interview.json.id}`];
    for (const page of pages) {
      const kate = await w.s.customer.client.get(page);
      const lena = await w.s.customer2.client.get(page);
      expect(kate.status, page).toBe(200);
      expect(lena.status, page).toBe(200);
      expect(kate.text.includes('Smirnova'), `${page} for the customer agreed to`).toBe(true);
      expect(lena.text.includes('Smirnova'), `${page} for the customer refused`).toBe(false);
      expect(lena.text.includes(w.email), page).toBe(false);
      expect(lena.text.includes(`Candidate ${w.number}`), page).toBe(true);
    }
    const kateApi = [(await w.s.customer.client.get('/api/v1/feed')).text, (await w.s.customer.client.get('/api/v1/interviews')).text];
    const lenaApi = [(await w.s.customer2.client.get('/api/v1/feed')).text, (await w.s.customer2.client.get('/api/v1/interviews')).text];
    for (const text of kateApi) expect(text).toContain('Smirnova');
    for (const text of lenaApi) {
      expect(text).not.toContain('Smirnova');
      expect(text).not.toContain(w.email);
      expect(text).toContain(`Candidate ${w.number}`);
    }

    // the invitations: by name and with the candidate's address only for the customer agreed to
    const kateMail = await lastMail(w.s.customer.email, { match: (m) => /Interview with/.test(m.subject ?? '') });
    const lenaMail = await lastMail(w.s.customer2.email, { match: (m) => /Interview with/.test(m.subject ?? '') });
    expect(kateMail.subject).toContain('Anna Smirnova');
    expect(lenaMail.subject).toContain(`Candidate ${w.number}`);
    // an .ics folds its long lines
    const ics = (mail: typeof kateMail) => mail.attachments.map((a) => a.content.toString('utf8').replace(/\r\n[ \t]/g, '')).join('');
    for (const part of [lenaMail.subject ?? '', lenaMail.text ?? '', ics(lenaMail)]) {
      expect(part).not.toContain('Smirnova');
      expect(part).not.toContain(w.email);
    }
    expect(ics(kateMail)).toContain(w.email);
  });

  it('the shortlist shows each customer what their consent allows', async () => {
    const w = await world();
    await approveSharing(w, [w.s.customer.id], [w.s.customer2.id]);
    const sent = await w.s.recruiter.client.request('POST', `/vacancy/shortlist/${w.vacancy}`, {
      raw: new URLSearchParams([['candidates', w.id], ['customers', w.s.customer.id], ['customers', w.s.customer2.id], ['days', '7']]).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sent.status).toBe(303);
    const tokenOf = async (email: string) => /\/shortlist\?token=([\w-]+)/.exec((await lastMail(email, { match: (m) => /candidates for/.test(m.subject ?? '') })).text ?? '')![1]!;
    const [kate, lena] = [await tokenOf(w.s.customer.email), await tokenOf(w.s.customer2.email)];
    const katePage = await new Client().get(`/shortlist?token=${kate}`);
    const lenaPage = await new Client().get(`/shortlist?token=${lena}`);
    expect(katePage.text).toContain('Anna Smirnova');
    expect(katePage.text).toContain('Download the résumé');
    expect(lenaPage.text).not.toContain('Smirnova');
    expect(lenaPage.text).toContain(`Candidate ${w.number}`);
    expect(lenaPage.text).toContain('Contacts hidden until the candidate agrees');
    expect(lenaPage.text).not.toContain('Download the résumé');
    expect((await new Client().get(`/shortlist/resume?token=${kate}&candidate=${w.id}`)).status).toBe(200);
    expect((await new Client().get(`/shortlist/resume?token=${lena}&candidate=${w.id}`)).status).toBe(404);
  });

  it('before any answer, after a decline and after an address change no customer sees the identity', async () => {
    const w = await world();
    const hidden = async () => {
      for (const customer of [w.s.customer, w.s.customer2]) {
        const view = (await customer.client.get(`/api/v1/candidates/${w.id}`)).json;
        expect(view.identityHidden).toBe(true);
        expect(view.email).toBeNull();
      }
    };
    await hidden();
    await approveSharing(w, [w.s.customer.id, w.s.customer2.id], []);
    expect((await w.s.customer2.client.get(`/api/v1/candidates/${w.id}`)).json.name).toBe('Anna');
    // a new address voids what the old one agreed to
    const changed = await w.s.recruiter.client.put(`/api/v1/candidates/${w.id}`, candidateBody(w.c, { email: `new-${w.email}` }));
    expect(changed.status).toBe(200);
    await hidden();
    expect((await db().query('select count(*)::int as n from consent_grants where candidate_id = $1', [w.id])).rows[0].n).toBe(0);
  });
});

describe('adding the candidate to a vacancy with a new customer asks for the missing consent only', () => {
  it('the request names only the new customer; processing stays approved; the answer adds their grant', async () => {
    const w = await world();
    await approveSharing(w, [w.s.customer.id], [w.s.customer2.id]);
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id })).json.message).toBe('error.pd.already_approved');

    // a third customer, on a second vacancy
    const { inviteAndRegister } = await import('../support/spaces.ts');
    const third = await inviteAndRegister(w.s.company.client, 'customer', 'Mila', 'Third');
    const second = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(w.c, [third.id, w.s.customer.id], { positionName: 'Analyst' }))).json.id as string;
    expect((await w.s.recruiter.client.post(`/api/v1/candidates/vacancy/${second}`, { candidatesIds: [w.id] })).status).toBe(201);
    expect((await third.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(true);

    const view = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json;
    expect(view.pdMissing).toEqual([{ id: third.id, name: 'Mila Third' }]);

    const requested = await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id });
    expect(requested.status, requested.text).toBe(200);
    expect(requested.json).toEqual({ pdStatus: 4 });
    expect((await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json.pdStatus).toBe(4);
    const { mail, token } = await mailedToken(w.email, 2);
    expect(mail.text).toContain('share your resume and contact details with: Mila Third');
    expect(mail.text).not.toContain('Kate First');
    expect(mail.text).not.toContain('Lena Second');
    const scope = (await db().query('select scope from pd_requests where candidate_id = $1 order by created_at desc limit 1', [w.id])).rows[0].scope;
    expect(scope).toMatchObject({ processing: false, vacancies: [{ id: second, name: 'Analyst' }], customers: [{ id: third.id, name: 'Mila Third' }] });

    const page = await new Client().get(`/verify/pd?token=${token}`);
    expect(page.text).toContain('You have already agreed that Acme processes your personal data');
    expect(page.text).toContain('Share my data with Mila Third');
    expect(page.text).not.toContain('Share my data with Kate First');
    expect(page.text).not.toContain('Share my data with Lena Second');

    expect((await post(`/verify/pd?token=${token}`, [['token', token], [`share-${third.id}`, 'yes'], ['response', 'approved']])).status).toBe(303);
    expect((await third.client.get(`/api/v1/candidates/${w.id}`)).json.name).toBe('Anna');
    // the earlier answers stand
    expect((await w.s.customer2.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(true);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(false);
    expect((await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json.pdMissing).toEqual([]);
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id })).status).toBe(409);
  });

  it('declining a follow-up refuses the new customer and keeps processing approved', async () => {
    const w = await world();
    await approveSharing(w, [], []);
    await db().query('delete from consent_grants where candidate_id = $1 and recipient = $2', [w.id, w.s.customer2.id]);
    expect((await w.s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: w.id })).json).toEqual({ pdStatus: 4 });
    const { token } = await mailedToken(w.email, 2);
    expect((await post(`/verify/pd?token=${token}`, [['token', token], ['response', 'declined']])).status).toBe(303);
    expect((await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json.pdStatus).toBe(4);
    const grants = Object.fromEntries((await db().query('select recipient, granted from consent_grants where candidate_id = $1', [w.id])).rows.map((r) => [r.recipient, r.granted]));
    expect(grants).toEqual({ company: true, [w.s.customer.id]: false, [w.s.customer2.id]: false });
  });
});

describe('consents from before consent per recipient (the migration)', () => {
  it('an approved consent counts for processing and the company; customers are not yet asked', async () => {
    const w = await world();
    // an approval as the product stored it before: a status and an answered request, no grants
    await db().query(`update candidates set pd_status = 4 where id = $1`, [w.id]);
    await db().query(
      `insert into pd_requests (candidate_id, token_hash, email, lang, expires_at, answer, answered_at) values ($1, $3, $2, 'en', now() + interval '1 day', 'approved', now() - interval '1 day')`,
      [w.id, w.email, `legacy-${w.id}`],
    );
    const migration = fs.readFileSync(path.join(process.cwd(), 'drizzle/0016_consent_per_recipient.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('INSERT INTO "consent_grants"')).trim().replace(/;$/, '');
    // the other tests' candidates in this database have their grants already
    await db().query(`${backfill} AND c."id" = $1`, [w.id]);
    const grants = (await db().query('select recipient, granted, request_id is not null as has_request from consent_grants where candidate_id = $1', [w.id])).rows;
    expect(grants).toEqual([{ recipient: 'company', granted: true, has_request: true }]);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}`)).json.identityHidden).toBe(true);
    const view = (await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}`)).json;
    expect(view.pdMissing.map((m: { name: string }) => m.name).sort()).toEqual(['Kate First', 'Lena Second']);
  });
});
