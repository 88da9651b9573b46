import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db } from '../support/client.ts';
import { space } from '../support/spaces.ts';

let moscow: number;
let kazan: number;
let skills: number[];

beforeAll(async () => {
  const cities = await db().query(`select id, name_en from cities where country = 'ru' and name_en in ('Moscow', 'Kazan') order by population desc`);
  moscow = cities.rows.find((r) => r.name_en === 'Moscow').id;
  kazan = cities.rows.find((r) => r.name_en === 'Kazan').id;
  skills = (await db().query('select id from soft_skills order by position limit 3')).rows.map((r) => r.id);
});

function body(customers: string[], patch: Record<string, unknown> = {}) {
  return {
    positionType: 3,
    positionName: 'Project manager',
    quantity: 2,
    departmentName: 'IT department',
    hardSkills: ['Jira', 'Scrum'],
    jobExperience: 2,
    softSkills: skills,
    exceptionalRequirements: 'English B2',
    country: 'ru',
    cityId: moscow,
    address: 'Tverskaya 1',
    salary: 150000,
    salaryTo: 200000,
    schedule: 1,
    bonus: 'Quarterly',
    customers,
    mainCustomer: customers[0],
    status: 1,
    ...patch,
  };
}

describe('POST /api/v1/vacancy', () => {
  it('creates a published vacancy with its customers, skills and first comment', async () => {
    const s = await space();
    const res = await s.recruiter.client.post('/api/v1/vacancy', body([s.customer.id, s.customer2.id], { mainCustomer: s.customer2.id, comment: 'Urgent' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      positionName: 'Project manager',
      quantity: 2,
      hardSkills: ['Jira', 'Scrum'],
      country: 'ru',
      city: { id: moscow, name: 'Moscow' },
      salary: 150000,
      salaryTo: 200000,
      status: 1,
      mainCustomer: s.customer2.id,
      recruiter: { name: 'Ivan', surname: 'Petrov' },
      editable: true,
    });
    expect(res.json.customers.map((c: { id: string }) => c.id).sort()).toEqual([s.customer.id, s.customer2.id].sort());
    expect(res.json.softSkills.map((k: { id: number }) => k.id)).toEqual(skills);
    expect(res.json.softSkills[0].name).toEqual({ en: expect.any(String), ru: expect.any(String) });
    expect(res.json.comments).toEqual([expect.objectContaining({ text: 'Urgent', user: expect.objectContaining({ name: 'Ivan' }) })]);
  });

  it('saves a draft when status is 2 and answers the city in the user\'s language', async () => {
    const s = await space();
    await s.company.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', settings: { lang: 'ru' } });
    const res = await s.company.client.post('/api/v1/vacancy', body([s.customer.id], { status: 2, salaryTo: '' }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 2, salaryTo: null, city: { name: 'Москва' } });
  });

  it('rejects bad bodies field by field and writes nothing', async () => {
    const s = await space();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ quantity: 0 }, { quantity: 'form.vacancy.quantity.min' }],
      [{ salaryTo: 100 }, { salaryTo: 'form.vacancy.salary_to.min' }],
      [{ mainCustomer: s.customer2.id }, { mainCustomer: 'form.vacancy.main_customer.included' }],
      [{ country: 'de' }, { country: 'validation.required' }],
      [{ positionName: ' ', hardSkills: [], softSkills: [], customers: [] }, { positionName: 'form.vacancy.position_name.required', hardSkills: 'form.vacancy.hard_skills.required', softSkills: 'form.vacancy.soft_skills.required', customers: 'form.vacancy.customers.required', mainCustomer: 'form.vacancy.main_customer.included' }],
      [{ cityId: 999999999 }, { cityId: 'form.vacancy.city.invalid' }],
      [{ softSkills: [32000] }, { softSkills: 'form.vacancy.soft_skills.invalid' }],
      [{ salary: 'lots' }, { salary: 'validation.number_invalid' }],
      [{ salary: '' }, { salary: 'form.vacancy.salary.required' }],
    ];
    for (const [patch, errors] of cases) {
      const res = await s.company.client.post('/api/v1/vacancy', body([s.customer.id], patch));
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.json.errors, JSON.stringify(patch)).toMatchObject(errors);
    }
    const other = await space();
    const foreign = await s.company.client.post('/api/v1/vacancy', body([other.customer.id]));
    expect(foreign.json.errors).toEqual({ customers: 'form.vacancy.customers.invalid' });
    const count = await db().query('select count(*)::int as n from vacancies v join users u on u.id = v.recruiter_id where u.space_id = (select space_id from users where id = $1)', [s.customer.id]);
    expect(count.rows[0].n).toBe(0);
  });

  it('is for company and recruiters: a customer gets 403, nobody signed in 401', async () => {
    const s = await space();
    expect((await s.customer.client.post('/api/v1/vacancy', body([s.customer.id]))).status).toBe(403);
    expect((await new Client().post('/api/v1/vacancy', body([s.customer.id]))).status).toBe(401);
  });
});

