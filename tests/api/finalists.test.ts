import { beforeAll, describe, expect, it } from 'vitest';
import { Client, signUp } from '../support/client.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';
import { inviteAndRegister, space } from '../support/spaces.ts';
import { formatDate } from '../../src/lib/dates.ts';

/** A vacancy with two finalists (rated, one interviewed) and a candidate still new. */
async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json;
  const add = async (name: string, patch: Record<string, unknown> = {}) =>
    (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name, vacancyId: vacancy.id, ...patch }))).json.id as string;
  const anna = await add('Anna', { salary: 120000, salaryTo: 150000 });
  const boris = await add('Boris', { salary: 90000, salaryTo: null, jobExperience: [] });
  const vera = await add('Vera');
  for (const id of [anna, boris]) {
    const url = `/api/v1/candidates/vacancy/${vacancy.id}/${id}/stage`;
    expect((await s.recruiter.client.put(url, { stage: 4, from: 1 })).status).toBe(200);
    expect((await s.customer.client.put(url, { stage: 5, from: 4 })).status).toBe(200);
  }
  await s.customer.client.post(`/api/v1/candidates/vacancy/${vacancy.id}/${anna}/rating`, { score: 5, comment: 'Strong on releases' });
  await s.recruiter.client.post(`/api/v1/candidates/vacancy/${vacancy.id}/${anna}/rating`, { score: 4 });
  return { s, vacancy, anna, boris, vera };
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const page = (client: Client, path: string) => client.get(path);

