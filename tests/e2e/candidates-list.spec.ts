import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi, typeBeforeHydration } from './helpers.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

const FIRST = ['Anna', 'Boris', 'Clara', 'Denis', 'Elena', 'Fedor', 'Galina', 'Igor', 'Julia', 'Kirill', 'Lidia', 'Maxim', 'Nina', 'Oleg', 'Polina', 'Roman', 'Sofia', 'Timur', 'Ulyana', 'Viktor', 'Yana', 'Zakhar', 'Alla', 'Bogdan', 'Vera'];
const COUNT = FIRST.length;

/**
 * Candidate i of the database: every fifth a designer, the salary 50 000 + i × 10 000, the age
 * 20 + i, every third on shifts, every other in Moscow. The newest (i = 24) comes first.
 */
function candidate(i: number, cities: { moscow: number; kazan: number }) {
  const year = new Date().getFullYear() - (20 + i);
  return {
    name: FIRST[i]!,
    surname: 'Orlova',
    dob: `${year}-01-01`,
    positionName: i % 5 === 0 ? 'Product designer' : 'Backend developer',
    salary: 50_000 + i * 10_000,
    cityId: i % 2 ? cities.moscow : cities.kazan,
    email: `cand${i}-${Date.now()}@example.com`,
    schedule: i % 3 === 0 ? [2] : [1],
    skills: ['Teamwork'],
  };
}

interface World {
  /** Sign-in addresses: every test signs in anew, since an island's token refresh rotates the session. */
  company: string;
  customer: string;
  stranger: string;
  customerApi: APIRequestContext;
  vacancyId: string;
  draftId: string;
  candidates: { id: string; name: string }[];
}

let world: World;
let company: APIRequestContext;
const contexts: BrowserContext[] = [];

async function signedUp(browser: Browser, role: 'company' | 'customer', profile: { name: string; surname: string; companyName?: string }): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, role, profile);
  return { page, email };
}

