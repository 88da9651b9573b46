import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db } from '../support/client.ts';
import { space } from '../support/spaces.ts';

let moscow: number;
let skills: number[];

beforeAll(async () => {
  moscow = (await db().query(`select id from cities where name_en = 'Moscow'`)).rows[0].id;
  skills = (await db().query('select id from soft_skills order by position limit 2')).rows.map((r) => r.id);
});

function vacancyBody(customers: string[], main = customers[0]) {
  return {
    positionType: 3, positionName: 'Project manager', quantity: 1, departmentName: 'IT', hardSkills: ['Jira'], jobExperience: 2,
    softSkills: skills, country: 'ru', cityId: moscow, address: 'Tverskaya 1', salary: 100000, schedule: 1, customers, mainCustomer: main, status: 1,
  };
}

const candidate = (patch: Record<string, unknown> = {}) => ({
  name: 'Anna',
  surname: 'Smirnova',
  dob: '1990-05-17',
  positionName: 'Менеджер проектов',
  salary: 120000,
  salaryTo: 150000,
  cityId: moscow,
  email: 'anna@example.com',
  phone: '+7 900 000-00-00',
  schedule: [1, 3],
  skills: ['Jira', 'Scrum'],
  jobExperience: [
    { from: '2019-01-01', to: '2020-12-31', companyName: 'Acme', companyInfo: '', positionName: 'Project manager', positionDescription: 'Led releases' },
    { from: '2021-01-01', to: null, companyName: 'Globex', companyInfo: 'Retail', positionName: 'Senior project manager', positionDescription: '' },
  ],
  education: [
    { year: 2012, name: 'MSU', description: 'Economics' },
    { year: 2015, name: 'HSE', description: 'MBA' },
  ],
  langs: [{ lang: 'English', level: 'C1' }],
  ...patch,
});

async function setup() {
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody([s.customer.id, s.customer2.id]))).json;
  return { ...s, vacancy };
}

