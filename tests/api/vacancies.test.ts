import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db, lastCode, PASSWORD, uniqueEmail } from '../support/client.ts';
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

  it('speaks the search language of the candidate search, in Russian and English word forms (issue 11)', async () => {
    const s = await space();
    const c = s.company.client;
    const make = async (patch: Record<string, unknown>) => (await c.post('/api/v1/vacancy', body([s.customer.id], patch))).json.id as string;
    const sales = await make({ positionName: 'Менеджер по продажам', departmentName: 'Коммерческий отдел', hardSkills: ['CRM'] });
    const accountant = await make({ positionName: 'Главный бухгалтер', departmentName: 'Бухгалтерия', hardSkills: ['1С:Предприятие'] });
    const java = await make({ positionName: 'Java developer', departmentName: 'Platform', hardSkills: ['Spring'] });
    const free = await make({ positionName: 'Java developer', departmentName: 'Free schedule', hardSkills: ['Kotlin'] });
    const js = await make({ positionName: 'JavaScript developer', departmentName: 'Research and development', hardSkills: ['React'] });
    const names = async (query: string) => ((await c.get(`/api/v1/vacancy?search=${encodeURIComponent(query)}`)).json as { id: string }[]).map((v) => v.id).sort();
    const all = [sales, accountant, java, free, js].sort();

    expect(await names('продажи')).toEqual([sales]);
    expect(await names('менеджера')).toEqual([sales]);
    expect(await names('главного бухгалтера')).toEqual([accountant]);
    expect(await names('"главного бухгалтера"')).toEqual([accountant]);
    expect(await names('"бухгалтера главного"')).toEqual([]);
    expect(await names('developers')).toEqual([java, free, js].sort());
    // a word also finds the words it begins, unless it is quoted
    expect(await names('Java')).toEqual([java, free, js].sort());
    expect(await names('"Java"')).toEqual([java, free].sort());
    expect(await names('Java -Free')).toEqual([java, js].sort());
    expect(await names('"Java" NOT Free')).toEqual([java]);
    expect(await names('бухгалтер OR kotlin')).toEqual([accountant, free].sort());
    expect(await names('бухгалтер or kotlin')).toEqual([accountant, free].sort());
    expect(await names('developer and not (spring or kotlin)')).toEqual([js]);
    expect(await names('developer НЕ spring ИЛИ crm')).toEqual([sales, free, js].sort());
    // quoted, the operators are words: "research and development" is a phrase, not two words
    expect(await names('"research and development"')).toEqual([js]);
    expect(await names('"and"')).toEqual([js]);
    expect(await names('1С:Предприятие')).toEqual([accountant]);
    expect(await names('Москва')).toEqual(all);
    expect(await names('+++ -')).toEqual(all);
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

describe('drafts need only a position name (issue 11)', () => {
  it('saves a draft with nothing but the name, and checks every rule only on publishing', async () => {
    const s = await space();
    const draft = await s.recruiter.client.post('/api/v1/vacancy', { positionName: 'Only a name', status: 2 });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.json).toMatchObject({
      positionName: 'Only a name',
      status: 2,
      positionType: null,
      quantity: 1,
      hardSkills: [],
      jobExperience: null,
      softSkills: [],
      city: null,
      cityId: null,
      address: '',
      salary: null,
      salaryTo: null,
      schedule: null,
      customers: [],
      mainCustomer: null,
    });
    // the form sends its empty fields as '' and no status means a draft
    const fromForm = await s.company.client.post('/api/v1/vacancy', body([], { status: undefined, positionType: '', quantity: '', jobExperience: '', cityId: '', salary: '', schedule: '', hardSkills: [], softSkills: [], mainCustomer: '', address: '' }));
    expect(fromForm.status, fromForm.text).toBe(201);
    expect(fromForm.json).toMatchObject({ status: 2, positionType: null, city: null, salary: null });

    // the name is the one rule of a draft; what is filled in is still checked
    const nameless = await s.recruiter.client.post('/api/v1/vacancy', { positionName: '  ', status: 2 });
    expect(nameless.status).toBe(400);
    expect(nameless.json.errors).toEqual({ positionName: 'form.vacancy.position_name.required' });
    const wrong = await s.recruiter.client.post('/api/v1/vacancy', { positionName: 'Bad draft', status: 2, quantity: 0, positionType: 9 });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ quantity: 'form.vacancy.quantity.min', positionType: 'form.vacancy.position_type.required' });
    const reversed = await s.recruiter.client.post('/api/v1/vacancy', { positionName: 'Bad draft', status: 2, salary: 200, salaryTo: 100 });
    expect(reversed.json.errors).toEqual({ salaryTo: 'form.vacancy.salary_to.min' });
    const noCity = await s.recruiter.client.post('/api/v1/vacancy', { positionName: 'Bad city', status: 2, cityId: 999999999 });
    expect(noCity.json.errors).toEqual({ cityId: 'form.vacancy.city.invalid' });

    // publishing the draft as it is names everything that is missing
    const id = draft.json.id as string;
    const early = await s.recruiter.client.put(`/api/v1/vacancy/${id}`, { positionName: 'Only a name', status: 1 });
    expect(early.status).toBe(400);
    expect(Object.keys(early.json.errors).sort()).toEqual(
      ['address', 'cityId', 'country', 'customers', 'hardSkills', 'jobExperience', 'mainCustomer', 'positionType', 'quantity', 'salary', 'schedule', 'softSkills'].sort(),
    );
    expect((await s.company.client.get(`/api/v1/vacancy/${id}`)).json.status).toBe(2);
    const published = await s.recruiter.client.put(`/api/v1/vacancy/${id}`, body([s.customer.id]));
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({ status: 1, city: { id: moscow }, salary: 150000 });
  });

  it('lists drafts without a city or salary, and renders their pages', async () => {
    const s = await space();
    const id = (await s.company.client.post('/api/v1/vacancy', { positionName: 'Bare draft', status: 2 })).json.id as string;
    const list = await s.company.client.get('/api/v1/vacancy?status=2');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([expect.objectContaining({ id, positionName: 'Bare draft', city: null, salary: null })]);
    for (const path of ['/recruiter?status=2', `/vacancy/preview/${id}`, `/vacancy/candidates/${id}`, `/recruiter/vacancy/edit/${id}`, `/ru/vacancy/preview/${id}`]) {
      const page = await s.company.client.get(path, { token: null });
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('Bare draft');
    }
  });
});

