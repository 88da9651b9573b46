import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { dateField, dateValue, fillDate, ORIGIN, signUpViaApi } from './helpers.ts';
import type { CandidateCard, CandidateDto, Page as ListPage, VacancyCandidateRow } from '../../src/lib/schemas/candidate.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

/** The smallest PDF the server accepts: it checks the magic bytes, not the whole document. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A Windows program renamed to .pdf: what the content check is for. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);

/** A surname no other test uses, in letters only, so the full-text search finds exactly it. */
function uniqueSurname(prefix = 'Zq'): string {
  const letters = [...crypto.randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  return `${prefix}${letters}`;
}

/** The accounts by e-mail: each test signs in afresh, as refreshing rotates a session's cookie. */
interface World {
  company: string;
  customer: string;
  stranger: string;
  vacancyId: string;
  /** The candidate made with every field, edited later. */
  fullId?: string;
}

let world: World;
const contexts: BrowserContext[] = [];

async function signedIn(browser: Browser, role: 'company' | 'customer', profile: { name: string; surname: string; companyName?: string }): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, role, profile);
  return { page, email };
}

/** Signs the context in through the API the login page uses. */
async function signIn(context: BrowserContext, email: string) {
  const response = await context.request.post('/api/v1/auth/email/login', { data: { email, password: PASSWORD, remember: true }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

/** Registers and verifies an invited address through the API. */
async function registerInvitee(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  contexts.push(context);
  const registered = await context.request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role: 'customer' }, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await context.request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
}

async function candidateBySurname(api: APIRequestContext, surname: string): Promise<CandidateCard[]> {
  const response = await api.get(`/api/v1/candidates?search=${encodeURIComponent(surname)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ListPage<CandidateCard>).data.filter((c) => c.surname === surname);
}

async function candidate(api: APIRequestContext, id: string): Promise<CandidateDto> {
  const response = await api.get(`/api/v1/candidates/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as CandidateDto;
}

/** The island has taken over once its submit button is enabled. */
async function open(page: Page, path: string, submit: string) {
  await page.goto(path);
  await expect(page.getByRole('button', { name: submit })).toBeEnabled();
}

const group = (page: Page, name: string): Locator => page.getByRole('group', { name, exact: true });

test.describe.configure({ mode: 'serial' });

test.describe('candidate form', () => {
  test.beforeAll(async ({ browser }) => {
    const owner = await signedIn(browser, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    const company = owner.page.context().request;
    const email = uniqueEmail('customer');
    const invited = await company.post('/api/v1/users/invite', { headers, data: { email, name: 'Kate', surname: 'Client', role: 'customer' } });
    expect(invited.status(), await invited.text()).toBe(201);
    await registerInvitee(browser, email);
    const stranger = await signedIn(browser, 'company', { name: 'Other', surname: 'Space', companyName: 'Globex' });

    const registered = (await (await company.get('/api/v1/users/invite?role=customer&invite=registered')).json()) as { id: string; email: string }[];
    const customerId = registered.find((person) => person.email === email)!.id;
    const cities = (await (await company.get(`/api/v1/search/cities?q=${encodeURIComponent('Моск')}`)).json()) as { id: number }[];
    const skills = (await (await company.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[];
    const created = await company.post('/api/v1/vacancy', {
      headers,
      data: {
        positionType: 3,
        positionName: 'Project manager',
        quantity: 1,
        departmentName: 'IT',
        hardSkills: ['Jira'],
        jobExperience: 2,
        softSkills: skills.slice(0, 2).map((s) => s.id),
        exceptionalRequirements: '',
        country: 'ru',
        cityId: cities[0]!.id,
        address: 'Tverskaya 1',
        salary: 150000,
        salaryTo: 200000,
        schedule: 1,
        bonus: '',
        customers: [customerId],
        mainCustomer: customerId,
        status: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    world = {
      company: owner.email,
      customer: email,
      stranger: stranger.email,
      vacancyId: ((await created.json()) as { id: string }).id,
    };
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test('adds a candidate with every field, a photo and a resume', async ({ page }) => {
    await signIn(page.context(), world.company);
    const surname = uniqueSurname();
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b5bdb' } }).png().toBuffer();
    await open(page, '/candidates/new', 'Add candidate');
    await expect(page.getByRole('heading', { name: 'New candidate', level: 1 })).toBeVisible();

    const main = page.getByRole('region', { name: 'Main information' });
    await main.getByLabel('Name', { exact: true }).fill('Anna');
    await main.getByLabel('Surname').fill(surname);
    await fillDate(main, 'Date of birth', '1990-05-17');
    await main.getByLabel('Position').fill('Data analyst');
    await main.getByLabel('Salary from').fill('120000');
    await main.getByLabel('Salary to').fill('180000');
    await main.getByRole('combobox', { name: 'City' }).fill('Moscow');
    await page.getByRole('option', { name: /^Moscow/ }).first().click();
    await main.getByLabel('Email').fill(`${surname}@Example.com`);
    await main.getByLabel('Phone').fill('+7 (900) 123-45-67');
    await main.getByRole('checkbox', { name: 'Full day' }).check();
    await main.getByRole('checkbox', { name: 'Flexible schedule' }).check();
    const skills = main.getByRole('textbox', { name: 'Skills' });
    await skills.fill('SQL');
    await skills.press('Enter');
    await skills.fill('Power BI');
    await skills.press('Enter');
    // commas a phone's keyboard or a paste brings split skills too
    await skills.fill('Excel, Tableau,  python ,sql');
    await expect(skills).toHaveValue('sql');
    await skills.press('Enter');
    await expect(main.getByRole('listitem')).toHaveText(['SQL×', 'Power BI×', 'Excel×', 'Tableau×', 'python×']);
    for (const extra of ['Excel', 'Tableau', 'python']) await main.getByRole('button', { name: new RegExp(extra) }).click();
    await expect(main.getByRole('listitem')).toHaveText(['SQL×', 'Power BI×']);

    await page.getByRole('button', { name: 'Add a job' }).click();
    await page.getByRole('button', { name: 'Add a job' }).click();
    const first = group(page, 'Job 1');
    await fillDate(first, 'From', '2015-03');
    await fillDate(first, 'To', '2019-08');
    await first.getByLabel('Company', { exact: true }).fill('Globus');
    await first.getByLabel('About the company').fill('A retail chain');
    await first.getByLabel('Position').fill('Junior analyst');
    await first.getByLabel('Duties and achievements').fill('Weekly sales reports');
    const second = group(page, 'Job 2');
    await fillDate(second, 'From', '2019-09');
    await second.getByLabel('Current job').check();
    await expect(dateField(second, 'To').getByLabel('Month')).toBeDisabled();
    await second.getByLabel('Company', { exact: true }).fill('Yandex');
    await second.getByLabel('About the company').fill('Search and services');
    await second.getByLabel('Position').fill('Data analyst');
    await second.getByLabel('Duties and achievements').fill('A/B tests');

    await page.getByRole('button', { name: 'Add education' }).click();
    const school = group(page, 'Education 1');
    await school.getByLabel('Year').fill('2012');
    await school.getByLabel('Institution').fill('Moscow State University');
    await school.getByLabel('Description').fill('Applied mathematics');

    await page.getByRole('button', { name: 'Add a language' }).click();
    const language = group(page, 'Language 1');
    await language.getByLabel('Language', { exact: true }).fill('English');
    await language.getByLabel('Level').selectOption({ label: 'B2 — Upper intermediate' });

    await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'anna.png', mimeType: 'image/png', buffer: photo });
    // the chosen picture shows before it is sent
    const avatar = page.locator('img.cf-avatar');
    await expect(avatar).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await page.getByLabel('Resume', { exact: true }).setInputFiles({ name: 'anna-cv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByText('To attach: anna-cv.pdf')).toBeVisible();

    await page.getByRole('button', { name: 'Add candidate' }).click();
    const done = page.getByRole('alertdialog', { name: 'The candidate is added' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Continue' }).click();

    const api = page.context().request;
    const found = await candidateBySurname(api, surname);
    expect(found).toHaveLength(1);
    // a candidate of the database opens on their own profile
    await expect(page).toHaveURL(`/candidates/${found[0]!.id}/-`);
    const saved = await candidate(api, found[0]!.id);
    world.fullId = saved.id;
    expect(saved).toMatchObject({
      name: 'Anna',
      surname,
      dob: '1990-05-17',
      positionName: 'Data analyst',
      salary: 120000,
      salaryTo: 180000,
      city: { name: 'Moscow' },
      email: `${surname.toLowerCase()}@example.com`,
      phone: '+7 (900) 123-45-67',
      schedule: [1, 3],
      skills: ['SQL', 'Power BI'],
      jobExperience: [
        { from: '2015-03-01', to: '2019-08-01', companyName: 'Globus', companyInfo: 'A retail chain', positionName: 'Junior analyst', positionDescription: 'Weekly sales reports' },
        { from: '2019-09-01', to: null, companyName: 'Yandex', companyInfo: 'Search and services', positionName: 'Data analyst', positionDescription: 'A/B tests' },
      ],
      education: [{ year: 2012, name: 'Moscow State University', description: 'Applied mathematics' }],
      langs: [{ lang: 'English', level: 'B2' }],
      resumeName: 'anna-cv.pdf',
    });
    // SPEC.md §3: file names; the photo is served under /uploads, the resume only by its candidate
    expect(saved.image).toMatch(/^[A-Za-z0-9_-]+\.webp$/);
    expect(saved.resume).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
    const image = await api.get(`/uploads/${saved.image}`);
    expect(image.status()).toBe(200);
    expect((await api.get(`/uploads/${saved.resume}`)).status()).toBe(404);
    const resume = await api.get(`/api/v1/candidates/${saved.id}/resume`);
    expect(resume.status()).toBe(200);
    expect((await resume.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('says what is missing before sending anything', async ({ page }) => {
    await signIn(page.context(), world.company);
    await open(page, '/candidates/new', 'Add candidate');
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/candidates')) posted++;
    });
    await page.getByRole('button', { name: 'Add a job' }).click();
    await page.getByRole('button', { name: 'Add a language' }).click();
    await page.getByRole('button', { name: 'Add candidate' }).click();
    await expect(page.getByText('Please enter name')).toBeVisible();
    await expect(page.getByText('Please enter surname')).toBeVisible();
    // each error once, beside its field: no banner repeats them
    await expect(page.getByText('Some fields are not filled in correctly')).toHaveCount(0);
    const job = group(page, 'Job 1');
    await expect(job.getByText('Please enter when the job started')).toBeVisible();
    await expect(job.getByText('Enter when the job ended, or mark it as the current job')).toBeVisible();
    await expect(job.getByText('Please enter the company')).toBeVisible();
    await expect(job.getByText('Please enter the position')).toBeVisible();
    const language = group(page, 'Language 1');
    await expect(language.getByText('Please enter the language')).toBeVisible();
    await expect(language.getByText('Please enter the level')).toBeVisible();
    // the first invalid field in the order they show gets the focus
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await page.getByLabel('Name', { exact: true }).fill('Vera');
    await page.getByLabel('Surname').fill('Empty');
    await page.getByRole('button', { name: 'Add candidate' }).click();
    await expect(dateField(job, 'From').getByLabel('Month')).toBeFocused();
    // a group can go again, and with it its messages
    await job.getByRole('button', { name: 'Remove job 1' }).click();
    await language.getByRole('button', { name: 'Remove language 1' }).click();
    await expect(page.getByText('Please enter the company')).toHaveCount(0);
    await expect(page.getByText('No job experience yet.')).toBeVisible();
    expect(posted).toBe(0);
  });

  test('refuses files over 10 MB in the browser and a fake resume on the server', async ({ page }, testInfo) => {
    await signIn(page.context(), world.company);
    const surname = uniqueSurname();
    await open(page, '/candidates/new', 'Add candidate');
    // from disk: a 10 MB buffer would travel to the browser base64-encoded, for seconds
    const big = testInfo.outputPath('big.pdf');
    fs.writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1, 0x25));
    await page.getByLabel('Resume', { exact: true }).setInputFiles(big);
    const tooLarge = page.getByRole('dialog', { name: 'Error' });
    await expect(tooLarge).toContainText('Resume maximum upload size is 10 mb');
    await tooLarge.getByRole('button', { name: 'Close' }).click();
    const bigImage = testInfo.outputPath('big.png');
    fs.renameSync(big, bigImage);
    await page.getByLabel('Photo', { exact: true }).setInputFiles(bigImage);
    await expect(tooLarge).toContainText('Image maximum upload size is 10 mb');
    await tooLarge.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(/To attach/)).toHaveCount(0);

    await page.getByLabel('Name', { exact: true }).fill('Boris');
    await page.getByLabel('Surname').fill(surname);
    await page.getByLabel('Resume', { exact: true }).setInputFiles({ name: 'virus.pdf', mimeType: 'application/pdf', buffer: EXE });
    await page.getByRole('button', { name: 'Add candidate' }).click();
    const failed = page.getByRole('dialog', { name: 'The file is not uploaded' });
    await expect(failed).toContainText('Upload a .pdf, .doc or .docx file');
    await failed.getByRole('button', { name: 'Close' }).click();
    await expect(page.locator('.field-error', { hasText: 'Upload a .pdf, .doc or .docx file' })).toBeVisible();

    // the candidate is saved once; saving again with a real resume updates the same one
    await page.getByLabel('Resume', { exact: true }).setInputFiles({ name: 'boris.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('alertdialog', { name: 'The candidate is added' })).toBeVisible();
    const api = page.context().request;
    const found = await candidateBySurname(api, surname);
    expect(found).toHaveLength(1);
    expect(await candidate(api, found[0]!.id)).toMatchObject({ name: 'Boris', resumeName: 'boris.pdf' });
  });

  test('starts from a resume: attaches it and takes the name from the file name', async ({ page }) => {
    await signIn(page.context(), world.company);
    const surname = uniqueSurname('Zr');
    const shown = surname.charAt(0) + surname.slice(1).toLowerCase();
    await open(page, '/candidates/new', 'Add candidate');
    const start = page.getByRole('region', { name: 'Start from a resume' });
    await start.getByLabel('Resume file').setInputFiles({ name: 'Anna_Karenina_CV.docx', mimeType: 'application/octet-stream', buffer: PDF });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Anna');
    await expect(page.getByLabel('Surname')).toHaveValue('Karenina');
    // another file replaces what the first one guessed ('Surname Name' with spaces)
    await start.getByLabel('Resume file').setInputFiles({ name: `${surname} Maria.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Maria');
    await expect(page.getByLabel('Surname')).toHaveValue(shown);
    await expect(start.getByRole('status')).toContainText(`Filled in from the file name: Maria ${shown}`);
    await expect(page.getByText(`To attach: ${surname} Maria.pdf`)).toBeVisible();
    // what the recruiter typed is theirs: a later file does not overwrite it
    await page.getByLabel('Name', { exact: true }).fill('Mariya');
    await start.getByLabel('Resume file').setInputFiles({ name: `${surname} Maria.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Mariya');

    await page.getByRole('button', { name: 'Add candidate' }).click();
    await expect(page.getByRole('alertdialog', { name: 'The candidate is added' })).toBeVisible();
    const api = page.context().request;
    const found = await candidateBySurname(api, shown);
    expect(found).toHaveLength(1);
    expect(await candidate(api, found[0]!.id)).toMatchObject({ name: 'Mariya', surname: shown, resumeName: `${surname} Maria.pdf` });
  });

  test('starts from a PDF resume: the fields are filled from its text, marked for checking, and saved', async ({ page }, testInfo) => {
    await signIn(page.context(), world.company);
    await open(page, '/candidates/new', 'Add candidate');
    const start = page.getByRole('region', { name: 'Start from a resume' });
    await start.getByLabel('Resume file').setInputFiles({ name: 'Vorobyov.pdf', mimeType: 'application/pdf', buffer: fs.readFileSync('tests/fixtures/resumes/ru-01-classic.pdf') });
    await expect(start.getByRole('status')).toContainText('Filled in from the resume: Name, Surname, Email, Phone, Position, Salary from, City, Job experience, Education, Languages. Check them before saving.');
    const main = page.getByRole('region', { name: 'Main information' });
    await expect(main.getByLabel('Name', { exact: true })).toHaveValue('Алексей');
    await expect(main.getByLabel('Surname')).toHaveValue('Воробьёв');
    await expect(main.getByLabel('Email')).toHaveValue('a.vorobyov@example.ru');
    await expect(main.getByLabel('Phone')).toHaveValue('+79165551234');
    await expect(main.getByLabel('Position')).toHaveValue('Ведущий инженер-программист');
    await expect(main.getByLabel('Salary from')).toHaveValue('250000');
    await expect(main.getByRole('combobox', { name: 'City' })).toHaveValue(/^Moscow/);
    await expect(main.getByLabel('Name', { exact: true })).toHaveAccessibleDescription('From the resume — check');
    await expect(group(page, 'Job 1').getByLabel('Company', { exact: true })).toHaveValue('ООО «Северный ветер»');
    await expect(group(page, 'Job 2').getByLabel('Position', { exact: true })).toHaveValue('Инженер-программист');
    await expect(group(page, 'Education 1').getByLabel('Year')).toHaveValue('2016');
    await expect(group(page, 'Language 2').getByLabel('Language', { exact: true })).toHaveValue('Английский');
    await expect(page.getByText('To attach: Vorobyov.pdf')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('resume-parsed-en.png'), fullPage: true });
    // the recruiter corrects what they like before saving: nothing was saved by reading
    const api = page.context().request;
    const surname = uniqueSurname('Zv');
    expect(await candidateBySurname(api, surname)).toHaveLength(0);
    await main.getByLabel('Surname').fill(surname);

    await page.getByRole('button', { name: 'Add candidate' }).click();
    await expect(page.getByRole('alertdialog', { name: 'The candidate is added' })).toBeVisible();
    const found = await candidateBySurname(api, surname);
    expect(found).toHaveLength(1);
    const saved = await candidate(api, found[0]!.id);
    expect(saved).toMatchObject({ name: 'Алексей', surname, email: 'a.vorobyov@example.ru', phone: '+79165551234', salary: 250000, city: { name: 'Moscow' }, resumeName: 'Vorobyov.pdf' });
    expect(saved.jobExperience.map((j) => [j.from, j.to, j.companyName])).toEqual([
      ['2020-03-01', null, 'ООО «Северный ветер»'],
      ['2016-09-01', '2020-02-01', 'АО «Техносфера»'],
    ]);
    expect(saved.langs).toEqual([
      { lang: 'Русский', level: 'Native' },
      { lang: 'Английский', level: 'B2' },
    ]);
    const file = await api.get(`/api/v1/candidates/${saved.id}/resume`);
    expect((await file.body()).equals(fs.readFileSync('tests/fixtures/resumes/ru-01-classic.pdf'))).toBe(true);
  });

  test('(ru) starts from a DOCX resume in English and on a phone', async ({ page }, testInfo) => {
    await signIn(page.context(), world.company);
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/ru/candidates/new', 'Добавить кандидата');
    const start = page.getByRole('region', { name: 'Начать с резюме' });
    await start.getByLabel('Файл резюме').setInputFiles({ name: 'whitfield.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: fs.readFileSync('tests/fixtures/resumes/en-06-inline.docx') });
    await expect(start.getByRole('status')).toContainText('Заполнено по резюме:');
    const main = page.getByRole('region', { name: 'Основная информация' });
    await expect(main.getByLabel('Имя', { exact: true })).toHaveValue('Grace');
    await expect(main.getByRole('combobox', { name: 'Город' })).toHaveValue(/^Новосибирск/);
    await expect(main.getByLabel('Зарплата от')).toHaveValue('2500');
    await expect(main.getByLabel('Зарплата от')).toHaveAccessibleDescription('Из резюме, в USD — проверьте');
    await page.screenshot({ path: testInfo.outputPath('resume-parsed-ru-phone.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('(ru) adds a candidate onto a published vacancy and lands on its candidates', async ({ page }) => {
    await signIn(page.context(), world.company);
    const surname = uniqueSurname('Zs');
    await open(page, `/ru/candidates/new?vacancyId=${world.vacancyId}`, 'Добавить кандидата');
    await expect(page.getByRole('heading', { name: 'Новый кандидат', level: 1 })).toBeVisible();
    await expect(page.getByText('Кандидат будет также добавлен на вакансию «Project manager».')).toBeVisible();
    const main = page.getByRole('region', { name: 'Основная информация' });
    await main.getByLabel('Имя', { exact: true }).fill('Иван');
    await main.getByLabel('Фамилия').fill(surname);
    await main.getByRole('combobox', { name: 'Город' }).fill('Моск');
    await page.getByRole('option', { name: /^Москва/ }).first().click();
    await main.getByRole('checkbox', { name: 'Сменный график' }).check();
    await page.getByRole('button', { name: 'Добавить место работы' }).click();
    const job = group(page, 'Место работы 1');
    await fillDate(job, 'С', '2020-01', 'ru');
    await job.getByLabel('По настоящее время').check();
    await job.getByLabel('Компания').fill('Сбер');
    await job.getByLabel('Должность').fill('Аналитик');
    await page.getByRole('button', { name: 'Добавить язык' }).click();
    await group(page, 'Язык 1').getByLabel('Язык', { exact: true }).fill('Английский');
    await group(page, 'Язык 1').getByLabel('Уровень').selectOption({ label: 'Родной' });

    await page.getByRole('button', { name: 'Добавить кандидата' }).click();
    const done = page.getByRole('alertdialog', { name: 'Кандидат добавлен' });
    await expect(done).toContainText('Кандидат также добавлен на вакансию «Project manager».');
    await done.getByRole('button', { name: 'Продолжить' }).click();
    await expect(page).toHaveURL(`/ru/vacancy/candidates/${world.vacancyId}`);

    const api = page.context().request;
    const found = await candidateBySurname(api, surname);
    expect(found).toHaveLength(1);
    const onVacancy = await api.get(`/api/v1/candidates/vacancy/${world.vacancyId}`);
    expect(onVacancy.status()).toBe(200);
    const rows = ((await onVacancy.json()) as ListPage<VacancyCandidateRow>).data;
    expect(rows.map((r) => r.id)).toContain(found[0]!.id);
    expect(await candidate(api, found[0]!.id)).toMatchObject({
      schedule: [2],
      jobExperience: [{ from: '2020-01-01', to: null, companyName: 'Сбер', positionName: 'Аналитик' }],
      langs: [{ lang: 'Английский', level: 'Native' }],
    });
  });

  test('edits a candidate: a new position, one job fewer', async ({ page }) => {
    await signIn(page.context(), world.company);
    const id = world.fullId!;
    await open(page, `/candidates/edit/${id}?vacancyId=${world.vacancyId}`, 'Save');
    await expect(page.getByRole('heading', { name: 'Edit candidate', level: 1 })).toBeVisible();
    const main = page.getByRole('region', { name: 'Main information' });
    expect(await dateValue(main, 'Date of birth')).toBe('1990-05-17');
    await expect(main.getByRole('combobox', { name: 'City' })).toHaveValue('Moscow');
    expect(await dateValue(group(page, 'Job 1'), 'From')).toBe('2015-03');
    await expect(group(page, 'Job 2').getByLabel('Current job')).toBeChecked();
    await expect(group(page, 'Language 1').getByLabel('Level')).toHaveValue('B2');
    await expect(page.getByRole('link', { name: 'anna-cv.pdf' })).toHaveAttribute('href', `/api/v1/candidates/${id}/resume`);
    await expect(page.locator('img.cf-avatar')).toHaveAttribute('src', /^\/uploads\/[A-Za-z0-9_-]+\.webp$/);

    await main.getByLabel('Position').fill('Senior data analyst');
    await group(page, 'Job 1').getByRole('button', { name: 'Remove job 1' }).click();
    await expect(group(page, 'Job 2')).toHaveCount(0);
    await expect(group(page, 'Job 1').getByLabel('Company', { exact: true })).toHaveValue('Yandex');
    await page.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('alertdialog', { name: 'The candidate is saved' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`/candidates/${id}/${world.vacancyId}`);

    const saved = await candidate(page.context().request, id);
    expect(saved.positionName).toBe('Senior data analyst');
    expect(saved.jobExperience).toEqual([
      { from: '2019-09-01', to: null, companyName: 'Yandex', companyInfo: 'Search and services', positionName: 'Data analyst', positionDescription: 'A/B tests' },
    ]);
    // what the form did not touch stays
    expect(saved).toMatchObject({ skills: ['SQL', 'Power BI'], schedule: [1, 3], resumeName: 'anna-cv.pdf', langs: [{ lang: 'English', level: 'B2' }] });
    expect(saved.image).toMatch(/^[A-Za-z0-9_-]+\.webp$/);
  });

  test('only the space that owns the candidate edits it; customers are sent to their workspace', async ({ page, browser }) => {
    await signIn(page.context(), world.customer);
    await page.goto('/candidates/new');
    await expect(page).toHaveURL('/workspace');
    await page.goto(`/ru/candidates/edit/${world.fullId}`);
    await expect(page).toHaveURL('/ru/workspace');

    const other = await browser.newContext();
    contexts.push(other);
    await signIn(other, world.stranger);
    const stranger = await other.newPage();
    const response = await stranger.goto(`/candidates/edit/${world.fullId}`);
    expect(response?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const vacancy = await stranger.goto(`/candidates/new?vacancyId=${world.vacancyId}`);
    expect(vacancy?.status()).toBe(404);
  });
});