describe('finalists side by side', () => {
  it('shows the finalists to the company with ratings by person, comments, salaries and stage times, and no script', async () => {
    const res = await page(w.s.company.client, `/vacancy/finalists/${w.vacancy.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).not.toMatch(/<script/i);
    expect(res.text).toContain('Finalists side by side: Project manager');
    expect(res.text).toContain('Anna Smirnova');
    expect(res.text).toContain('Boris Smirnova');
    expect(res.text).not.toContain('Vera Smirnova');
    expect(res.text).toContain('Kate First: 5 of 5');
    expect(res.text).toContain('Strong on releases');
    expect(res.text).toContain('Average 4.5 of 5');
    expect(res.text).toContain('120,000 – 150,000 ₽');
    expect(res.text).toContain('from 90,000 ₽');
    // every stage a finalist went through, each with its time
    for (const stage of ['New', 'Customer interview', 'Finalist']) expect(res.text).toContain(stage);
    expect(res.text).toContain('less than a day');
    expect(res.text).toContain(`/candidates/${w.anna}/${w.vacancy.id}`);
  });

  it('speaks Russian on /ru, with Russian plural forms', async () => {
    const res = await page(w.s.recruiter.client, `/ru/vacancy/finalists/${w.vacancy.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Финалисты рядом: Project manager');
    expect(res.text).toContain('В среднем 4,5 из 5');
    expect(res.text).toContain('меньше дня');
    expect(res.text).toContain('Время на этапах');
  });

  it('dates the sheet in the reader\'s time zone', async () => {
    // a day apart at any moment: UTC+14 and UTC-11
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect((await w.s.recruiter.client.put('/api/v1/users/profile', { name: 'Ivan', surname: 'Petrov', settings: { timeZone: zone } })).status).toBe(200);
      const res = await page(w.s.recruiter.client, `/vacancy/finalists/${w.vacancy.id}`);
      expect(res.text).toContain(`Prepared ${formatDate(new Date(), 'en', zone)}`);
    }
  });

  it('shows a chosen selection of the vacancy, leaving out ids that are not on it', async () => {
    const other = (await w.s.company.client.post('/api/v1/candidates', candidateBody(await catalogue(), { name: 'Outsider' }))).json.id;
    const res = await page(w.s.company.client, `/vacancy/finalists/${w.vacancy.id}?c=${w.vera}&c=${w.anna}&c=${other}&c=%00`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('Candidates side by side');
    expect(res.text).toContain('Vera Smirnova');
    expect(res.text).toContain('Anna Smirnova');
    expect(res.text).not.toContain('Boris Smirnova');
    expect(res.text).not.toContain('Outsider');
  });

  it('is open to a customer of the vacancy and to nobody outside it', async () => {
    expect((await page(w.s.customer.client, `/vacancy/finalists/${w.vacancy.id}`)).status).toBe(200);
    // a customer of the space not on this vacancy, another space, an odd id: 404 alike
    expect((await page(w.s.customer2.client, `/vacancy/finalists/${w.vacancy.id}`)).status).toBe(404);
    const stranger = await signUp('company');
    const outsider = await page(stranger.client, `/vacancy/finalists/${w.vacancy.id}`);
    expect(outsider.status).toBe(404);
    expect(outsider.text).not.toContain('Anna');
    expect((await page(w.s.company.client, '/vacancy/finalists/%00')).status).toBe(404);
    expect((await page(w.s.company.client, '/vacancy/finalists/1e20')).status).toBe(404);
    const anonymous = await new Client().get(`/vacancy/finalists/${w.vacancy.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/auth/login');
  });

  it('says so when the vacancy has no finalists yet, and its pages link here only when it has', async () => {
    const c = await catalogue();
    const customer = await inviteAndRegister(w.s.company.client, 'customer', 'Nina', 'Third');
    const empty = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(c, [customer.id]))).json;
    const res = await page(w.s.company.client, `/vacancy/finalists/${empty.id}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('No finalists yet');
    expect((await page(w.s.company.client, `/vacancy/preview/${empty.id}`)).text).not.toContain(`/vacancy/finalists/${empty.id}`);
    expect((await page(w.s.company.client, `/vacancy/preview/${w.vacancy.id}`)).text).toContain(`/vacancy/finalists/${w.vacancy.id}`);
    expect((await page(w.s.customer.client, '/workspace')).text).toContain(`/vacancy/finalists/${w.vacancy.id}`);
  });

  it('shows the six of the highest priority, says how many finalists there are in all, and shows the rest a sheet further', async () => {
    const c = await catalogue();
    const vacancy = (await w.s.company.client.post('/api/v1/vacancy', vacancyBody(c, [w.s.customer.id]))).json;
    const names = ['Ada', 'Bea', 'Cid', 'Dan', 'Eva', 'Fay', 'Gus'];
    for (const name of names) {
      const id = (await w.s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name, vacancyId: vacancy.id }))).json.id as string;
      expect((await w.s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy.id}/${id}/stage`, { stage: 5, from: 1 })).status).toBe(200);
      if (name === 'Gus') expect((await w.s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy.id}/${id}/priority`, { priority: 3 })).status).toBe(200);
    }
    const en = (await page(w.s.company.client, `/vacancy/finalists/${vacancy.id}`)).text;
    expect(en).toContain('Finalists 1–6 of 7, the highest priority first.');
    expect(en).toContain('Gus Smirnova');
    expect(en).not.toContain('Fay Smirnova');
    expect(en).toContain(`href="/vacancy/finalists/${vacancy.id}?page=2"`);
    expect(en).not.toContain('Previous finalists');
    const ru = (await page(w.s.customer.client, `/ru/vacancy/finalists/${vacancy.id}`)).text;
    expect(ru).toContain('Финалисты с 1 по 6 из 7, по убыванию приоритета.');
    expect(ru).toContain('Следующие финалисты');
    // the second sheet: the one left out, and the way back
    const second = (await page(w.s.company.client, `/vacancy/finalists/${vacancy.id}?page=2`)).text;
    expect(second).toContain('Finalist 7 of 7, the highest priority first.');
    expect(second).toContain('Fay Smirnova');
    expect(second).not.toContain('Gus Smirnova');
    expect(second).toContain(`href="/vacancy/finalists/${vacancy.id}"`);
    expect(second).not.toContain('Next finalists');
    // odd pages are the first
    for (const odd of ['0', '-1', 'x', '1e9', '9007199254740993']) expect((await page(w.s.customer.client, `/vacancy/finalists/${vacancy.id}?page=${odd}`)).text).toContain('Finalists 1–6 of 7');
    // six or fewer: nothing left out, nothing said
    expect((await page(w.s.customer.client, `/vacancy/finalists/${w.vacancy.id}`)).text).not.toContain('data-testid="some-of"');
  });
});

describe("the customer's home", () => {
  it('lists the five longest waits of a vacancy and leads to its page for the rest, in both languages', async () => {
    const c = await catalogue();
    const s = await space();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json;
    for (let i = 0; i < 7; i++) {
      const id = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: `Waiting${i}`, vacancyId: vacancy.id }))).json.id as string;
      expect((await s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy.id}/${id}/stage`, { stage: 4, from: 1 })).status).toBe(200);
    }
    const home = await page(s.customer.client, '/workspace');
    expect(home.text).toContain('Waiting for you: 7');
    expect(home.text.match(/<span class="badge"[^>]*>Customer interview<\/span>/g)).toHaveLength(5);
    expect(home.text).toMatch(new RegExp(`href="/vacancy/candidates/${vacancy.id}"[^>]*>And 2 more waiting on the vacancy(?:'|&#39;)s page</a>`));
    const ru = (await page(s.customer.client, '/ru/workspace')).text;
    expect(ru).toContain('И ещё 2 — на странице вакансии');
    // the list of the unrated says it is not the list of those waiting (a newcomer read 610 against 7)
    expect(home.text).toContain('Candidates of your vacancies at any stage whom you have not rated yet');
    expect(ru).toContain('Кандидаты ваших вакансий на любом этапе, которым вы ещё не поставили оценку');
  });
});
