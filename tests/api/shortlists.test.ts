import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, db, lastMail, PASSWORD, signUp } from '../support/client.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';
import { space } from '../support/spaces.ts';
import { consentGiven } from '../support/consent.ts';

const form = (client: Client, path: string, fields: [string, string][]) =>
  client.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The token in the last shortlist mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const mail = await lastMail(email, { match: (m) => /candidates for|Кандидаты на вакансию/.test(m.subject ?? '') });
  return /\/shortlist\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
}

/** A vacancy with two customers (the first is the main one) and three candidates at the customers' stages. */
async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id, s.customer2.id]))).json;
  const add = async (name: string) => {
    const id = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name, vacancyId: vacancy.id }))).json.id as string;
    expect((await s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy.id}/${id}/stage`, { stage: 4, from: 1 })).status).toBe(200);
    return id;
  };
  const [anna, boris, vera] = [await add('Anna'), await add('Boris'), await add('Vera')];
  // the customers see them by name: they agreed to share with both (docs/decisions/0022)
  for (const id of [anna, boris, vera]) await consentGiven(id, [s.customer.id, s.customer2.id]);
  const send = (fields: [string, string][], client = s.recruiter.client) => form(client, `/vacancy/shortlist/${vacancy.id}`, fields);
  return { s, c, vacancy, anna, boris, vera, send };
}

let w: Awaited<ReturnType<typeof world>>;
let mainToken: string;
let otherToken: string;
beforeAll(async () => {
  w = await world();
  const sent = await w.send([['candidates', w.anna], ['candidates', w.boris], ['customers', w.s.customer.id], ['customers', w.s.customer2.id], ['days', '7']]);
  expect(sent.status).toBe(303);
  expect(sent.headers.get('location')).toBe(`/vacancy/shortlist/${w.vacancy.id}?sent=2`);
  mainToken = await mailedToken(w.s.customer.email);
  otherToken = await mailedToken(w.s.customer2.email);
});

const open = (token: string, path = '/shortlist') => new Client().get(`${path}?token=${encodeURIComponent(token)}`);
const answer = (token: string, fields: [string, string][]) => form(new Client(), '/shortlist', [['token', token], ...fields]);

describe('sending a shortlist', () => {
  it('mails each customer a link of their own that opens the chosen candidates without signing in and with no script', async () => {
    expect(mainToken).not.toBe(otherToken);
    const page = await open(mainToken);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain('Hello, Kate!');
    expect(page.text).toContain('Anna Smirnova');
    expect(page.text).toContain('Boris Smirnova');
    expect(page.text).not.toContain('Vera Smirnova');
    // contacts stay out of the mail's page; the résumé waits for the candidate's consent
    expect(page.text).not.toContain('anna@example.com');
    expect(page.text).toContain('has not uploaded a résumé yet');
    const stored = await db().query('select token_hash from shortlists where vacancy_id = $1', [w.vacancy.id]);
    expect(stored.rows.map((r) => r.token_hash)).not.toContain(mainToken);
  });

  it('is for the vacancy\'s company and recruiters, with its own candidates and customers only', async () => {
    expect((await w.send([['candidates', w.anna], ['customers', w.s.customer.id]], w.s.customer.client)).status).toBe(404);
    const stranger = await signUp('company');
    expect((await w.send([['candidates', w.anna], ['customers', w.s.customer.id]], stranger.client)).status).toBe(404);
    const outsider = (await w.s.company.client.post('/api/v1/candidates', candidateBody(w.c, { name: 'Outsider' }))).json.id;
    expect((await w.send([['candidates', outsider], ['customers', w.s.customer.id]])).status).toBe(404);
    expect((await w.send([['candidates', w.anna]])).status).toBe(400);
    expect((await w.send([['customers', w.s.customer.id]])).status).toBe(400);
    expect((await w.send([['candidates', w.anna], ['customers', w.s.customer.id], ['days', '31']])).status).toBe(400);
    expect((await w.send([['candidates', w.anna], ['customers', w.s.customer.id], ['days', '1e20']])).status).toBe(400);
    expect((await w.send([['candidates', '\u0000'], ['customers', w.s.customer.id]])).status).toBe(400);
    const count = await db().query('select count(*)::int as n from shortlists where vacancy_id = $1', [w.vacancy.id]);
    expect(count.rows[0].n).toBe(2);
    expect((await new Client().get(`/vacancy/shortlist/${w.vacancy.id}`)).status).toBe(302);
  });
});

describe('answering through the link', () => {
  it('a rating lands in the funnel as the customer\'s', async () => {
    const res = await answer(mainToken, [['candidateId', w.anna], ['action', 'rate'], ['score', '4'], ['comment', 'Good on releases']]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toContain('done=rate');
    const profile = await w.s.company.client.get(`/api/v1/candidates/${w.anna}?vacancyId=${w.vacancy.id}`);
    expect(profile.json.funnel.ratings).toEqual([expect.objectContaining({ score: 4, comment: 'Good on releases', user: expect.objectContaining({ id: w.s.customer.id }) })]);
    expect((await open(mainToken)).text).toContain('Your rating: 4 of 5');
  });

  it('the main customer rejects with a reason: the candidate is archived and the reason is in the history as theirs', async () => {
    const res = await answer(mainToken, [['candidateId', w.boris], ['action', 'reject'], ['reason', 'Too junior for the team']]);
    expect(res.status).toBe(303);
    const profile = await w.s.company.client.get(`/api/v1/candidates/${w.boris}?vacancyId=${w.vacancy.id}`);
    expect(profile.json.funnel.stage).toBe(7);
    const kinds = profile.json.funnel.history.map((h: { kind: string; to: string }) => [h.kind, h.to]);
    expect(kinds).toContainEqual(['reject_reason', 'Too junior for the team']);
    expect(kinds).toContainEqual(['stage', '7']);
    const again = await answer(mainToken, [['candidateId', w.boris], ['action', 'reject'], ['reason', 'Again']]);
    expect(again.status).toBe(409);
  });

  it('the main-customer rule holds: the other customer may rate but not reject', async () => {
    // the page offers what the rule allows: the main customer a reject form, the other a word why not
    expect((await open(mainToken)).text).toContain('value="reject"');
    const others = (await open(otherToken)).text;
    expect(others).not.toContain('value="reject"');
    expect(others).toContain('main customer can reject, from the customer interview on');
    // the lead tells each what they may do
    expect((await open(mainToken)).text).toContain('ask for an interview or reject with a reason');
    expect(others).toContain('Rate each candidate or ask for an interview.');
    const refused = await answer(otherToken, [['candidateId', w.anna], ['action', 'reject'], ['reason', 'No']]);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('role="alert"');
    const profile = await w.s.company.client.get(`/api/v1/candidates/${w.anna}?vacancyId=${w.vacancy.id}`);
    expect(profile.json.funnel.stage).toBe(4);
    expect((await answer(otherToken, [['candidateId', w.anna], ['action', 'rate'], ['score', '2']])).status).toBe(303);
  });

  it('an interview request is mailed to the vacancy\'s recruiter once a day per candidate', async () => {
    const answers = await Promise.all(Array.from({ length: 200 }, () => answer(mainToken, [['candidateId', w.anna], ['action', 'interview'], ['note', 'Tuesday afternoon?']])));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(199);
    const mail = await lastMail(w.s.company.email, { match: (m) => /asks for an interview/.test(m.subject ?? '') });
    expect(mail.text).toContain('Their note: Tuesday afternoon?');
    expect(mail.text).toContain(`/candidates/${w.anna}/${w.vacancy.id}`);
    const again = await answer(mainToken, [['candidateId', w.anna], ['action', 'interview']]);
    expect(again.status).toBe(429);
    const history = (await w.s.company.client.get(`/api/v1/candidates/${w.anna}?vacancyId=${w.vacancy.id}`)).json.funnel.history;
    expect(history.filter((h: { kind: string }) => h.kind === 'interview_requested')).toHaveLength(1);
    // the dashboards' feed tells it in words (its note is no time: read as one, it took the page down)
    for (const [path, text] of [['/recruiter', 'asked for an interview with'], ['/ru/recruiter', 'просьба о собеседовании']]) {
      const page = await w.s.company.client.get(path, { token: null });
      expect(page.status, path).toBe(200);
      expect(page.text).toContain(text);
    }
  });

  it('refuses odd and foreign answers with a 4xx, changing nothing', async () => {
    const cases: [string, string][][] = [
      [['candidateId', w.anna], ['action', 'rate'], ['score', '6']],
      [['candidateId', w.anna], ['action', 'rate'], ['score', '1e20']],
      [['candidateId', w.anna], ['action', 'rate'], ['score', '2'], ['comment', 'a\u0000b']],
      [['candidateId', w.anna], ['action', 'reject'], ['reason', '']],
      [['candidateId', w.anna], ['action', 'fire']],
      [['candidateId', w.vera], ['action', 'rate'], ['score', '3']],
      [['candidateId', '%00'], ['action', 'rate'], ['score', '3']],
    ];
    for (const fields of cases) {
      const res = await answer(mainToken, fields);
      expect(res.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(fields)).toBeLessThan(500);
    }
    expect((await answer('not-a-token', [['candidateId', w.anna], ['action', 'rate'], ['score', '3']])).status).toBe(404);
    const ratings = await db().query('select score from ratings where candidate_id = $1 and user_id = $2', [w.anna, w.s.customer.id]);
    expect(ratings.rows).toEqual([{ score: 4 }]);
    // a form from another site is refused before it is read
    const crossSite = await new Client().request('POST', '/shortlist', {
      raw: new URLSearchParams([['token', mainToken], ['candidateId', w.anna], ['action', 'rate'], ['score', '1']]).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('the link\'s life', () => {
  it('a customer taken off the vacancy can no longer answer through it', async () => {
    const c = w.c;
    const vacancy = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(c, [w.s.customer2.id]))).json;
    const id = (await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Gleb', vacancyId: vacancy.id }))).json.id;
    const sent = await form(w.s.recruiter.client, `/vacancy/shortlist/${vacancy.id}`, [['candidates', id], ['customers', w.s.customer2.id]]);
    expect(sent.status, sent.text.slice(0, 300)).toBe(303);
    const token = await mailedToken(w.s.customer2.email);
    await db().query('delete from vacancy_customers where vacancy_id = $1 and user_id = $2', [vacancy.id, w.s.customer2.id]);
    const res = await answer(token, [['candidateId', id], ['action', 'rate'], ['score', '5']]);
    expect(res.status).toBe(410);
    // nor see the cards
    const page = await open(token);
    expect(page.status).toBe(410);
    expect(page.text).not.toContain('Gleb');
  });

  it('ticks the candidates at the customer\'s stages, no more than one mail may carry', async () => {
    const c = w.c;
    const vacancy = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(c, [w.s.customer.id]))).json;
    for (let i = 0; i < 31; i++) {
      const id = (await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: `N${i}`, vacancyId: vacancy.id }))).json.id;
      expect((await w.s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy.id}/${id}/stage`, { stage: 4, from: 1 })).status).toBe(200);
    }
    await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Fresh', vacancyId: vacancy.id }));
    const page = (await w.s.recruiter.client.get(`/vacancy/shortlist/${vacancy.id}`)).text;
    expect(page.match(/name="candidates" value="[^"]+" checked/g)).toHaveLength(30);
    expect(page.match(/name="candidates"/g)).toHaveLength(32);
  });

  it('a candidate no longer on the vacancy (merged away, say) is out of the link: no résumé, no answer', async () => {
    const c = w.c;
    const vacancy = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(c, [w.s.customer2.id]))).json;
    const id = (await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Dina', vacancyId: vacancy.id }))).json.id;
    await consentGiven(id, [w.s.customer2.id]);
    const pdf = new FormData();
    pdf.append('candidateId', id);
    pdf.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'cv.pdf');
    expect((await w.s.recruiter.client.request('POST', '/api/v1/candidates/resume', { raw: pdf })).status).toBe(200);
    expect((await form(w.s.recruiter.client, `/vacancy/shortlist/${vacancy.id}`, [['candidates', id], ['customers', w.s.customer2.id]])).status).toBe(303);
    const token = await mailedToken(w.s.customer2.email);
    const resume = () => new Client().get(`/shortlist/resume?token=${encodeURIComponent(token)}&candidate=${id}`);
    expect((await resume()).status).toBe(200);
    // at a stage before the customer's interview, the sole customer is not offered a reject that would be refused
    const page = (await open(token)).text;
    expect(page).toContain('Dina');
    expect(page).not.toContain('value="reject"');
    expect((await answer(token, [['candidateId', id], ['action', 'reject'], ['reason', 'No']])).status).toBe(403);
    await db().query('delete from vacancy_candidates where vacancy_id = $1 and candidate_id = $2', [vacancy.id, id]);
    expect((await resume()).status).toBe(404);
    expect((await answer(token, [['candidateId', id], ['action', 'interview'], ['note', 'Soon']])).status).toBe(404);
    expect((await db().query(`select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'interview_requested'`, [id])).rows[0].n).toBe(0);
  });

  it("a deleted account's link shows nobody and answers nothing in its name", async () => {
    const other = await world();
    expect((await other.send([['candidates', other.anna], ['customers', other.s.customer.id]])).status).toBe(303);
    const token = await mailedToken(other.s.customer.email);
    expect((await open(token)).text).toContain('Anna');
    expect((await other.s.customer.client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(200);

    const page = await open(token);
    expect(page.status).toBe(410);
    expect(page.text).not.toContain('Anna');
    for (const fields of [[['action', 'rate'], ['score', '5']], [['action', 'interview']]] as [string, string][][]) {
      expect((await answer(token, [['candidateId', other.anna], ...fields])).status).toBe(410);
    }
    expect((await db().query('select count(*)::int as n from ratings where candidate_id = $1', [other.anna])).rows[0].n).toBe(0);
    expect((await new Client().get(`/shortlist/resume?token=${token}&candidate=${other.anna}`)).status).toBe(404);
  });

  it('expires and can be withdrawn: the page then shows nobody, and the résumé is out of reach', async () => {
    const dir = path.join(inject('dataDir'), 'resumes');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'shortlistresume00001.pdf'), '%PDF-1.4 a test résumé');
    await db().query(`update candidates set resume = 'shortlistresume00001.pdf', resume_name = 'cv.pdf' where id = $1`, [w.anna]);
    await db().query(`update candidates set resume = 'shortlistresume00001.pdf' where id = $1`, [w.vera]);
    expect((await open(mainToken)).text).toContain('Download the résumé');
    const resume = await new Client().get(`/shortlist/resume?token=${mainToken}&candidate=${w.anna}`);
    expect(resume.status).toBe(200);
    expect(resume.text).toContain('a test résumé');
    expect(resume.headers.get('cache-control')).toBe('private, no-store');
    // a candidate not on this list, and a wrong token, get nothing
    expect((await new Client().get(`/shortlist/resume?token=${mainToken}&candidate=${w.vera}`)).status).toBe(404);
    expect((await new Client().get(`/shortlist/resume?token=${otherToken}x&candidate=${w.anna}`)).status).toBe(404);

    await db().query(`update shortlists set expires_at = now() - interval '1 minute' where token_hash = encode(sha256($1::bytea), 'hex')`, [mainToken]);
    const expired = await open(mainToken);
    expect(expired.status).toBe(410);
    expect(expired.text).toContain('This link has expired');
    expect(expired.text).not.toContain('Anna');
    expect((await answer(mainToken, [['candidateId', w.anna], ['action', 'rate'], ['score', '1']])).status).toBe(410);
    expect((await new Client().get(`/shortlist/resume?token=${mainToken}&candidate=${w.anna}`)).status).toBe(404);

    const list = await w.s.recruiter.client.get(`/vacancy/shortlist/${w.vacancy.id}`);
    const id = (await db().query(`select id from shortlists where token_hash = encode(sha256($1::bytea), 'hex')`, [otherToken])).rows[0].id;
    expect(list.text).toContain('Withdraw');
    expect((await form(w.s.recruiter.client, `/vacancy/shortlist/${w.vacancy.id}`, [['action', 'revoke'], ['shortlistId', id]])).status).toBe(303);
    const revoked = await open(otherToken);
    expect(revoked.status).toBe(410);
    expect(revoked.text).toContain('This link was withdrawn');
    const stranger = await signUp('company');
    expect((await form(stranger.client, `/vacancy/shortlist/${w.vacancy.id}`, [['action', 'revoke'], ['shortlistId', id]])).status).toBe(404);
  });

  it('an unknown token shows nothing about anyone', async () => {
    const res = await open('x'.repeat(43));
    expect(res.status).toBe(404);
    expect(res.text).toContain('This link does not work');
    expect((await open('')).status).toBe(404);
  });
});
