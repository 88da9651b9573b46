import fs from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Cookie, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi } from './helpers.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { DEFAULT_ZONE } from '../../src/lib/time-zone.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

interface SoftSkill {
  id: number;
  name: { en: string; ru: string };
}

/** One space: a company with a registered customer, a published vacancy and a comment on it. */
interface World {
  company: Cookie[];
  customer: Cookie[];
  stranger: Cookie[];
  customerId: string;
  cityId: number;
  skills: SoftSkill[];
  vacancyId: string;
}

let world: World;
const contexts: BrowserContext[] = [];

async function signedIn(browser: Browser, role: 'company' | 'customer', profile: { name: string; surname: string; companyName?: string }): Promise<Page> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signUpViaApi(page, role, profile);
  return page;
}

/** Registers and verifies an invited address through the API; the context is left signed in. */
async function registerInvitee(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  contexts.push(context);
  const registered = await context.request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role: 'customer' }, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await context.request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  return context;
}

async function createVacancy(api: APIRequestContext, patch: Record<string, unknown> = {}): Promise<string> {
  const created = await api.post('/api/v1/vacancy', {
    headers,
    data: {
      positionType: 3,
      positionName: 'Project manager',
      quantity: 2,
      departmentName: 'IT department',
      hardSkills: ['Jira', 'Scrum', 'Confluence'],
      jobExperience: 2,
      softSkills: world.skills.map((skill) => skill.id),
      exceptionalRequirements: 'English B2',
      country: 'ru',
      cityId: world.cityId,
      address: 'Tverskaya 1',
      salary: 150000,
      salaryTo: 200000,
      schedule: 1,
      bonus: 'Quarterly bonus up to 20%',
      customers: [world.customerId],
      mainCustomer: world.customerId,
      status: 1,
      ...patch,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function statusOf(api: APIRequestContext, id: string): Promise<number> {
  const response = await api.get(`/api/v1/vacancy/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: number }).status;
}

/** Opens a page and records every script the browser asked for on the way. */
async function openCounting(page: Page, path: string) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(path);
  return { response, scripts };
}

/** The number of pages of a PDF as Chromium writes it: one `/Type /Page` object per page. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

const row = (page: Page, label: string) => page.getByRole('row', { name: new RegExp(`^${label}`) });

test.describe.configure({ mode: 'serial' });

test.describe('vacancy preview', () => {
  let company: APIRequestContext;

  test.beforeAll(async ({ browser }) => {
    const owner = await signedIn(browser, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    company = owner.context().request;
    const email = uniqueEmail('customer');
    const invited = await company.post('/api/v1/users/invite', { headers, data: { email, name: 'Kate', surname: 'Client', role: 'customer' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const customer = await registerInvitee(browser, email);
    const stranger = await signedIn(browser, 'company', { name: 'Other', surname: 'Space', companyName: 'Globex' });

    const registered = (await (await company.get('/api/v1/users/invite?role=customer&invite=registered')).json()) as { id: string; email: string }[];
    const cities = (await (await company.get('/api/v1/search/cities?q=Moscow&country=ru')).json()) as { id: number; name: string }[];
    const skills = (await (await company.get('/api/v1/vacancy/soft-skills')).json()) as SoftSkill[];
    world = {
      company: await owner.context().cookies(),
      customer: await customer.cookies(),
      stranger: await stranger.context().cookies(),
      customerId: registered.find((person) => person.email === email)!.id,
      cityId: cities.find((city) => city.name === 'Moscow')!.id,
      skills: skills.slice(0, 3),
      vacancyId: '',
    };
    world.vacancyId = await createVacancy(company);
    const comment = await company.post('/api/v1/vacancy/comment', { headers, data: { vacancyId: world.vacancyId, text: 'Salary range agreed with finance.\nStart in March.' } });
    expect(comment.status(), await comment.text()).toBe(201);
  });

  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('shows every field in English, with no JavaScript at all', async ({ page }) => {
    await page.context().addCookies(world.company);
    const { response, scripts } = await openCounting(page, `/vacancy/preview/${world.vacancyId}`);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Project manager/);

    await expect(page.getByRole('heading', { level: 1, name: 'Project manager' })).toBeVisible();
    await expect(page.getByText('IT specialist')).toBeVisible();
    await expect(page.getByTestId('vacancy-status')).toHaveText('Published');
    await expect(page.getByText('2 openings')).toBeVisible();

    const hard = page.getByRole('region', { name: 'Hard skills' });
    await expect(hard.getByRole('listitem')).toHaveText(['Jira', 'Scrum', 'Confluence']);
    await expect(page.getByRole('region', { name: 'Soft skills' }).getByRole('listitem')).toHaveText(world.skills.map((skill) => skill.name.en));
    await expect(page.getByRole('region', { name: 'Job experience' })).toContainText('1 to 3 years');
    await expect(page.getByRole('region', { name: 'Exceptional requirements' })).toContainText('English B2');

    await expect(row(page, 'Department')).toContainText('IT department');
    await expect(row(page, 'Country')).toContainText('Russia');
    await expect(row(page, 'City')).toContainText('Moscow');
    await expect(row(page, 'Address')).toContainText('Tverskaya 1');
    await expect(row(page, 'Schedule')).toContainText('Full day');
    await expect(row(page, 'Salary')).toContainText('150,000 – 200,000 ₽');
    await expect(row(page, 'Bonus payment conditions')).toContainText('Quarterly bonus up to 20%');
    await expect(row(page, 'Recruiter')).toContainText('Owner O.');
    await expect(row(page, 'Customers')).toContainText('Kate Client');
    await expect(row(page, 'Customers')).toContainText('main');

    const comments = page.getByRole('region', { name: 'Comments (1)' });
    await expect(comments).toContainText('Salary range agreed with finance.');
    await expect(comments).toContainText('Olga Owner');
    // the world's people keep the zone a new account gets: the date is theirs, not UTC's
    await expect(comments).toContainText(formatDate(new Date(), 'en', DEFAULT_ZONE));

    const actions = page.getByRole('group', { name: 'Vacancy actions' });
    await expect(actions.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/recruiter/vacancy/edit/${world.vacancyId}`);
    await expect(actions.getByText('Archive', { exact: true })).toBeVisible();

    // the promise of this page: no script requested, none inline, none in the markup
    expect(scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('shows the vacancy in Russian: soft skills, country, schedule and salary in the page language', async ({ page }) => {
    await page.context().addCookies(world.company);
    const { response, scripts } = await openCounting(page, `/ru/vacancy/preview/${world.vacancyId}`);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByTestId('vacancy-status')).toHaveText('Опубликована');
    await expect(page.getByText('IT-специалист')).toBeVisible();
    await expect(page.getByText('2 позиции')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Личные качества' }).getByRole('listitem')).toHaveText(world.skills.map((skill) => skill.name.ru));
    await expect(page.getByRole('region', { name: 'Опыт работы' })).toContainText('От 1 года до 3 лет');
    await expect(row(page, 'Страна')).toContainText('Россия');
    await expect(row(page, 'Город')).toContainText('Москва');
    await expect(row(page, 'График')).toContainText('Полный день');
    await expect(row(page, 'Зарплата')).toContainText('150 000 – 200 000 ₽');
    await expect(row(page, 'Рекрутер')).toContainText('Owner O.');
    await expect(row(page, 'Заказчики')).toContainText('главный');
    await expect(page.getByRole('region', { name: 'Комментарии (1)' })).toContainText(formatDate(new Date(), 'ru', DEFAULT_ZONE));
    const actions = page.getByRole('group', { name: 'Действия с вакансией' });
    await expect(actions.getByRole('link', { name: 'Редактировать' })).toHaveAttribute('href', `/ru/recruiter/vacancy/edit/${world.vacancyId}`);
    expect(scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('long words (a pasted link, a run of one letter) wrap on a phone: nothing pushes the page sideways', async ({ page }) => {
    const long = 'x'.repeat(90);
    const id = await createVacancy(company, { departmentName: `Dept${long}`, hardSkills: [`Skill${long}`], address: `Street${long}`, exceptionalRequirements: `https://example.com/${'a'.repeat(300)}`, bonus: `Bonus${'b'.repeat(300)}` });
    await page.context().addCookies(world.company);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const prefix of ['', '/ru']) {
      await page.goto(`${prefix}/vacancy/preview/${id}`);
      await expect(page.getByText(`Skill${long}`)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), prefix).toBeLessThanOrEqual(390);
    }
  });

  test('prints as a clean A4 document of one or two pages', async ({ page }, testInfo) => {
    await page.context().addCookies(world.company);
    await page.goto(`/vacancy/preview/${world.vacancyId}`);
    await expect(page.getByRole('banner')).toBeVisible();

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('contentinfo')).toBeHidden();
    await expect(page.getByRole('group', { name: 'Vacancy actions' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Project manager' })).toBeVisible();
    await expect(row(page, 'Salary')).toBeVisible();

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    // kept beside the test's results, to look at with a PDF viewer
    const file = testInfo.outputPath('preview.pdf');
    fs.writeFileSync(file, pdf);
    await testInfo.attach('preview.pdf', { path: file, contentType: 'application/pdf' });
    const pages = pdfPages(pdf);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(2);
  });

  test('a customer of the vacancy reads it without buttons, and cannot archive it', async ({ page }) => {
    await page.context().addCookies(world.customer);
    const { response, scripts } = await openCounting(page, `/vacancy/preview/${world.vacancyId}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Project manager' })).toBeVisible();
    await expect(row(page, 'Customers')).toContainText('Kate Client');
    await expect(page.getByRole('group', { name: 'Vacancy actions' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    expect(scripts).toEqual([]);

    // the form is not there for a customer, but a hand-made post is refused all the same
    const refused = await page.context().request.post(`/vacancy/preview/${world.vacancyId}`, { headers, form: {}, maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('You cannot archive this vacancy');
    expect(await statusOf(company, world.vacancyId)).toBe(1);
  });

  test('another space gets a localized 404; a visitor with no session goes to the login', async ({ page }) => {
    await page.context().addCookies(world.stranger);
    const english = await page.goto(`/vacancy/preview/${world.vacancyId}`);
    expect(english?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Project manager')).toHaveCount(0);

    const russian = await page.goto(`/ru/vacancy/preview/${world.vacancyId}`);
    expect(russian?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();

    expect((await page.goto('/vacancy/preview/not-a-vacancy'))?.status()).toBe(404);
    const posted = await page.context().request.post(`/vacancy/preview/${world.vacancyId}`, { headers, form: {}, maxRedirects: 0 });
    expect(posted.status()).toBe(404);
    expect(await statusOf(company, world.vacancyId)).toBe(1);

    await page.context().clearCookies();
    await page.goto(`/vacancy/preview/${world.vacancyId}`);
    await expect(page).toHaveURL(`/auth/login?from=${encodeURIComponent(`/vacancy/preview/${world.vacancyId}`)}`);
  });

  test('a post from another site is refused and changes nothing', async ({ page }) => {
    await page.context().addCookies(world.company);
    const forged = await page.context().request.post(`/vacancy/preview/${world.vacancyId}`, { headers: { origin: 'https://evil.example' }, form: {}, maxRedirects: 0 });
    expect(forged.status()).toBe(403);
    expect(await statusOf(company, world.vacancyId)).toBe(1);
  });

  for (const { prefix, archive, confirm, cancel, archived } of [
    { prefix: '', archive: 'Archive', confirm: 'Yes, archive', cancel: 'Cancel', archived: 'Archived' },
    { prefix: '/ru', archive: 'В архив', confirm: 'Да, в архив', cancel: 'Отмена', archived: 'В архиве' },
  ]) {
    test(`archives with JavaScript off, after the warning${prefix ? ' (Russian)' : ''}`, async ({ browser }) => {
      const id = prefix ? await createVacancy(company, { positionName: 'Welder', status: 1 }) : world.vacancyId;
      const context = await browser.newContext({ javaScriptEnabled: false });
      await context.addCookies(world.company);
      const page = await context.newPage();
      await page.goto(`${prefix}/vacancy/preview/${id}`);

      const toggle = page.locator('summary', { hasText: archive });
      const warning = page.getByRole('region', { name: prefix ? 'Отправить вакансию в архив?' : 'Archive the vacancy?' });
      await expect(warning).toBeHidden();
      await toggle.click();
      await expect(warning).toBeVisible();
      await warning.getByRole('link', { name: cancel }).click();
      await expect(warning).toBeHidden();
      expect(await statusOf(company, id)).toBe(1);

      await toggle.click();
      await warning.getByRole('button', { name: confirm }).click();
      await expect(page).toHaveURL(`${prefix}/recruiter`);
      expect(await statusOf(company, id)).toBe(3);

      await page.goto(`${prefix}/vacancy/preview/${id}`);
      await expect(page.getByTestId('vacancy-status')).toHaveText(archived);
      // no Archive disclosure left (the header's menu is the page's only one)
      await expect(page.locator('main summary')).toHaveCount(0);
      await expect(page.getByRole('link', { name: prefix ? 'Редактировать' : 'Edit' })).toHaveCount(0);
      await context.close();
    });
  }
});