describe('candidates database', () => {
  it('creates a candidate with every field; vacancyId also puts them on the vacancy', async () => {
    const s = await setup();
    const res = await s.recruiter.client.post('/api/v1/candidates', candidate({ vacancyId: s.vacancy.id }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Anna', surname: 'Smirnova', dob: '1990-05-17', age: expect.any(Number), positionName: 'Менеджер проектов',
      salary: 120000, salaryTo: 150000, city: { id: moscow, name: 'Moscow' }, email: 'anna@example.com', schedule: [1, 3], skills: ['Jira', 'Scrum'], pdStatus: 1,
      funnel: { vacancyId: s.vacancy.id, stage: 1, priority: 2, ratings: [], average: null },
    });
    expect(res.json.jobExperience[1].to).toBeNull();
    expect(res.json.education.map((e: { year: number }) => e.year)).toEqual([2015, 2012]);
    const onVacancy = await s.company.client.get(`/api/v1/candidates/vacancy/${s.vacancy.id}`);
    expect(onVacancy.json.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 1, totalExact: true });
  });

  it('takes dates of birth 14 to 100 years ago and job periods in the past, from before to (issue 11)', async () => {
    const s = await setup();
    const iso = (years: number, days = 0) => {
      const d = new Date();
      return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + days)).toISOString().slice(0, 10);
    };
    const post = (patch: Record<string, unknown>) => s.company.client.post('/api/v1/candidates', candidate({ email: '', ...patch }));
    for (const dob of [iso(13), iso(14, 1), iso(100, -1), '1900-01-01']) {
      const res = await post({ dob });
      expect(res.status, dob).toBe(400);
      expect(res.json.errors, dob).toEqual({ dob: 'form.candidate.dob.range' });
    }
    for (const dob of [iso(14, -1), iso(99), null]) expect((await post({ dob })).status, String(dob)).toBe(201);
    expect((await post({ dob: '1990-05-' })).json.errors).toEqual({ dob: 'form.candidate.dob.invalid' });

    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 2, 1);
    const later = next.toISOString().slice(0, 10);
    const job = (from: string, to: string | null) => ({ jobExperience: [{ from, to, companyName: 'Acme', positionName: 'PM' }] });
    expect((await post(job(later, null))).json.errors).toEqual({ 'jobExperience.0.from': 'form.candidate.job_from.future' });
    expect((await post(job('2020-01-01', later))).json.errors).toEqual({ 'jobExperience.0.to': 'form.candidate.job_to.future' });
    expect((await post(job('2020-05-01', '2020-01-01'))).json.errors).toEqual({ 'jobExperience.0.to': 'form.candidate.job_to.min' });
    expect((await post(job('2020-05-01', '2020-05-01'))).status).toBe(201);
  });

  it('rejects bad bodies field by field and writes nothing', async () => {
    const s = await setup();
    const res = await s.company.client.post('/api/v1/candidates', candidate({
      name: '', email: 'nope', dob: '2999-01-01', salaryTo: 10,
      jobExperience: [{ from: '2020-05-01', to: '2020-01-01', companyName: '', positionName: 'X' }],
      schedule: [9],
    }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      name: 'validation.name_required', email: 'validation.email_invalid', 'jobExperience.0.companyName': 'form.candidate.company.required', 'schedule.0': 'validation.invalid',
    });
    expect((await s.company.client.post('/api/v1/candidates', candidate({ cityId: 999999999 }))).json.errors).toEqual({ cityId: 'form.vacancy.city.invalid' });
    const count = await db().query('select count(*)::int as n from candidates where created_by = $1', [s.company.user.id]);
    expect(count.rows[0].n).toBe(0);
  });

  it('searches names, positions and experience in Russian and English word forms, with filters and sorting', async () => {
    const s = await setup();
    const c = s.company.client;
    const make = async (patch: Record<string, unknown>) => (await c.post('/api/v1/candidates', candidate(patch))).json.id as string;
    const anna = await make({});
    const boris = await make({ name: 'Борис', surname: 'Иванов', positionName: 'Java developer', salary: 300000, salaryTo: null, dob: '1980-01-01', schedule: [2], jobExperience: [{ from: '2010-01-01', to: null, companyName: 'Яндекс', positionName: 'Разработчик', positionDescription: 'Писал сервисы на Java' }] });
    const kate = await make({ name: 'Kate', surname: 'Brown', positionName: 'Sales managers lead', salary: 80000, salaryTo: 90000, dob: '2000-01-01', schedule: [3], jobExperience: [] });
    const ids = async (q: string) => ((await c.get(`/api/v1/candidates${q}`)).json.data as { id: string }[]).map((x) => x.id);
    expect((await ids('?search=менеджера')).sort()).toEqual([anna]);
    expect((await ids('?search=manager')).sort()).toEqual([anna, kate].sort());
    expect(await ids('?search=Бор')).toEqual([boris]);
    expect(await ids('?search=' + encodeURIComponent('сервисы java'))).toEqual([boris]);
    expect(await ids('?search=разработчика')).toEqual([boris]);
    expect(await ids('?salaryFrom=250000')).toEqual([boris]);
    expect((await ids('?salaryTo=100000')).sort()).toEqual([kate]);
    expect(await ids('?ageFrom=40')).toEqual([boris]);
    expect(await ids('?ageTo=30')).toEqual([kate]);
    expect(await ids('?schedule=2')).toEqual([boris]);
    expect((await ids('?schedule=1,2')).sort()).toEqual([anna, boris].sort());
    expect(await ids('?sort=salaryDesc')).toEqual([boris, anna, kate]);
    expect(await ids('?sort=salaryAsc')).toEqual([kate, anna, boris]);
    expect(await ids('?sort=createdAtAsc')).toEqual([anna, boris, kate]);
    expect(await ids('')).toEqual([kate, boris, anna]);
    const paged = await c.get('/api/v1/candidates?limit=2&page=2');
    expect(paged.json.pagination).toEqual({ currentPage: 2, totalPages: 2, totalRecords: 3, totalExact: true });
    expect(paged.json.data).toHaveLength(1);
    await c.post(`/api/v1/candidates/vacancy/${s.vacancy.id}`, { candidatesIds: [anna] });
    expect((await ids(`?excludeVacancyId=${s.vacancy.id}`)).sort()).toEqual([boris, kate].sort());
    expect((await c.get('/api/v1/candidates?sort=random&schedule=7')).json.errors).toEqual({ sort: 'validation.invalid', schedule: 'validation.invalid' });
  });

  it('a shallow page of a common word walks the list order; a rare word and deep pages use the index; all agree (issue 12)', async () => {
    const s = await setup();
    const c = s.company.client;
    // 45 candidates, 30 of them "менеджер", one "зоолог": page 1 of the word fills from a walk,
    // the rare word and page 2 of 20 fall back to the search index
    const rows = Array.from({ length: 45 }, (_, i) => ({
      positionName: i === 7 ? 'Зоолог' : i % 3 === 0 ? 'Дизайнер' : 'Менеджер по продажам',
      salary: 50000 + ((i * 7919) % 45) * 1000,
      salaryTo: null,
    }));
    const made: { id: string; positionName: string; salary: number; at: number }[] = [];
    for (const [i, row] of rows.entries()) {
      const res = await c.post('/api/v1/candidates', candidate({ ...row, name: `Имя${i}`, jobExperience: [] }));
      expect(res.status).toBe(201);
      made.push({ id: res.json.id, positionName: row.positionName, salary: row.salary, at: i });
    }
    const ids = async (q: string) => ((await c.get(`/api/v1/candidates${q}`)).json.data as { id: string }[]).map((x) => x.id);
    const managers = made.filter((m) => m.positionName.startsWith('Менеджер'));
    const bySalaryDesc = [...managers].sort((a, b) => b.salary - a.salary || b.at - a.at).map((m) => m.id);
    const newestFirst = [...managers].sort((a, b) => b.at - a.at).map((m) => m.id);
    const m = encodeURIComponent('менеджер');
    expect(await ids(`?search=${m}&sort=salaryDesc`)).toEqual(bySalaryDesc.slice(0, 20));
    expect(await ids(`?search=${m}&sort=salaryDesc&page=2`)).toEqual(bySalaryDesc.slice(20, 40));
    expect(await ids(`?search=${m}`)).toEqual(newestFirst.slice(0, 20));
    expect(await ids(`?search=${m}&limit=5&page=3`)).toEqual(newestFirst.slice(10, 15));
    expect(await ids(`?positionName=${m}&sort=createdAtAsc`)).toEqual([...newestFirst].reverse().slice(0, 20));
    expect(await ids(`?search=${encodeURIComponent('зоолог')}`)).toEqual([made[7]!.id]);
    const counted = await c.get(`/api/v1/candidates?search=${m}`);
    expect(counted.json.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: managers.length, totalExact: true });
  });

  it("counts a text search exactly while it is small, and past 1,000 matches estimates from the walk: shown as 1 000+ (issue 12 item 3)", async () => {
    const s = await setup();
    const c = s.company.client;
    const make = async (positionName: string) => (await c.post('/api/v1/candidates', candidate({ positionName, jobExperience: [], education: [] }))).json.id as string;
    const manager = await make('Менеджер по продажам');
    const zoologist = await make('Зоолог');
    const m = encodeURIComponent('менеджер');
    const z = encodeURIComponent('зоолог');
    // every row read by the walk: the total is exact without a count
    expect((await c.get(`/api/v1/candidates?search=${m}`)).json.pagination).toEqual({ currentPage: 1, totalPages: 1, totalRecords: 1, totalExact: true });
    // 1,500 managers and 3,000 zoologists more, copies of the two (search vectors included)
    const copy = (id: string, n: number) =>
      db().query(
        `insert into candidates (space_id, name, surname, position_name, search, created_at)
         select space_id, name, surname, position_name, search, created_at - g * interval '1 second' from candidates, generate_series(1, $2::int) g where id = $1`,
        [id, n],
      );
    await copy(manager, 1500);
    await copy(zoologist, 3000);
    // managers are a third of the newest rows: the walk's share says "more than 1,000"
    const common = await c.get(`/api/v1/candidates?search=${m}`);
    expect(common.json.data).toHaveLength(20);
    expect(common.json.pagination).toEqual({ currentPage: 1, totalPages: 50, totalRecords: 1000, totalExact: false });
    // the same words with a filter that leaves few rows: counted exactly again
    const few = await c.get(`/api/v1/candidates?search=${m}&salaryFrom=1000000`);
    expect(few.json.pagination).toMatchObject({ totalRecords: 0, totalExact: true });
    // a word on 3,001 rows, past the walk's reach for page 30: counted from the index, capped
    const deep = await c.get(`/api/v1/candidates?search=${z}&page=30`);
    expect(deep.json.data).toHaveLength(20);
    expect(deep.json.pagination).toMatchObject({ totalRecords: 1000, totalExact: false });
    // a deep page walked (page 40: 800 rows deep) is the page the index gives, in the same order
    const zoologists = await db().query(
      `select id from candidates where space_id = (select space_id from candidates where id = $1) and position_name = 'Зоолог' order by created_at desc, id desc offset 780 limit 20`,
      [zoologist],
    );
    expect(((await c.get(`/api/v1/candidates?search=${z}&page=40`)).json.data as { id: string }[]).map((x) => x.id)).toEqual(zoologists.rows.map((r) => r.id));
    // a text search lists its first 1,000 matches (docs/decisions/0033): page 50 is the last offered
    const last = await c.get(`/api/v1/candidates?search=${z}&page=50`);
    expect(last.json.data).toHaveLength(20);
    expect(last.json.pagination).toEqual({ currentPage: 50, totalPages: 50, totalRecords: 1000, totalExact: false });
    const past = await c.get(`/api/v1/candidates?search=${z}&page=51`);
    expect(past.status).toBe(200);
    expect(past.json.data).toEqual([]);
    expect(past.json.pagination).toEqual({ currentPage: 51, totalPages: 50, totalRecords: 1000, totalExact: false });
    // a limit that does not divide 1,000 stops at the 1,000th match
    expect((await c.get(`/api/v1/candidates?search=${z}&limit=30&page=34`)).json.data).toHaveLength(10);
    // without words the list goes as deep as its rows
    expect((await c.get('/api/v1/candidates?page=200')).json.data).toHaveLength(20);
  });

  it('keeps the search vector in the row, where the walk reads it (migration 0026, docs/decisions/0033)', async () => {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate({ positionName: 'Менеджер по продажам', jobExperience: [] }))).json.id as string;
    const { rows } = await db().query(
      `select a.attstorage, (select pg_column_size(search) > 0 from candidates where id = $1) as stored
       from pg_attribute a where a.attrelid = 'candidates'::regclass and a.attname = 'search'`,
      [id],
    );
    expect(rows).toEqual([{ attstorage: 'm', stored: true }]);
  });

  it('speaks the search language of the vacancy search: AND, OR, NOT, -word, "phrases" (issue 11)', async () => {
    const s = await setup();
    const c = s.company.client;
    const make = async (patch: Record<string, unknown>) => (await c.post('/api/v1/candidates', candidate({ jobExperience: [], education: [], ...patch }))).json.id as string;
    const sales = await make({ name: 'Олег', surname: 'Петров', positionName: 'Менеджер по продажам', skills: ['CRM'] });
    const accountant = await make({ name: 'Ирина', surname: 'Волкова', positionName: 'Главный бухгалтер', skills: ['1С'] });
    const java = await make({ name: 'Ivan', surname: 'Orlov', positionName: 'Java developer', skills: ['Spring'] });
    const free = await make({ name: 'Pavel', surname: 'Sokolov', positionName: 'Java developer', skills: ['Free software'] });
    const js = await make({ name: 'Nina', surname: 'Belova', positionName: 'JavaScript developer', skills: ['React'] });
    const ids = async (query: string) => ((await c.get(`/api/v1/candidates?search=${encodeURIComponent(query)}`)).json.data as { id: string }[]).map((x) => x.id).sort();

    expect(await ids('продажи')).toEqual([sales]);
    expect(await ids('менеджера')).toEqual([sales]);
    expect(await ids('главного бухгалтера')).toEqual([accountant]);
    expect(await ids('"главного бухгалтера"')).toEqual([accountant]);
    expect(await ids('Java')).toEqual([java, free, js].sort());
    expect(await ids('"Java"')).toEqual([java, free].sort());
    expect(await ids('Java -Free')).toEqual([java, js].sort());
    expect(await ids('Java NOT free')).toEqual([java, js].sort());
    expect(await ids('бухгалтер OR spring')).toEqual([accountant, java].sort());
    expect(await ids('бухгалтер or spring')).toEqual([accountant, java].sort());
    expect(await ids('developer and not (spring or react)')).toEqual([free]);
    expect(await ids('Петров ИЛИ Волкова')).toEqual([sales, accountant].sort());
    expect(await ids('"free software"')).toEqual([free]);
    expect(await ids('"software free"')).toEqual([]);
  });

  it('reads any typed search, tsquery syntax and hostile nesting included, without an error: both searches (issue 11)', async () => {
    const s = await setup();
    const c = s.company.client;
    await c.post('/api/v1/candidates', candidate({ vacancyId: s.vacancy.id }));
    const typed = [
      "a:* & b | !c <-> 'd' \\ e",
      "'' '''' \\' :*",
      '!!! ||| &&& <2> <-> :AB*',
      '("" OR "") AND NOT ()',
      '('.repeat(148) + 'anna' + ')'.repeat(148),
      'NOT '.repeat(74) + 'anna',
      '-'.repeat(299) + 'a',
      '"' + 'a b '.repeat(74),
      'x'.repeat(300),
      'anna OR '.repeat(37) + 'anna',
    ];
    for (const q of typed) {
      expect(q.length, q).toBeLessThanOrEqual(300);
      const query = `search=${encodeURIComponent(q)}`;
      for (const url of [`/api/v1/candidates?${query}`, `/api/v1/candidates/vacancy/${s.vacancy.id}?${query}`, `/api/v1/vacancy?${query}`]) {
        expect((await c.get(url)).status, `${url.slice(0, 40)} ${q.slice(0, 30)}`).toBe(200);
      }
    }
    // the bounded parse still finds: a deep bracket and many repeats of one word
    expect((await c.get(`/api/v1/candidates?search=${encodeURIComponent('('.repeat(148) + 'anna' + ')'.repeat(148))}`)).json.data).toHaveLength(1);
    expect((await c.get(`/api/v1/candidates?search=${encodeURIComponent('anna OR '.repeat(37) + 'anna')}`)).json.data).toHaveLength(1);
  });

  it('keeps each space to its own database', async () => {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate())).json.id;
    const other = await setup();
    expect((await other.company.client.get(`/api/v1/candidates/${id}`)).status).toBe(404);
    expect((await other.company.client.put(`/api/v1/candidates/${id}`, candidate())).status).toBe(404);
    expect((await other.company.client.get('/api/v1/candidates')).json.data).toEqual([]);
    const foreign = await other.company.client.post(`/api/v1/candidates/vacancy/${other.vacancy.id}`, { candidatesIds: [id] });
    expect(foreign.status).toBe(400);
    expect((await s.customer.client.get('/api/v1/candidates')).status).toBe(403);
    expect((await s.customer.client.post('/api/v1/candidates', candidate())).status).toBe(403);
    expect((await new Client().get('/api/v1/candidates')).status).toBe(401);
    // a customer sees a candidate only once they are on one of the customer's vacancies
    expect((await s.customer.client.get(`/api/v1/candidates/${id}`)).status).toBe(404);
    await s.company.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [id] });
    expect((await s.customer.client.get(`/api/v1/candidates/${id}?vacancyId=${s.vacancy.id}`)).status).toBe(200);
  });
});