/** A session of its own for the test's page (another session's refresh does not touch it). */
async function signIn(page: Page, who: 'company' | 'customer' | 'stranger') {
  await page.context().clearCookies();
  const response = await page.context().request.post('/api/v1/auth/email/login', { headers, data: { email: world[who], password: PASSWORD, remember: true } });
  expect(response.status(), await response.text()).toBe(200);
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

async function createVacancy(api: APIRequestContext, data: { customerId: string; cityId: number; softSkills: number[]; positionName: string; status: 1 | 2 }): Promise<string> {
  const created = await api.post('/api/v1/vacancy', {
    headers,
    data: {
      positionType: 3,
      positionName: data.positionName,
      quantity: 2,
      departmentName: 'Platform',
      hardSkills: ['Go', 'PostgreSQL'],
      jobExperience: 2,
      softSkills: data.softSkills,
      exceptionalRequirements: '',
      country: 'ru',
      cityId: data.cityId,
      address: 'Tverskaya 1',
      salary: 150000,
      salaryTo: 250000,
      schedule: 1,
      bonus: '',
      customers: [data.customerId],
      mainCustomer: data.customerId,
      status: data.status,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Puts candidates on the vacancy as the company, through the API the database page uses. */
async function addToVacancy(vacancyId: string, ids: string[]) {
  const response = await company.post('/api/v1/candidates/vacancy', { headers, data: { vacancyId, candidatesIds: ids } });
  expect(response.status(), await response.text()).toBe(201);
}

const cards = (page: Page) => page.getByRole('region', { name: /Candidates to choose from|Кандидаты для выбора/ }).getByRole('listitem');
const card = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name} Orlova`) });
const total = (page: Page) => page.getByTestId('candidates-total');
const rows = (page: Page) => page.locator('tbody tr[data-candidate]');
const counter = (page: Page, label: string) => page.getByRole('navigation', { name: /Candidates by stage|Кандидаты по этапам/ }).getByRole('link', { name: new RegExp(`^${label} \\d+$`) });

/** Scrolls to the bottom of the page, as a person reaching the end of the list would. */
async function scrollDown(page: Page) {
  await page.mouse.move(640, 400);
  for (let i = 0; i < 6; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(200);
  }
}

test.describe.configure({ mode: 'serial' });

test.describe('vacancy candidates and the database', () => {
  test.beforeAll(async ({ browser }) => {
    const owner = await signedUp(browser, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    company = owner.page.context().request;
    const email = uniqueEmail('customer');
    const invited = await company.post('/api/v1/users/invite', { headers, data: { email, name: 'Kate', surname: 'Client', role: 'customer' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const customer = await registerInvitee(browser, email);
    const stranger = await signedUp(browser, 'company', { name: 'Other', surname: 'Space', companyName: 'Globex' });

    const registered = (await (await company.get('/api/v1/users/invite?role=customer&invite=registered')).json()) as { id: string; email: string }[];
    const customerId = registered.find((person) => person.email === email)!.id;
    const city = async (q: string) => ((await (await company.get(`/api/v1/search/cities?q=${q}&country=ru`)).json()) as { id: number; name: string }[]).find((c) => c.name === q)!.id;
    const cities = { moscow: await city('Moscow'), kazan: await city('Kazan') };
    const softSkills = ((await (await company.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[]).slice(0, 2).map((skill) => skill.id);

    const vacancyId = await createVacancy(company, { customerId, cityId: cities.moscow, softSkills, positionName: 'Go developer', status: 1 });
    const draftId = await createVacancy(company, { customerId, cityId: cities.moscow, softSkills, positionName: 'Draft analyst', status: 2 });
    const candidates: World['candidates'] = [];
    for (let i = 0; i < COUNT; i++) {
      const created = await company.post('/api/v1/candidates', { headers, data: candidate(i, cities) });
      expect(created.status(), await created.text()).toBe(201);
      candidates.push({ id: ((await created.json()) as { id: string }).id, name: FIRST[i]! });
    }
    world = {
      company: owner.email,
      customer: email,
      stranger: stranger.email,
      customerApi: customer.request,
      vacancyId,
      draftId,
      candidates,
    };
  });

  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('the database shows its total, loads more on scroll, and the filters narrow it', async ({ page }) => {
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates-all/${world.vacancyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Candidate database' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Back to the vacancy: Go developer/ })).toHaveAttribute('href', `/vacancy/candidates/${world.vacancyId}`);
    await expect(page.getByRole('link', { name: 'New candidate' }).first()).toHaveAttribute('href', `/candidates/new?vacancyId=${world.vacancyId}`);
    await expect(total(page)).toHaveText('25 candidates');

    // page 1 holds 20, newest first; scrolling past 80 % brings the other 5
    await expect(cards(page)).toHaveCount(20);
    await expect(cards(page).first()).toContainText('Vera Orlova');
    await expect(cards(page).first()).toContainText('44 years old');
    await expect(cards(page).first()).toContainText('Kazan');
    await expect(cards(page).first()).toContainText('290,000 ₽');
    await scrollDown(page);
    await expect(cards(page)).toHaveCount(25);
    await expect(card(page, 'Anna')).toBeVisible();

    const panel = page.getByRole('search', { name: 'Filters' });
    // search: the five designers
    await panel.getByLabel('Search').fill('designer');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('5 candidates');
    await expect(cards(page)).toHaveCount(5);
    await expect(page).toHaveURL(/[?&]search=designer/);
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect(total(page)).toHaveText('25 candidates');
    await expect(panel.getByLabel('Search')).toHaveValue('');

    // salary from 200 000: i = 15..24
    await panel.getByRole('group', { name: 'Salary, ₽' }).getByLabel('From').fill('200000');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('10 candidates');
    await panel.getByRole('button', { name: 'Reset' }).click();

    // age 30 to 34: i = 10..14; an empty or broken field is simply left out
    const age = panel.getByRole('group', { name: 'Age' });
    await age.getByLabel('From').fill('30');
    await age.getByLabel('To').fill('34');
    await panel.getByRole('group', { name: 'Salary, ₽' }).getByLabel('To').fill('');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('5 candidates');
    await expect(page).toHaveURL(/\?ageFrom=30&ageTo=34$/);
    await expect(card(page, 'Lidia')).toBeVisible();
    await expect(card(page, 'Polina')).toBeVisible();
    await expect(card(page, 'Kirill')).toHaveCount(0);

    // the filter lives in the URL: a reload shows the same list
    await page.reload();
    await expect(total(page)).toHaveText('5 candidates');
    await expect(age.getByLabel('From')).toHaveValue('30');
    await panel.getByRole('button', { name: 'Reset' }).click();
    await expect(total(page)).toHaveText('25 candidates');

    // schedule, more than one choice: shifts are every third (9); with flexible (none) still 9
    const schedule = panel.getByRole('group', { name: 'Schedule' });
    await schedule.getByLabel('Shift schedule').check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('9 candidates');
    await schedule.getByLabel('Flexible schedule').check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/schedule=2%2C3|schedule=2,3/);
    await expect(total(page)).toHaveText('9 candidates');
    await schedule.getByLabel('Full day').check();
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('25 candidates');
    await panel.getByRole('button', { name: 'Reset' }).click();

    // sort: created descending by default; salary ascending applies at once
    await expect(panel.getByLabel('Sort')).toHaveValue('createdAtDesc');
    await panel.getByLabel('Sort').selectOption('salaryAsc');
    await expect(cards(page).first()).toContainText('Anna Orlova');
    await expect(page).toHaveURL(/sort=salaryAsc/);
  });

  test('a range the server would refuse is explained beside it and not sent; a list that fails to load says so instead of showing the old one', async ({ page }) => {
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates-all/${world.vacancyId}`);
    await expect(total(page)).toHaveText('25 candidates');
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const panel = page.getByRole('search', { name: 'Filters' });
    const age = panel.getByRole('group', { name: 'Age' });
    const salary = panel.getByRole('group', { name: 'Salary' });
    const asked: string[] = [];
    // (the next page of the unfiltered list may load meanwhile: the window shows all of page 1)
    page.on('request', (request) => /\/api\/v1\/candidates\?.*(ageTo|salaryFrom)/.test(request.url()) && asked.push(request.url()));

    await age.getByLabel('To').fill('200');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(age.getByRole('alert')).toHaveText('Enter an age from 0 to 150');
    await expect(age.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
    await age.getByLabel('To').fill('');
    await salary.getByLabel('From').fill('-5');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(salary.getByRole('alert')).toHaveText('Enter a salary from 0 to 100,000,000');
    await expect(age.getByRole('alert')).toHaveCount(0);
    expect(asked).toEqual([]);
    expect(page.url()).not.toMatch(/ageTo|salaryFrom/);
    await expect(total(page)).toHaveText('25 candidates');

    // the line drops the next list: its error and a way to ask again, not the 25 from before
    await salary.getByLabel('From').fill('');
    await page.route('**/api/v1/candidates?*', (route) => route.abort('internetdisconnected'));
    await panel.getByLabel('Search').fill('designer');
    await panel.getByRole('button', { name: 'Apply' }).click();
    const failed = page.locator('.cl-error');
    await expect(failed).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText('No candidates match')).toHaveCount(0);
    await page.unroute('**/api/v1/candidates?*');
    await failed.getByRole('button', { name: 'Refresh' }).click();
    await expect(total(page)).toHaveText('5 candidates');
    await expect(cards(page)).toHaveCount(5);
  });

  test('a search typed before the script arrived (a slow line) is kept, and Apply searches it', async ({ page }) => {
    await signIn(page, 'company');
    const panel = page.getByRole('search', { name: 'Filters' });
    await typeBeforeHydration(page, 'CandidatePicker', `/vacancy/candidates-all/${world.vacancyId}`, panel.getByLabel('Search'), 'designer');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(total(page)).toHaveText('5 candidates');
    await expect(page).toHaveURL(/[?&]search=designer/);
  });

  test('selection toggles on click; the button does nothing at zero; three are added', async ({ page }) => {
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates-all/${world.vacancyId}`);
    const add = page.getByRole('button', { name: /^Add \d+ candidates?$/ });
    await expect(add).toHaveText('Add 0 candidates');
    // at zero the button says it is unavailable (aria-disabled) but still takes the click
    await expect(add).toHaveAttribute('aria-disabled', 'true');
    await expect(card(page, 'Vera')).toBeEnabled();

    // nothing selected: a click sends nothing and shows nothing
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/v1/candidates/vacancy')) posted++;
    });
    await add.click({ force: true });
    await page.waitForTimeout(300);
    expect(posted).toBe(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await card(page, 'Vera').click();
    await expect(card(page, 'Vera')).toHaveAttribute('aria-pressed', 'true');
    await expect(add).toHaveText('Add 1 candidate');
    await expect(add).not.toHaveAttribute('aria-disabled');
    await card(page, 'Bogdan').click();
    await card(page, 'Alla').click();
    await card(page, 'Zakhar').click();
    await expect(add).toHaveText('Add 4 candidates');
    await expect(page.getByText('4 selected')).toBeVisible();
    await card(page, 'Zakhar').click();
    await expect(card(page, 'Zakhar')).toHaveAttribute('aria-pressed', 'false');
    await expect(add).toHaveText('Add 3 candidates');

    await add.click();
    const dialog = page.getByRole('dialog', { name: '3 candidates added' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: "Open the vacancy's candidates" })).toHaveAttribute('href', `/vacancy/candidates/${world.vacancyId}`);
    expect(posted).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(total(page)).toHaveText('22 candidates');
    for (const name of ['Vera', 'Bogdan', 'Alla']) await expect(card(page, name)).toHaveCount(0);
    await expect(card(page, 'Zakhar')).toBeVisible();
    await expect(add).toHaveText('Add 0 candidates');

    // those on the vacancy stay out after a reload too
    await page.reload();
    await expect(total(page)).toHaveText('22 candidates');
    await expect(card(page, 'Vera')).toHaveCount(0);
  });

  test('the database in Russian: labels, plurals and the total', async ({ page }) => {
    await signIn(page, 'company');
    await page.goto(`/ru/vacancy/candidates-all/${world.vacancyId}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'База кандидатов' })).toBeVisible();
    await expect(total(page)).toHaveText('22 кандидата');
    await expect(page.getByRole('link', { name: 'Новый кандидат' }).first()).toHaveAttribute('href', `/ru/candidates/new?vacancyId=${world.vacancyId}`);
    await expect(card(page, 'Zakhar')).toContainText('41 год');
    await expect(card(page, 'Yana')).toContainText('40 лет');
    await expect(card(page, 'Yana')).toContainText('Казань');
    await expect(card(page, 'Yana')).toContainText('250 000 ₽');

    const add = page.getByRole('button', { name: /^Добавить \d+ кандидат/ });
    await expect(add).toHaveText('Добавить 0 кандидатов');
    await card(page, 'Zakhar').click();
    await expect(add).toHaveText('Добавить 1 кандидата');
    await card(page, 'Yana').click();
    await expect(add).toHaveText('Добавить 2 кандидата');

    const panel = page.getByRole('search', { name: 'Фильтры' });
    // designers are i = 0, 5, 10, 15, 20; of them on shifts (every third): 0 and 15
    await panel.getByLabel('Поиск').fill('designer');
    await panel.getByRole('group', { name: 'График' }).getByLabel('Сменный график').check();
    await panel.getByRole('button', { name: 'Применить' }).click();
    await expect(total(page)).toHaveText('2 кандидата');
    await expect(card(page, 'Roman')).toBeVisible();
    await expect(card(page, 'Kirill')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Сбросить' }).click();
    await expect(total(page)).toHaveText('22 кандидата');
    await expect(panel.getByLabel('Сортировка')).toHaveValue('createdAtDesc');
    await expect(panel.getByLabel('Сортировка').locator('option:checked')).toHaveText('Сначала новые');
    const age = panel.getByRole('group', { name: 'Возраст' });
    await age.getByLabel('До').fill('200');
    await panel.getByRole('button', { name: 'Применить' }).click();
    await expect(age.getByRole('alert')).toHaveText('Укажите возраст от 0 до 150');
    await expect(total(page)).toHaveText('22 кандидата');
  });

  test('the vacancy page: header, counters, the table with real stage, score and timer', async ({ page }) => {
    const [vera, bogdan] = [world.candidates[24]!, world.candidates[23]!];
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates/${world.vacancyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Go developer' })).toBeVisible();
    await expect(page.getByTestId('vacancy-status')).toHaveText('Published');

    const actions = page.getByRole('group', { name: 'Vacancy actions' });
    await expect(actions.getByRole('button', { name: 'Archive' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'About the vacancy' })).toHaveAttribute('href', `/vacancy/preview/${world.vacancyId}`);
    await expect(actions.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/recruiter/vacancy/edit/${world.vacancyId}`);
    await actions.getByText('Add candidate').click();
    await expect(actions.getByRole('link', { name: 'From the candidate database' })).toHaveAttribute('href', `/vacancy/candidates-all/${world.vacancyId}`);
    await expect(actions.getByRole('link', { name: 'New candidate' })).toHaveAttribute('href', `/candidates/new?vacancyId=${world.vacancyId}`);
    await page.keyboard.press('Escape');
    await expect(actions.getByRole('link', { name: 'New candidate' })).toBeHidden();

    await expect(counter(page, 'Candidates')).toHaveText(/Candidates\s*3/);
    await expect(counter(page, 'Finalists')).toHaveText(/0$/);
    await expect(rows(page)).toHaveCount(3);
    const row = page.locator(`tr[data-candidate="${vera.id}"]`);
    await expect(row.getByRole('link', { name: 'Vera Orlova' })).toHaveAttribute('href', `/candidates/${vera.id}/${world.vacancyId}`);
    await expect(row).toContainText('New');
    await expect(row).toContainText('Normal');
    await expect(row).toContainText('0 min');
    await expect(row).toContainText('Kazan');
    await expect(row).toContainText('290,000 ₽');
    await expect(row.locator('td').nth(3)).toHaveText('—');

    // a stage change and two ratings through the API, then a reload
    const moved = await company.put(`/api/v1/candidates/vacancy/${world.vacancyId}/${vera.id}/stage`, { headers, data: { stage: 5, from: 1 } });
    expect(moved.status(), await moved.text()).toBe(200);
    const mine = await company.post(`/api/v1/candidates/vacancy/${world.vacancyId}/${bogdan.id}/rating`, { headers, data: { score: 4, comment: 'Solid' } });
    expect(mine.status(), await mine.text()).toBeLessThan(300);
    const theirs = await world.customerApi.post(`/api/v1/candidates/vacancy/${world.vacancyId}/${bogdan.id}/rating`, { headers, data: { score: 5, comment: '' } });
    expect(theirs.status(), await theirs.text()).toBeLessThan(300);
    await page.reload();
    await expect(counter(page, 'Finalists')).toHaveText(/Finalists\s*1/);
    await expect(counter(page, 'Candidates')).toHaveText(/Candidates\s*3/);
    await expect(row).toContainText('Finalist');
    await expect(row).toContainText('0 min');
    const rated = page.locator(`tr[data-candidate="${bogdan.id}"]`);
    await expect(rated.locator('td').nth(3)).toHaveText('★ 4.5 (2)');
    await expect(rated.locator('td').nth(3).locator('[title]')).toHaveAttribute('title', 'Average 4.5 of 5 from 2 ratings');

    // the counter cards filter the table in place and in the URL
    await counter(page, 'Finalists').click();
    await expect(page).toHaveURL(`/vacancy/candidates/${world.vacancyId}?stage=5`);
    await expect(counter(page, 'Finalists')).toHaveAttribute('aria-current', 'true');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('Vera Orlova');
    await counter(page, 'Hired').click();
    await expect(page.getByText('No candidates at this stage.')).toBeVisible();
    await page.goBack();
    await expect(rows(page)).toHaveCount(1);
    await counter(page, 'Candidates').click();
    await expect(page).toHaveURL(`/vacancy/candidates/${world.vacancyId}`);
    await expect(rows(page)).toHaveCount(3);
  });

  test('the vacancy page in Russian', async ({ page }) => {
    const vera = world.candidates[24]!;
    await signIn(page, 'company');
    await page.goto(`/ru/vacancy/candidates/${world.vacancyId}?stage=5`);
    await expect(page.getByTestId('vacancy-status')).toHaveText('Опубликована');
    const actions = page.getByRole('group', { name: 'Действия с вакансией' });
    await expect(actions.getByRole('button', { name: 'В архив' })).toBeVisible();
    await expect(actions.getByRole('link', { name: 'О вакансии' })).toHaveAttribute('href', `/ru/vacancy/preview/${world.vacancyId}`);
    await expect(actions.getByText('Добавить кандидата')).toBeVisible();
    await expect(counter(page, 'Финалисты')).toHaveAttribute('aria-current', 'true');
    await expect(counter(page, 'Кандидаты')).toHaveText(/Кандидаты\s*3/);
    await expect(rows(page)).toHaveCount(1);
    const row = page.locator(`tr[data-candidate="${vera.id}"]`);
    await expect(row).toContainText('Финалист');
    await expect(row).toContainText('Обычный');
    await expect(row).toContainText('0 мин');
    await expect(row).toContainText('Казань');
    await expect(page.getByRole('columnheader', { name: 'На этапе' })).toBeVisible();
    await counter(page, 'Кандидаты').click();
    await expect(rows(page)).toHaveCount(3);
    await expect(page.locator(`tr[data-candidate="${world.candidates[23]!.id}"] td`).nth(3)).toHaveText('★ 4,5 (2)');

    // a name long enough to wrap wraps beside the row's box, which stays level with the photo
    const person = page.locator(`tr[data-candidate="${vera.id}"] .cl-person`);
    await person.locator('a > :last-child').evaluate((name) => (name.textContent = 'Александра-Валентина Константинопольская-Преображенская'));
    const [box, photo, name] = await Promise.all([person.locator('.cl-select'), person.locator('a > :first-child'), person.locator('a > :last-child')].map((l) => l.boundingBox()));
    expect(name!.height).toBeGreaterThan(30);
    expect(box!.x + box!.width).toBeLessThan(photo!.x);
    expect(Math.abs(box!.y + box!.height / 2 - (photo!.y + photo!.height / 2))).toBeLessThan(4);
  });

  test('the table loads the rest as the window scrolls past 80 %', async ({ page }) => {
    await addToVacancy(world.vacancyId, world.candidates.slice(0, 22).map((c) => c.id));
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates/${world.vacancyId}`);
    await expect(counter(page, 'Candidates')).toHaveText(/Candidates\s*25/);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.getByText('Shown 20 of 25')).toBeVisible();
    // a slow answer shows the loading row at the end of the table meanwhile
    await page.route(`**/api/v1/candidates/vacancy/${world.vacancyId}?*`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, 5000);
    await expect(page.getByRole('table').getByRole('status')).toHaveText('Loading...');
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByRole('table').getByRole('status')).toHaveCount(0);
    await expect(page.getByText('Shown 25 of 25')).toBeVisible();
    // nothing is left: further scrolling asks for nothing more
    let asked = 0;
    page.on('request', (request) => {
      if (request.url().includes(`/api/v1/candidates/vacancy/${world.vacancyId}`)) asked++;
    });
    await scrollDown(page);
    expect(asked).toBe(0);

    // the database has no one left to add
    await page.goto(`/vacancy/candidates-all/${world.vacancyId}`);
    await expect(total(page)).toHaveText('0 candidates');
    await expect(page.getByText('The candidate database has no one to add yet.')).toBeVisible();
  });

  test('a customer reads the vacancy page with its description only, and cannot open the database', async ({ page }) => {
    await signIn(page, 'customer');
    const response = await page.goto(`/vacancy/candidates/${world.vacancyId}`);
    expect(response?.status()).toBe(200);
    const actions = page.getByRole('group', { name: 'Vacancy actions' });
    await expect(actions.getByRole('link', { name: 'About the vacancy' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(actions.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(actions.getByText('Add candidate')).toHaveCount(0);
    await expect(counter(page, 'Candidates')).toHaveText(/25$/);
    await expect(rows(page)).toHaveCount(20);

    await page.goto(`/vacancy/candidates-all/${world.vacancyId}`);
    await expect(page).toHaveURL('/workspace');
  });

  test('another space gets a 404; a draft shows why nothing can be added', async ({ page }) => {
    await signIn(page, 'stranger');
    expect((await page.goto(`/vacancy/candidates/${world.vacancyId}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await page.goto(`/ru/vacancy/candidates-all/${world.vacancyId}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeVisible();
    expect((await page.goto('/vacancy/candidates/not-an-id'))?.status()).toBe(404);

    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates/${world.draftId}`);
    await expect(page.getByTestId('vacancy-status')).toHaveText('Draft');
    const actions = page.getByRole('group', { name: 'Vacancy actions' });
    await expect(actions.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(actions.getByText('Add candidate')).toHaveCount(0);
    await expect(page.getByText('No candidates on this vacancy yet.')).toBeVisible();

    await page.goto(`/vacancy/candidates-all/${world.draftId}`);
    await expect(total(page)).toHaveText('25 candidates');
    await expect(page.getByRole('note')).toContainText('Candidates can be added only to a published vacancy');
    await expect(page.getByRole('button', { name: /^Add \d+ candidates?$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Vera Orlova/ })).toHaveCount(0);
  });

  test('archive asks first, then archives and goes to the dashboard', async ({ page }) => {
    await signIn(page, 'company');
    await page.goto(`/vacancy/candidates/${world.draftId}`);
    await page.getByRole('button', { name: 'Archive' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Archive the vacancy?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);

    await page.getByRole('button', { name: 'Archive' }).click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    await expect(page).toHaveURL('/recruiter');
    const status = ((await (await company.get(`/api/v1/vacancy/${world.draftId}`)).json()) as { status: number }).status;
    expect(status).toBe(3);

    // archived: read-only, its description only
    await page.goto(`/vacancy/candidates/${world.draftId}`);
    const actions = page.getByRole('group', { name: 'Vacancy actions' });
    await expect(actions.getByRole('link', { name: 'About the vacancy' })).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await expect(actions.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  });
});
