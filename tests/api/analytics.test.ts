import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db, mailsTo, queueSettled, signUp } from '../support/client.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';
import { space } from '../support/spaces.ts';
import { consentGiven } from '../support/consent.ts';

const DAY = 86_400_000;

/**
 * A vacancy whose history is written with known times: Anna added 10 days ago, moved to the
 * customer interview 4 days ago (waiting on the customer since); Boris added 10 days ago and
 * hired 2 days ago after 3 days new and 5 at the customer interview; Vera added 6 days ago, still
 * new, with a consent request open for the last 2 days.
 */
async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json;
  const add = async (name: string) => (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name, vacancyId: vacancy.id }))).json.id as string;
  const [anna, boris, vera] = [await add('Anna'), await add('Boris'), await add('Vera')];
  // the reminder names Anna to the customer: she agreed to share with them (docs/decisions/0022)
  await consentGiven(anna, [s.customer.id]);
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
  const pool = db();
  const spaceId = await spaceOf(vacancy.id);
  const place = (id: string, added: number, stage: number, changed: number) =>
    pool.query('update vacancy_candidates set created_at = $3, stage = $4, stage_changed_at = $5 where vacancy_id = $1 and candidate_id = $2', [vacancy.id, id, ago(added), stage, ago(changed)]);
  const move = (id: string, from: number, to: number, at: number) =>
    pool.query(`insert into funnel_events (space_id, vacancy_id, candidate_id, kind, from_value, to_value, created_at) values ($1, $2, $3, 'stage', $4, $5, $6)`, [spaceId, vacancy.id, id, String(from), String(to), ago(at)]);
  await place(anna, 10, 4, 4);
  await move(anna, 1, 4, 4);
  await place(boris, 10, 6, 2);
  await move(boris, 1, 4, 7);
  await move(boris, 4, 6, 2);
  await place(vera, 6, 1, 6);
  await pool.query(`insert into pd_requests (candidate_id, token_hash, email, lang, expires_at, created_at) values ($1, 'x', 'vera@example.com', 'en', $2, $3)`, [vera, new Date(Date.now() + 20 * DAY).toISOString(), ago(2)]);
  return { s, vacancy, anna, boris, vera };
}

async function spaceOf(vacancyId: string): Promise<string> {
  return (await db().query('select space_id from vacancies where id = $1', [vacancyId])).rows[0].space_id;
}