describe('uploads', () => {
  it('takes a PDF resume by content, serves it only to the space, and refuses a renamed .exe', async () => {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate())).json.id;
    const form = new FormData();
    form.append('candidateId', id);
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }), 'Anna CV.pdf');
    const res = await s.company.client.request('POST', '/api/v1/candidates/resume', { raw: form });
    expect(res.status).toBe(200);
    // SPEC.md §3: `resume` names the stored file, as `image` does; the original name beside it
    expect(res.json).toEqual({ resume: expect.stringMatching(/^[A-Za-z0-9_-]{16,}\.pdf$/), resumeName: 'Anna CV.pdf' });
    const stored = res.json.resume as string;
    expect(stored).not.toContain('Anna');
    expect((await s.company.client.get(`/api/v1/candidates/${id}`)).json).toMatchObject({ resume: stored, resumeName: 'Anna CV.pdf' });
    // personal data: never under /uploads, only through the access check
    for (const url of [`/uploads/${stored}`, `/uploads/../resumes/${stored}`, `/uploads/..%2fresumes%2f${stored}`]) {
      const leaked = await s.company.client.get(url);
      expect(leaked.status, url).toBe(404);
      expect(leaked.text, url).not.toContain('%PDF');
    }
    const download = await s.recruiter.client.get(`/api/v1/candidates/${id}/resume`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.text.startsWith('%PDF-')).toBe(true);
    const other = await setup();
    expect((await other.company.client.get(`/api/v1/candidates/${id}/resume`)).status).toBe(404);
    expect((await new Client().get(`/api/v1/candidates/${id}/resume`)).status).toBe(401);
    const exe = new FormData();
    exe.append('candidateId', id);
    exe.append('file', new Blob([Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this program cannot be run in DOS mode')]), 'resume.pdf');
    const refused = await s.company.client.request('POST', '/api/v1/candidates/resume', { raw: exe });
    expect(refused.status).toBe(415);
    expect(refused.json.message).toBe('error.upload.not_a_resume');
    expect((await s.company.client.get(`/api/v1/candidates/${id}`)).json.resumeName).toBe('Anna CV.pdf');
    // a PDF named as something else downloads as the PDF it is
    const renamed = new FormData();
    renamed.append('candidateId', id);
    renamed.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')]), 'CV_Ivanov\u202Etxt.pdf.bat');
    expect((await s.company.client.request('POST', '/api/v1/candidates/resume', { raw: renamed })).json.resumeName).toBe('CV_Ivanovtxt.pdf');
    const named = await s.recruiter.client.get(`/api/v1/candidates/${id}/resume`);
    expect(named.headers.get('content-disposition')).toBe(`attachment; filename="resume.pdf"; filename*=UTF-8''CV_Ivanovtxt.pdf`);
  });
});