describe('customers put on a vacancy before they register (issue 11)', () => {
  async function invited(inviter: Client) {
    const email = uniqueEmail('invitee');
    const res = await inviter.post('/api/v1/users/invite', { email, name: 'Nina', surname: 'Later', role: 'customer' });
    expect(res.status, res.text).toBe(201);
    expect(res.json.inviteId).toEqual(expect.any(String));
    return { email, inviteId: res.json.inviteId as string };
  }

  async function register(email: string) {
    const client = new Client();
    const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(201);
    client.token = registered.json.accessToken;
    return { client, id: registered.json.user.id as string };
  }

  it('are put on by their invite, see the vacancy once registered, and become its main customer', async () => {
    const s = await space();
    const nina = await invited(s.recruiter.client);
    const res = await s.recruiter.client.post('/api/v1/vacancy', body([nina.inviteId, s.customer.id], { mainCustomer: nina.inviteId }));
    expect(res.status, res.text).toBe(201);
    const id = res.json.id as string;
    expect(res.json.mainCustomer).toBe(nina.inviteId);
    expect(res.json.customers).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: nina.inviteId, name: 'Nina', surname: 'Later', email: nina.email, invited: true }), expect.objectContaining({ id: s.customer.id })]),
    );

    // registered but not confirmed yet: still an invite on the vacancy, and nothing to see
    const person = await register(nina.email);
    expect((await person.client.get(`/api/v1/vacancy/${id}`)).status).toBe(403);
    expect((await s.company.client.get(`/api/v1/vacancy/${id}`)).json.customers.find((c: { invited?: boolean }) => c.invited)).toMatchObject({ id: nina.inviteId });

    const verified = await person.client.post('/api/v1/auth/verify/email', { email: nina.email, code: await lastCode(nina.email) });
    expect(verified.status).toBe(200);
    const seen = await person.client.get('/api/v1/vacancy?status=1');
    expect(seen.json.map((v: { id: string }) => v.id)).toEqual([id]);
    const read = await person.client.get(`/api/v1/vacancy/${id}`);
    expect(read.status).toBe(200);
    expect(read.json.mainCustomer).toBe(person.id);
    expect(read.json.customers.map((c: { id: string; invited?: boolean }) => [c.id, c.invited ?? false]).sort()).toEqual([[person.id, false], [s.customer.id, false]].sort());
    const left = await db().query('select count(*)::int as n from vacancy_invitees where vacancy_id = $1', [id]);
    expect(left.rows[0].n).toBe(0);
    // the workspace shows it: the customer's home
    const home = await person.client.get('/workspace', { token: null });
    expect(home.status).toBe(200);
    expect(home.text).toContain('Project manager');
  });

  it('a draft takes an invited customer too; another space\'s invite or a recruiter\'s invite is refused', async () => {
    const s = await space();
    const nina = await invited(s.company.client);
    const draft = await s.company.client.post('/api/v1/vacancy', { positionName: 'Draft for Nina', status: 2, customers: [nina.inviteId] });
    expect(draft.status, draft.text).toBe(201);
    expect(draft.json.customers).toEqual([expect.objectContaining({ id: nina.inviteId, invited: true })]);

    const other = await space();
    const foreign = await invited(other.company.client);
    const refused = await s.company.client.post('/api/v1/vacancy', body([foreign.inviteId]));
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ customers: 'form.vacancy.customers.invalid' });
    const recruiterInvite = await s.company.client.post('/api/v1/users/invite', { email: uniqueEmail('rec'), name: 'Rex', surname: 'Recruiter', role: 'recruiter' });
    const asCustomer = await s.company.client.post('/api/v1/vacancy', body([recruiterInvite.json.inviteId]));
    expect(asCustomer.json.errors).toEqual({ customers: 'form.vacancy.customers.invalid' });
  });

  it('no vacancy is left behind when saves and the confirmation run at once', async () => {
    const s = await space();
    const nina = await invited(s.company.client);
    const person = await register(nina.email);
    const code = await lastCode(nina.email);
    const saves = Array.from({ length: 120 }, (_, i) => s.company.client.post('/api/v1/vacancy', body([nina.inviteId], { positionName: `Race ${i}` })));
    const confirmation = person.client.post('/api/v1/auth/verify/email', { email: nina.email, code });
    const results = await Promise.all([...saves, confirmation]);
    expect(results.map((r) => r.status)).toEqual([...saves.map(() => 201), 200]);
    // every vacancy ends with Nina as a registered customer, whichever came first
    const rows = await db().query(
      `select v.id, exists (select 1 from vacancy_customers c where c.vacancy_id = v.id and c.user_id = $1) as registered,
              exists (select 1 from vacancy_invitees i where i.vacancy_id = v.id) as invited, v.main_customer_id, v.main_invite_id
         from vacancies v where v.position_name like 'Race %' and v.space_id = (select space_id from users where id = $1)`,
      [person.id],
    );
    expect(rows.rows).toHaveLength(120);
    for (const row of rows.rows) expect(row).toMatchObject({ registered: true, invited: false, main_customer_id: person.id, main_invite_id: null });
  });
});