const form = (client: Client, path: string, fields: Record<string, string>) =>
  client.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('funnel analytics pages', () => {
  it('show a vacancy\'s conversion, stage times, time to hire and who waits longest, with no script', async () => {
    const res = await w.s.company.client.get(`/vacancy/analytics/${w.vacancy.id}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('Funnel analytics: Project manager');
    // reached: all three new; two got to the customer interview (Anna skipped ahead), one hired
    const rows = [...res.text.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>\s*<td class="fr-num"[^>]*>(\d+)<\/td>/g)].map((m) => [m[1], Number(m[2])]);
    expect(rows).toEqual([['New', 3], ['Recruiter interview', 2], ['Testing', 2], ['Customer interview', 2], ['Finalist', 1], ['Hired', 1]]);
    // Boris was hired 8 days after being added
    expect(res.text).toContain('Hired: 1');
    // one hire has no "nine in ten": it took what it took
    expect(res.text).toContain('Hired in 8 days.');
    expect(res.text).not.toContain('nine in ten');
    // Anna has waited on Kate First (the main customer) for 4 days, Vera on herself for 2
    expect(res.text).toMatch(/Waiting on Kate F\. \(customer\) for 4 days/);
    expect(res.text).toMatch(/Waiting on Vera Smirnova \(candidate\) for 2 days/);
    expect(res.text).toContain('>Remind<');
  });

  it('speak Russian, with Russian plural forms', async () => {
    const res = await w.s.recruiter.client.get(`/ru/vacancy/analytics/${w.vacancy.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Аналитика воронки: Project manager');
    expect(res.text).toContain('Срок найма — 8 дней.');
    expect(res.text).toContain('уже 4 дня');
  });

  it('the space\'s page adds up every vacancy of the space, for company and recruiters only', async () => {
    const res = await w.s.company.client.get('/recruiter/analytics');
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/Vacancies: \d+\. Candidates on them: \d+ \(one on two vacancies counts on each\)\./);
    expect(res.text).toContain('Anna Smirnova');
    const customer = await w.s.customer.client.get('/recruiter/analytics');
    expect(customer.status).toBe(302);
    const stranger = await signUp('company');
    const theirs = await stranger.client.get('/recruiter/analytics');
    expect(theirs.status).toBe(200);
    expect(theirs.text).not.toContain('Anna Smirnova');
  });

  it('a customer of the vacancy reads its analytics without Remind; nobody else sees it', async () => {
    const mine = await w.s.customer.client.get(`/vacancy/analytics/${w.vacancy.id}`);
    expect(mine.status).toBe(200);
    expect(mine.text).not.toContain('>Remind<');
    expect((await w.s.customer2.client.get(`/vacancy/analytics/${w.vacancy.id}`)).status).toBe(404);
    const stranger = await signUp('company');
    expect((await stranger.client.get(`/vacancy/analytics/${w.vacancy.id}`)).status).toBe(404);
    expect((await w.s.company.client.get('/vacancy/analytics/%00')).status).toBe(404);
    const anonymous = await new Client().get(`/vacancy/analytics/${w.vacancy.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/auth/login');
  });
});

describe('remind', () => {
  it('mails whoever the candidate waits on once a day, whoever asks, however many ask at once', async () => {
    const path = `/vacancy/analytics/${w.vacancy.id}`;
    // the world's own mails (the vacancy's notice to its customer) are out before counting
    await queueSettled();
    const before = (await mailsTo(w.s.customer.email)).length;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => form(i % 2 ? w.s.company.client : w.s.recruiter.client, path, { vacancyId: w.vacancy.id, candidateId: w.anna })),
    );
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(199);
    const done = answers.find((a) => a.status === 303)!;
    expect(done.headers.get('location')).toBe(`${path}?reminded=${w.anna}&on=${w.vacancy.id}`);
    const shown = await w.s.company.client.get(done.headers.get('location')!);
    expect(shown.text).toContain('Reminder sent to Kate F.');
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.text).toContain('A reminder about this candidate was already sent today');

    await queueSettled();
    const mails = await mailsTo(w.s.customer.email);
    expect(mails.length - before).toBe(1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Reminder: Anna Smirnova is waiting for you (Project manager)');
    expect(mail.text).toContain(`/candidates/${w.anna}/${w.vacancy.id}`);
    expect(mail.text).toContain('“Customer interview”');
  });

  it('reminds the vacancy\'s recruiter about a candidate at a recruiter stage, in the recruiter\'s language', async () => {
    // the company made the vacancy, so it is the vacancy's recruiter
    await w.s.company.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', companyName: 'Acme', settings: { lang: 'ru' } });
    const res = await form(w.s.recruiter.client, '/recruiter/analytics', { vacancyId: w.vacancy.id, candidateId: w.vera });
    expect(res.status).toBe(303);
    await queueSettled();
    const mail = (await mailsTo(w.s.company.email)).at(-1)!;
    expect(mail.subject).toContain('Напоминание: кандидат Vera Smirnova');
  });

  it('is refused to customers, for hired candidates, and for odd values, changing nothing', async () => {
    const path = `/vacancy/analytics/${w.vacancy.id}`;
    expect((await form(w.s.customer.client, path, { vacancyId: w.vacancy.id, candidateId: w.boris })).status).toBe(403);
    expect((await form(w.s.company.client, path, { vacancyId: w.vacancy.id, candidateId: w.boris })).status).toBe(409);
    for (const candidateId of ['%00', '\u0000', 'x'.repeat(5000), '1e20', '']) {
      const res = await form(w.s.company.client, path, { vacancyId: w.vacancy.id, candidateId });
      expect(res.status, candidateId.slice(0, 8)).toBe(404);
    }
    const stranger = await signUp('company');
    expect((await form(stranger.client, '/recruiter/analytics', { vacancyId: w.vacancy.id, candidateId: w.boris })).status).toBe(404);
    // a form posted from another site is refused before it is read
    const crossSite = await w.s.company.client.request('POST', path, {
      raw: new URLSearchParams({ vacancyId: w.vacancy.id, candidateId: w.vera }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const reminders = await db().query(`select count(*)::int as n from rate_limits where key = $1`, [`nudge:${w.vacancy.id}:${w.boris}`]);
    expect(reminders.rows[0].n).toBe(0);
  });
});