describe('photos', () => {
  it('answers the photo as a file name, served under /uploads, on the card, the profile and the vacancy list (SPEC.md §3, §7)', async () => {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate({ vacancyId: s.vacancy.id }))).json.id as string;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3264c8' } }).png().toBuffer();
    const form = new FormData();
    form.append('candidateId', id);
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'anna.png');
    const res = await s.company.client.request('POST', '/api/v1/candidates/photo', { raw: form });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ image: expect.stringMatching(/^[A-Za-z0-9_-]{16,}\.webp$/) });
    const image = res.json.image as string;
    expect((await s.company.client.get(`/api/v1/candidates/${id}`)).json.image).toBe(image);
    expect((await s.company.client.get('/api/v1/candidates')).json.data[0].image).toBe(image);
    expect((await s.company.client.get(`/api/v1/candidates/vacancy/${s.vacancy.id}`)).json.data[0].image).toBe(image);
    const served = await s.customer.client.get(`/uploads/${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });
});

describe('the funnel', () => {
  async function onVacancy() {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate({ vacancyId: s.vacancy.id }))).json.id as string;
    const stage = async (client: Client, to: number) => {
      const current = (await s.company.client.get(`/api/v1/candidates/${id}?vacancyId=${s.vacancy.id}`)).json.funnel.stage;
      return client.put(`/api/v1/candidates/vacancy/${s.vacancy.id}/${id}/stage`, { stage: to, from: current });
    };
    return { ...s, id, stage };
  }

  it('recruiters move any stage; every move is recorded with who and when; counts follow', async () => {
    const s = await onVacancy();
    expect((await s.stage(s.recruiter.client, 4)).status).toBe(200);
    const moved = await s.stage(s.company.client, 5);
    expect(moved.json).toMatchObject({ stage: 5, stageChangedAt: expect.any(String) });
    const profile = await s.company.client.get(`/api/v1/candidates/${s.id}?vacancyId=${s.vacancy.id}`);
    expect(profile.json.funnel.history.filter((h: { kind: string }) => h.kind === 'stage')).toEqual([
      expect.objectContaining({ from: '4', to: '5', user: { name: 'Olga', surname: 'Owner' } }),
      expect.objectContaining({ from: '1', to: '4', user: { name: 'Ivan', surname: 'Petrov' } }),
    ]);
    expect((await s.company.client.get(`/api/v1/candidates/vacancy/statistic/${s.vacancy.id}`)).json).toMatchObject({ all: 1, finalist: 1, new: 0 });
    // a finalist forbids editing the vacancy
    const vacancy = await s.company.client.get(`/api/v1/vacancy/${s.vacancy.id}`);
    expect(vacancy.json.editable).toBe(false);
    expect((await s.company.client.put(`/api/v1/vacancy/${s.vacancy.id}`, vacancyBody([s.customer.id]))).json.message).toBe('error.vacancy.edit_forbidden');
  });

  it('with two customers only the main one moves, and only from customer interview onwards', async () => {
    const s = await onVacancy();
    // customer is main (first in the body); customer2 is not
    expect((await s.stage(s.customer.client, 5)).json.message).toBe('error.funnel.stage_forbidden');
    await s.stage(s.recruiter.client, 4);
    const notMain = await s.stage(s.customer2.client, 5);
    expect(notMain.status).toBe(403);
    expect(notMain.json.message).toBe('error.funnel.stage_forbidden');
    expect((await s.stage(s.customer.client, 2)).status).toBe(403);
    expect((await s.stage(s.customer.client, 6)).status).toBe(200);
    const other = await setup();
    expect((await s.stage(other.company.client, 2)).status).toBe(404);
    expect((await s.stage(s.company.client, 9)).json.errors).toEqual({ stage: 'validation.invalid' });
  });

  it('a customer takes back from the archive only a candidate archived at their stages, not one the recruiter archived earlier (single and bulk moves)', async () => {
    const s = await onVacancy();
    const allowed = async () => (await s.customer.client.get(`/api/v1/candidates/${s.id}?vacancyId=${s.vacancy.id}`)).json.funnel.allowedStages;
    // the recruiter archives a new candidate: the customer cannot make them a finalist
    expect((await s.stage(s.recruiter.client, 7)).status).toBe(200);
    expect(await allowed()).toEqual([]);
    const early = await s.stage(s.customer.client, 5);
    expect(early.status).toBe(403);
    expect(early.json.message).toBe('error.funnel.stage_forbidden');
    const bulk = await s.customer.client.post('/api/v1/candidates/bulk', { action: 'moveStage', vacancyId: s.vacancy.id, ids: [s.id], params: { vacancyId: s.vacancy.id, stage: 5 } });
    expect(bulk.json).toMatchObject({ applied: 0, reasons: { 'error.funnel.stage_forbidden': 1 } });
    expect((await s.company.client.get(`/api/v1/candidates/${s.id}?vacancyId=${s.vacancy.id}`)).json.funnel.stage).toBe(7);
    // at the customer interview the customer rejects, and may take it back
    await s.stage(s.recruiter.client, 4);
    expect((await s.stage(s.customer.client, 7)).status).toBe(200);
    expect(await allowed()).toEqual([5, 6]);
    // a hundred takes-back at once: one moves, the others find the stage changed
    const url = `/api/v1/candidates/vacancy/${s.vacancy.id}/${s.id}/stage`;
    const many = await Promise.all(Array.from({ length: 100 }, () => s.customer.client.put(url, { stage: 5, from: 7 })));
    expect(many.filter((r) => r.status === 200)).toHaveLength(1);
    expect(many.filter((r) => r.status !== 200).every((r) => r.status === 409 && r.json.message === 'error.funnel.stage_changed')).toBe(true);
    expect((await db().query(`select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'stage' and from_value = '7' and to_value = '5'`, [s.id])).rows[0].n).toBe(1);
  });

  it('priority is the recruiters\'; ratings are everyone\'s on the vacancy, one per person, with the average', async () => {
    const s = await onVacancy();
    const url = `/api/v1/candidates/vacancy/${s.vacancy.id}/${s.id}`;
    expect((await s.recruiter.client.put(`${url}/priority`, { priority: 3 })).json).toEqual({ priority: 3 });
    expect((await s.customer.client.put(`${url}/priority`, { priority: 1 })).status).toBe(403);
    await s.recruiter.client.post(`${url}/rating`, { score: 5, comment: 'Strong' });
    await s.customer2.client.post(`${url}/rating`, { score: 2 });
    const replaced = await s.customer2.client.post(`${url}/rating`, { score: 4, comment: 'Better after the call' });
    expect(replaced.status).toBe(201);
    expect(replaced.json.average).toBe(4.5);
    expect(replaced.json.ratings).toHaveLength(2);
    expect((await s.customer.client.post(`${url}/rating`, { score: 6 })).json.errors).toEqual({ score: 'form.rating.score' });
    const rows = (await s.company.client.get(`/api/v1/candidates/vacancy/${s.vacancy.id}`)).json.data;
    expect(rows[0]).toMatchObject({ id: s.id, priority: 3, average: 4.5, ratingsCount: 2, stage: 1 });
    const lonely = await setup();
    expect((await lonely.customer.client.post(`${url}/rating`, { score: 3 })).status).toBe(404);
  });

  it('adds candidates only to a published vacancy of the own space; none selected is a 400', async () => {
    const s = await setup();
    const id = (await s.company.client.post('/api/v1/candidates', candidate())).json.id;
    expect((await s.company.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [] })).json.errors).toEqual({ candidatesIds: 'form.candidate.select_required' });
    const added = await s.company.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [id, id] });
    expect(added.json).toEqual({ added: 1 });
    expect((await s.company.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [id] })).json).toEqual({ added: 0 });
    await s.company.client.request('DELETE', `/api/v1/vacancy/${s.vacancy.id}`);
    const archived = await s.company.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [id] });
    expect(archived.json.message).toBe('error.vacancy.not_published');
    expect((await s.customer.client.post('/api/v1/candidates/vacancy', { vacancyId: s.vacancy.id, candidatesIds: [id] })).status).toBe(403);
  });
});

describe('candidate numbers', () => {
  it('are counted per space, and two hundred candidates added at once get the numbers 1 to 200 (a number tells no company how many candidates the others keep)', async () => {
    const [a, b] = await Promise.all([setup(), setup()]);
    const n = 200;
    const made = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        (i % 2 ? a.recruiter.client : a.company.client).post(
          '/api/v1/candidates',
          candidate({ name: `Anna${i}`, email: `anna${i}@example.com`, jobExperience: [], education: [], ...(i === 0 ? { vacancyId: a.vacancy.id } : {}) }),
        ),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(n).fill(201));
    const other = await b.company.client.post('/api/v1/candidates', candidate());
    const numbers = async (ids: string[]) => (await db().query('select number from candidates where id = any($1) order by number', [ids])).rows.map((r) => r.number as number);
    expect(await numbers(made.map((r) => r.json.id))).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(await numbers([other.json.id])).toEqual([1]);
    // a customer without the candidate's consent is shown the space's own number
    const [shown] = await numbers([made[0]!.json.id]);
    const seen = await a.customer.client.get(`/api/v1/candidates/${made[0]!.json.id}`);
    expect(seen.json).toMatchObject({ name: `Candidate ${shown}`, identityHidden: true });
  });
});

describe("the profile's Vacancies", () => {
  const form = (client: Client, path: string, fields: Record<string, string>) =>
    client.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const links = async (id: string) => (await db().query('select vacancy_id, stage from vacancy_candidates where candidate_id = $1', [id])).rows;

  it('lists the vacancies a candidate is on and adds them to a published one by a plain form post; refuses what the API refuses, with its message, and writes nothing', async () => {
    const [s, other] = await Promise.all([setup(), setup()]);
    const id = (await s.recruiter.client.post('/api/v1/candidates', candidate())).json.id as string;
    const draft = (await s.company.client.post('/api/v1/vacancy', { ...vacancyBody([s.customer.id]), positionName: 'Draft analyst', status: 2 })).json;
    const before = await s.recruiter.client.get(`/candidates/${id}/-`);
    expect(before.text).toContain('Not on any vacancy yet.');
    // the city tells apart two openings of one position
    expect(before.text).toMatch(new RegExp(`<option value="${s.vacancy.id}"[^>]*>Project manager · Moscow</option>`));
    // a draft is not offered, as the API would refuse it
    expect(before.text).not.toContain(draft.id);

    const added = await form(s.recruiter.client, `/candidates/${id}/-`, { add_to_vacancy: s.vacancy.id });
    expect(added.status, added.text).toBe(303);
    expect(added.headers.get('location')).toBe(`/candidates/${id}/${s.vacancy.id}?added=1#cp-added`);
    expect(await links(id)).toEqual([{ vacancy_id: s.vacancy.id, stage: 1 }]);
    expect((await db().query(`select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'added_to_vacancy'`, [id])).rows[0].n).toBe(1);
    const after = await s.recruiter.client.get(`/candidates/${id}/${s.vacancy.id}?added=1`);
    expect(after.text).toContain('Added to “Project manager”.');
    expect(after.text).toMatch(/aria-current="page"[^>]*>Project manager<\/a>\s*<span class="cp-muted"[^>]*>Moscow<\/span>\s*<span class="badge"[^>]*>New<\/span>/);
    expect(after.text).toContain('No published vacancy left to add the candidate to.');
    // the same post again, two hundred times at once, changes nothing
    const again = await Promise.all(Array.from({ length: 200 }, () => form(s.recruiter.client, `/candidates/${id}/-`, { add_to_vacancy: s.vacancy.id })));
    expect(new Set(again.map((r) => r.status))).toEqual(new Set([303]));
    expect(await links(id)).toHaveLength(1);
    expect((await db().query(`select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'added_to_vacancy'`, [id])).rows[0].n).toBe(1);
    // a body past the pages' 1 MB is refused before it is read
    const huge = await form(s.recruiter.client, `/candidates/${id}/-`, { add_to_vacancy: s.vacancy.id, pad: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);

    const refused: [Client, string, string, number, string][] = [
      [s.recruiter.client, `/candidates/${id}/-`, draft.id, 409, 'Candidates can be added only to a published vacancy'],
      [s.recruiter.client, `/ru/candidates/${id}/-`, draft.id, 409, 'Кандидатов можно добавлять только в активную вакансию'],
      [s.recruiter.client, `/candidates/${id}/-`, other.vacancy.id, 404, 'role="alert"'],
      [s.recruiter.client, `/candidates/${id}/-`, 'not-a-vacancy\u0000', 404, 'role="alert"'],
      [s.recruiter.client, `/candidates/${id}/-`, '9'.repeat(5000), 404, 'role="alert"'],
      // another space's recruiter, with their own vacancy: the candidate is not theirs
      [other.recruiter.client, `/candidates/${id}/-`, other.vacancy.id, 400, ''],
      [s.customer.client, `/candidates/${id}/${s.vacancy.id}`, draft.id, 403, ''],
    ];
    for (const [client, path, vacancy, status, text] of refused) {
      const res = await form(client, path, { add_to_vacancy: vacancy });
      expect(res.status, `${path} ${vacancy.slice(0, 20)}`).toBe(status);
      expect(res.text).toContain(text);
    }
    expect(await links(id)).toHaveLength(1);
    // no session: to the login page
    const anonymous = await form(new Client(), `/candidates/${id}/-`, { add_to_vacancy: s.vacancy.id });
    expect([302, 303, 401]).toContain(anonymous.status);
    // a customer is shown no such section
    expect((await s.customer.client.get(`/candidates/${id}/${s.vacancy.id}`)).text).not.toContain('data-testid="vacancies-section"');
  });
});