describe('GET /api/v1/vacancy', () => {
  it('filters by status, boolean search, city, salary, customer and period', async () => {
    const s = await space();
    const c = s.company.client;
    const make = async (patch: Record<string, unknown>) => (await c.post('/api/v1/vacancy', body([s.customer.id], patch))).json.id as string;
    const pm = await make({ positionName: 'Project manager', hardSkills: ['Jira'] });
    const senior = await make({ positionName: 'Senior developer', departmentName: 'Platform', hardSkills: ['TypeScript'], cityId: kazan, salary: 300000, salaryTo: null });
    const sales = await make({ positionName: 'Менеджер по продажам', departmentName: 'Отдел продаж', hardSkills: ['CRM'], customers: [s.customer2.id], mainCustomer: s.customer2.id });
    const draft = await make({ positionName: 'Draft analyst', status: 2 });
    const names = async (query: string) => ((await c.get(`/api/v1/vacancy${query}`)).json as { id: string }[]).map((v) => v.id).sort();

    expect(await names('')).toEqual([pm, senior, sales].sort());
    expect(await names('?status=2')).toEqual([draft]);
    expect(await names('?search=manager')).toEqual([pm]);
    expect(await names('?search=' + encodeURIComponent('менеджер OR typescript'))).toEqual([senior, sales].sort());
    expect(await names('?search=' + encodeURIComponent('IT NOT jira'))).toEqual([]);
    expect(await names('?search=' + encodeURIComponent('"senior developer"'))).toEqual([senior]);
    expect(await names('?search=' + encodeURIComponent('kazan'))).toEqual([senior]);
    expect(await names('?search=ма')).toEqual([pm, senior, sales].sort());
    expect(await names(`?city=${kazan}`)).toEqual([senior]);
    expect(await names('?salaryFrom=250000')).toEqual([senior]);
    expect(await names('?salaryTo=160000')).toEqual([pm, sales].sort());
    expect(await names(`?customer=${s.customer2.id}`)).toEqual([sales]);
    expect(await names('?customer=all')).toEqual([pm, senior, sales].sort());
    await db().query(`update vacancies set created_at = now() - interval '20 days' where id = $1`, [pm]);
    await db().query(`update vacancies set created_at = now() - interval '60 days' where id = $1`, [sales]);
    expect(await names('?period=week')).toEqual([senior]);
    expect(await names('?period=month')).toEqual([pm, senior].sort());
    expect(await names('?period=all')).toEqual([pm, senior, sales].sort());
  });

  it('shows a customer only the vacancies they are attached to, and another space nothing', async () => {
    const s = await space();
    const mine = (await s.company.client.post('/api/v1/vacancy', body([s.customer.id]))).json.id;
    await s.company.client.post('/api/v1/vacancy', body([s.customer2.id], { mainCustomer: s.customer2.id }));
    const seen = (await s.customer.client.get('/api/v1/vacancy')).json.map((v: { id: string }) => v.id);
    expect(seen).toEqual([mine]);
    const other = await space();
    expect((await other.company.client.get('/api/v1/vacancy')).json).toEqual([]);
  });

  it('rejects a bad filter with a 400, not a 500', async () => {
    const s = await space();
    const res = await s.company.client.get('/api/v1/vacancy?status=9&period=year&salaryFrom=abc');
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ status: 'validation.invalid', period: 'validation.invalid', salaryFrom: 'validation.number_invalid' });
    expect((await new Client().get('/api/v1/vacancy')).status).toBe(401);
  });
});

describe('GET, PUT, DELETE /api/v1/vacancy/{id} and POST vacancy/comment', () => {
  it('reads and edits within the space; another space gets 404; a customer reads but cannot write', async () => {
    const s = await space();
    const id = (await s.company.client.post('/api/v1/vacancy', body([s.customer.id]))).json.id;
    expect((await s.customer.client.get(`/api/v1/vacancy/${id}`)).status).toBe(200);
    expect((await s.customer2.client.get(`/api/v1/vacancy/${id}`)).status).toBe(404);
    const other = await space();
    expect((await other.company.client.get(`/api/v1/vacancy/${id}`)).status).toBe(404);
    expect((await other.company.client.put(`/api/v1/vacancy/${id}`, body([other.customer.id]))).status).toBe(404);
    expect((await other.company.client.request('DELETE', `/api/v1/vacancy/${id}`)).status).toBe(404);
    expect((await s.customer.client.put(`/api/v1/vacancy/${id}`, body([s.customer.id]))).status).toBe(403);
    expect((await s.customer.client.request('DELETE', `/api/v1/vacancy/${id}`)).status).toBe(403);
    expect((await s.company.client.get('/api/v1/vacancy/not-a-uuid')).status).toBe(404);

    const edited = await s.recruiter.client.put(`/api/v1/vacancy/${id}`, body([s.customer.id, s.customer2.id], { positionName: 'Lead PM', quantity: 3, mainCustomer: s.customer2.id }));
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ positionName: 'Lead PM', quantity: 3, mainCustomer: s.customer2.id });
    expect((await s.customer2.client.get(`/api/v1/vacancy/${id}`)).status).toBe(200);
    const bad = await s.recruiter.client.put(`/api/v1/vacancy/${id}`, body([s.customer.id], { quantity: 0 }));
    expect(bad.status).toBe(400);
    expect((await s.company.client.get(`/api/v1/vacancy/${id}`)).json.quantity).toBe(3);
  });

  it('comments: posted by the space, read by its customers; a customer cannot post', async () => {
    const s = await space();
    const id = (await s.company.client.post('/api/v1/vacancy', body([s.customer.id]))).json.id;
    const res = await s.recruiter.client.post('/api/v1/vacancy/comment', { vacancyId: id, text: 'Salary raised' });
    expect(res.status).toBe(201);
    expect((await s.customer.client.get(`/api/v1/vacancy/${id}`)).json.comments[0]).toMatchObject({ text: 'Salary raised', user: { name: 'Ivan', surname: 'Petrov' } });
    expect((await s.customer.client.post('/api/v1/vacancy/comment', { vacancyId: id, text: 'Hi' })).status).toBe(403);
    const empty = await s.company.client.post('/api/v1/vacancy/comment', { vacancyId: id, text: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual({ text: 'form.comment.required' });
    const other = await space();
    expect((await other.company.client.post('/api/v1/vacancy/comment', { vacancyId: id, text: 'x' })).status).toBe(404);
  });

  it('archive: DELETE sets status 3; an archived vacancy refuses edits and comments', async () => {
    const s = await space();
    const id = (await s.company.client.post('/api/v1/vacancy', body([s.customer.id]))).json.id;
    expect((await s.company.client.request('DELETE', `/api/v1/vacancy/${id}`)).status).toBe(200);
    const read = await s.company.client.get(`/api/v1/vacancy/${id}`);
    expect(read.json).toMatchObject({ status: 3, editable: false });
    const edit = await s.company.client.put(`/api/v1/vacancy/${id}`, body([s.customer.id]));
    expect(edit.status).toBe(409);
    expect(edit.json.message).toBe('error.vacancy.archived');
    expect((await s.company.client.post('/api/v1/vacancy/comment', { vacancyId: id, text: 'x' })).status).toBe(409);
    expect(((await s.company.client.get('/api/v1/vacancy?status=3')).json as { id: string }[]).map((v) => v.id)).toEqual([id]);
  });
});
