import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { holdIslandModule, ORIGIN, signUpViaApi } from './helpers.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

interface SoftSkill {
  id: number;
  name: { en: string; ru: string };
  main: boolean;
}

interface Customer {
  id: string;
  name: string;
}

/** A company (its login) with registered customers. */
interface Space {
  email: string;
  customers: Customer[];
}

interface VacancyRead {
  id: string;
  status: number;
  positionName: string;
  positionType: number;
  quantity: number;
  hardSkills: string[];
  jobExperience: number;
  softSkills: SoftSkill[];
  city: { id: number; name: string };
  salary: number;
  salaryTo: number | null;
  schedule: number;
  customers: { id: string }[];
  mainCustomer: string | null;
  comments: { text: string }[];
}

/** Signs a company up, invites the customers and registers each of them in a context of their own. */
async function makeSpace(browser: Browser, lang: 'en' | 'ru', names: [string, string][]): Promise<Space> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email: companyEmail } = await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' }, lang);
  for (const [name, surname] of names) {
    const email = uniqueEmail('customer');
    const invited = await context.request.post('/api/v1/users/invite', { data: { email, name, surname, role: 'customer' }, headers });
    expect(invited.status(), await invited.text()).toBe(201);
    const invitee = await browser.newContext();
    const registered = await invitee.request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role: 'customer', settings: { lang } }, headers });
    expect(registered.status(), await registered.text()).toBe(201);
    const verified = await invitee.request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
    expect(verified.status(), await verified.text()).toBe(200);
    await invitee.close();
  }
  const listed = await context.request.get('/api/v1/users/invite?role=customer&invite=registered');
  expect(listed.status()).toBe(200);
  const customers = ((await listed.json()) as { id: string; name: string; surname: string }[]).map((c) => ({ id: c.id, name: `${c.name} ${c.surname}` }));
  expect(customers).toHaveLength(names.length);
  await context.close();
  return { email: companyEmail, customers };
}

/**
 * Signs the page's context in as the space's company: a session of its own for every test, as
 * pages rotate the refresh cookie and a copied cookie would soon be a stale one.
 */
async function signIn(page: Page, space: Space) {
  const response = await page.context().request.post('/api/v1/auth/email/login', { data: { email: space.email, password: PASSWORD, remember: true }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

async function vacancy(api: APIRequestContext, id: string): Promise<VacancyRead> {
  const response = await api.get(`/api/v1/vacancy/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as VacancyRead;
}

/** The newest vacancy of the space with the status, by position name. */
async function findVacancy(api: APIRequestContext, positionName: string, status: number): Promise<string> {
  const response = await api.get(`/api/v1/vacancy?status=${status}`);
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { id: string; positionName: string }[]).find((v) => v.positionName === positionName);
  expect(found, `a vacancy "${positionName}" with status ${status}`).toBeTruthy();
  return found!.id;
}

async function softSkills(api: APIRequestContext): Promise<SoftSkill[]> {
  const response = await api.get('/api/v1/vacancy/soft-skills');
  expect(response.status()).toBe(200);
  return (await response.json()) as SoftSkill[];
}

/** Types into the city box and picks the option with exactly that name. */
async function chooseCity(page: Page, label: string, typed: string, name: string) {
  const city = page.getByRole('combobox', { name: label });
  await city.fill(typed);
  // an option reads "Kazan Republic of Tatarstan": the region tells namesakes apart
  await page.getByRole('option', { name: new RegExp(`^${name}( |$)`) }).first().click();
  await expect(city).toHaveValue(name);
}

/** Opens a form page and waits until React runs it (its buttons stay disabled until then). */
async function openForm(page: Page, url: string, button = 'Save as draft') {
  await page.goto(url);
  await expect(page.getByRole('button', { name: button })).toBeEnabled();
}

const star = (page: Page, name: string, lang: 'en' | 'ru' = 'en'): Locator =>
  page.getByRole('button', { name: lang === 'en' ? `Main customer: ${name}` : `Главный заказчик: ${name}` });

test.describe('vacancy form (English)', () => {
  test.describe.configure({ mode: 'serial' });
  let space: Space;
  let skills: SoftSkill[];
  let vacancyId: string;

  test.beforeAll(async ({ browser }) => {
    space = await makeSpace(browser, 'en', [
      ['Kate', 'First'],
      ['Lena', 'Second'],
      ['Mila', 'Third'],
    ]);
  });

  test.beforeEach(async ({ page }) => {
    await signIn(page, space);
  });

  test('validation shows the messages of SPEC.md §5; the customer rules and the salary switch', async ({ page }) => {
    await openForm(page, '/recruiter/vacancy/add');
    await expect(page.getByRole('heading', { level: 1, name: 'New vacancy' })).toBeVisible();
    await expect(page.getByLabel('Country')).toBeDisabled();
    await expect(page.getByLabel('Country')).toHaveValue('ru');
    // what publishing needs is marked (and told to screen readers); what it does not, is not
    await expect(page.getByText('— required to publish; a draft can be saved without these fields.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveAttribute('aria-required', 'true');
    for (const label of ['Position type', 'Position name', 'Quantity', 'Hard skills', 'Job experience', 'City', 'Address', 'Salary from', 'Schedule']) {
      if (label !== 'City') await expect(page.getByLabel(label, { exact: true }), label).toHaveAttribute('aria-required', 'true');
      await expect(page.locator('label', { hasText: label }).first().locator('.field-required'), label).toHaveText(label);
    }
    for (const label of ['Department', 'Salary to', 'Exceptional requirements', 'Bonus payment conditions']) {
      await expect(page.getByLabel(label, { exact: true }), label).not.toHaveAttribute('aria-required');
      await expect(page.locator('label', { hasText: label }).first().locator('.field-required'), label).toHaveCount(0);
    }
    await expect(page.locator('legend', { hasText: 'Soft skills' }).locator('.field-required')).toHaveText('Soft skills');
    await page.getByLabel('Quantity').fill('');
    await page.getByRole('button', { name: 'Create' }).click();
    for (const text of [
      // every required field names itself (issue 11), the position type too
      'Please choose the position type',
      'Please enter the position name',
      'Please enter the quantity',
      'Please add hard skills',
      'Please choose the job experience',
      'Please choose soft skills',
      'Please choose a city',
      'Please enter the address',
      'Please enter the salary',
      'Please choose the schedule',
      'Please select customers',
    ]) {
      await expect(page.getByText(text, { exact: true }), text).toBeVisible();
    }
    await page.getByLabel('Quantity').fill('0');
    await expect(page.getByText('At least 1', { exact: true })).toBeVisible();

    const [kate, lena, mila] = space.customers.map((c) => c.name).sort() as [string, string, string];
    const checkAll = page.getByRole('checkbox', { name: 'Check all' });
    // the star waits for its customer to be checked
    await expect(star(page, kate)).toBeDisabled();
    await checkAll.check();
    for (const name of [kate, lena, mila]) await expect(page.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
    await expect(page.getByText('Please select customers', { exact: true })).toBeHidden();
    await expect(page.getByText('Please mark the main customer', { exact: true })).toBeVisible();
    await star(page, mila).click();
    await expect(star(page, mila)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Please mark the main customer', { exact: true })).toBeHidden();
    // unchecking the main customer clears both the main mark and 'Check all'
    await page.getByRole('checkbox', { name: new RegExp(mila) }).uncheck();
    await expect(checkAll).not.toBeChecked();
    await expect(star(page, mila)).toBeDisabled();
    await expect(star(page, mila)).toHaveAttribute('aria-pressed', 'false');
    await expect(star(page, kate)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText('Please mark the main customer', { exact: true })).toBeVisible();
    // one customer left: it becomes the main one by itself
    await page.getByRole('checkbox', { name: new RegExp(lena) }).uncheck();
    await expect(star(page, kate)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('Please mark the main customer', { exact: true })).toBeHidden();

    // the salary-fixed switch hides and clears salary-to
    await page.getByLabel('Salary from').fill('100000');
    await page.getByLabel('Salary to').fill('150000');
    const fixed = page.getByRole('switch', { name: 'Fixed salary' });
    await expect(fixed).toHaveAttribute('aria-checked', 'false');
    await fixed.click();
    await expect(fixed).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Salary to')).toHaveCount(0);
    await expect(page.getByLabel('Salary', { exact: true })).toHaveValue('100000');
    await fixed.click();
    await expect(page.getByLabel('Salary to')).toHaveValue('');
    const size = await fixed.boundingBox();
    expect([size?.width, size?.height]).toEqual([56, 28]);
  });

  test('create a draft with every field through the form', async ({ page }) => {
    skills = await softSkills(page.context().request);
    const main = skills.filter((s) => s.main);
    const other = skills.find((s) => !s.main)!;
    expect(main.length).toBeGreaterThan(0);

    await openForm(page, '/recruiter/vacancy/add');
    await page.getByLabel('Position type').selectOption({ label: 'IT specialist' });
    await page.getByLabel('Position name').fill('Frontend developer');
    await page.getByLabel('Quantity').fill('2');
    await page.getByLabel('Department').fill('Web');
    const hard = page.getByLabel('Hard skills');
    for (const skill of ['React', 'TypeScript', 'jQuery']) {
      await hard.fill(skill);
      await hard.press('Enter');
    }
    await expect(hard).toHaveValue('');
    await page.getByRole('button', { name: 'Remove jQuery' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'jQuery' })).toHaveCount(0);
    await page.getByLabel('Job experience').selectOption({ label: '1 to 3 years' });

    // soft skills: the main ones show, 'Show all' reveals the others; a chosen one stays when folded
    await page.getByText(main[0]!.name.en, { exact: true }).click();
    await expect(page.getByText(other.name.en, { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show all' }).click();
    await page.getByText(other.name.en, { exact: true }).click();
    await page.getByRole('button', { name: 'Show fewer' }).click();
    await expect(page.getByRole('checkbox', { name: other.name.en })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: main[0]!.name.en })).toBeChecked();

    await page.getByLabel('Exceptional requirements').fill('English B2');
    await chooseCity(page, 'City', 'Kaz', 'Kazan');
    await page.getByLabel('Address').fill('Baumana 1');
    await page.getByLabel('Salary from').fill('150000');
    await page.getByLabel('Salary to').fill('200000');
    await page.getByLabel('Schedule').selectOption({ label: 'Full day' });
    await page.getByLabel('Bonus payment conditions').fill('Quarterly bonus');
    const kate = space.customers.find((c) => c.name === 'Kate First')!;
    await page.getByRole('checkbox', { name: /Kate First/ }).check();
    await expect(star(page, kate.name)).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Comment').fill('First draft');

    await page.getByRole('button', { name: 'Save as draft' }).click();
    const done = page.getByRole('alertdialog', { name: 'The draft is saved' });
    await done.getByRole('button', { name: 'Continue' }).click();
    // the dashboard lists published vacancies unless told otherwise: a new draft is shown among the drafts
    await expect(page).toHaveURL('/recruiter?status=2');
    await expect(page.getByRole('link', { name: /Frontend developer/ }).first()).toBeVisible();

    vacancyId = await findVacancy(page.context().request, 'Frontend developer', 2);
    const saved = await vacancy(page.context().request, vacancyId);
    expect(saved).toMatchObject({
      status: 2,
      positionType: 3,
      quantity: 2,
      hardSkills: ['React', 'TypeScript'],
      jobExperience: 2,
      city: { name: 'Kazan' },
      salary: 150000,
      salaryTo: 200000,
      schedule: 1,
      customers: [{ id: kate.id }],
      mainCustomer: kate.id,
    });
    expect(saved.softSkills.map((s) => s.id).sort()).toEqual([main[0]!.id, other.id].sort());
    expect(saved.comments.map((c) => c.text)).toEqual(['First draft']);
  });

  test('what was typed before the form’s script arrived (a slow line) is kept and saved', async ({ page }) => {
    const release = await holdIslandModule(page, 'NewVacancy');
    await page.goto('/recruiter/vacancy/add', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Position type').selectOption({ label: 'IT specialist' });
    await page.getByLabel('Position name').fill('Typed before the script');
    await page.getByLabel('Quantity').fill('3');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    release();
    await expect(page.getByRole('button', { name: 'Save as draft' })).toBeEnabled();
    await expect(page.getByLabel('Position name')).toHaveValue('Typed before the script');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await page.getByRole('alertdialog', { name: 'The draft is saved' }).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/recruiter?status=2');
    const saved = await vacancy(page.context().request, await findVacancy(page.context().request, 'Typed before the script', 2));
    expect(saved).toMatchObject({ status: 2, positionType: 3, quantity: 3 });
  });

  test('a draft opens the form at once, prefilled; Publish publishes it', async ({ page }) => {
    await openForm(page, `/recruiter/vacancy/edit/${vacancyId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit vacancy' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Position name')).toHaveValue('Frontend developer');
    await expect(page.getByLabel('Position type')).toHaveValue('3');
    await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Kazan');
    await expect(page.getByRole('listitem').filter({ hasText: 'TypeScript' })).toBeVisible();
    await expect(page.getByLabel('Salary to')).toHaveValue('200000');
    await expect(page.getByRole('switch', { name: 'Fixed salary' })).toHaveAttribute('aria-checked', 'false');
    await expect(star(page, 'Kate First')).toHaveAttribute('aria-pressed', 'true');
    await page.getByLabel('Quantity').fill('3');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('alertdialog', { name: 'The vacancy is saved' }).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`/vacancy/candidates/${vacancyId}`);
    const saved = await vacancy(page.context().request, vacancyId);
    expect(saved).toMatchObject({ status: 1, quantity: 3, salaryTo: 200000 });
  });

  test('a published vacancy asks what changes first; closing the question goes to the preview', async ({ page }) => {
    await page.goto(`/recruiter/vacancy/edit/${vacancyId}`);
    const question = page.getByRole('dialog', { name: 'What changes?' });
    await expect(question).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save as draft' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`/vacancy/preview/${vacancyId}`);

    await page.goto(`/recruiter/vacancy/edit/${vacancyId}`);
    await question.getByRole('button', { name: 'Continue to editing' }).click();
    await expect(question.getByText('Please write a comment')).toBeVisible();
    await question.getByLabel('Comment').fill('The salary is fixed now');
    await question.getByRole('button', { name: 'Continue to editing' }).click();
    await expect(question).toBeHidden();
    // the comment waits for the edit: nothing is posted until the changes are saved
    expect((await vacancy(page.context().request, vacancyId)).comments.map((c) => c.text)).not.toContain('The salary is fixed now');
    await expect(page.getByText('Posted with these changes: “The salary is fixed now”')).toBeVisible();

    // the comment was given in the dialog: the form has no second comment box
    await expect(page.getByLabel('Comment')).toHaveCount(0);
    // Enter in a field does not press 'Save as draft' (which would unpublish the vacancy)
    await page.getByLabel('Position name').press('Enter');
    await page.waitForTimeout(300);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Fixed salary' }).click();
    await expect(page.getByLabel('Salary to')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'The vacancy is saved' }).getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`/vacancy/candidates/${vacancyId}`);
    const edited = await vacancy(page.context().request, vacancyId);
    expect(edited).toMatchObject({ status: 1, salary: 150000, salaryTo: null });
    expect(edited.comments.map((c) => c.text)).toContain('The salary is fixed now');

    // a salary without an upper bound opens with the switch on
    await page.goto(`/recruiter/vacancy/edit/${vacancyId}`);
    await page.getByRole('dialog', { name: 'What changes?' }).getByLabel('Comment').fill('Checking the switch');
    await page.getByRole('button', { name: 'Continue to editing' }).click();
    await expect(page.getByRole('switch', { name: 'Fixed salary' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Salary', { exact: true })).toHaveValue('150000');
  });

  test('archive from the edit page after the warning; then no form and no actions', async ({ page }) => {
    await page.goto(`/recruiter/vacancy/edit/${vacancyId}`);
    await page.getByRole('dialog', { name: 'What changes?' }).getByLabel('Comment').fill('Closing the vacancy');
    await page.getByRole('button', { name: 'Continue to editing' }).click();
    await page.getByRole('button', { name: 'Archive' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Archive the vacancy?' });
    await expect(warning.getByText('An archived vacancy can no longer be edited.')).toBeVisible();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toBeHidden();
    expect((await vacancy(page.context().request, vacancyId)).status).toBe(1);

    await page.getByRole('button', { name: 'Archive' }).click();
    await warning.getByRole('button', { name: 'Archive' }).click();
    await expect(page).toHaveURL('/recruiter');
    expect((await vacancy(page.context().request, vacancyId)).status).toBe(3);

    await page.goto(`/recruiter/vacancy/edit/${vacancyId}`);
    await expect(page.getByText('This vacancy is in the archive and can no longer be edited.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Show vacancy' })).toHaveAttribute('href', `/vacancy/preview/${vacancyId}`);
    await expect(page.locator('main form')).toHaveCount(0);
    await expect(page.locator('main').getByRole('button')).toHaveCount(0);
  });

  test('a finalist on the vacancy forbids editing: only a comment or the vacancy', async ({ page }) => {
    const api = page.context().request;
    const cities = (await (await api.get('/api/v1/search/cities?q=Moscow&country=ru')).json()) as { id: number; name: string }[];
    const kate = space.customers.find((c) => c.name === 'Kate First')!;
    const created = await api.post('/api/v1/vacancy', {
      headers,
      data: {
        positionType: 2,
        positionName: 'Accountant',
        quantity: 1,
        hardSkills: ['1C'],
        jobExperience: 1,
        softSkills: [skills[0]!.id],
        country: 'ru',
        cityId: cities.find((c) => c.name === 'Moscow')!.id,
        address: 'Tverskaya 1',
        salary: 90000,
        schedule: 1,
        customers: [kate.id],
        mainCustomer: kate.id,
        status: 1,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: string }).id;
    const candidate = await api.post('/api/v1/candidates', { headers, data: { name: 'Ivan', surname: 'Finalist', vacancyId: id } });
    expect(candidate.status(), await candidate.text()).toBe(201);
    const candidateId = ((await candidate.json()) as { id: string }).id;
    const moved = await api.put(`/api/v1/candidates/vacancy/${id}/${candidateId}/stage`, { headers, data: { stage: 5, from: 1 } });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.goto(`/recruiter/vacancy/edit/${id}`);
    const dialog = page.getByRole('dialog', { name: 'Edit vacancy forbidden' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Show vacancy' })).toHaveAttribute('href', `/vacancy/preview/${id}`);
    await expect(dialog.getByRole('button')).toHaveText(['Save comment']);
    await expect(page.locator('main form.vacancy-form')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Archive' })).toHaveCount(0);
    await dialog.getByLabel('Comment').fill('Waiting for the offer');
    await dialog.getByRole('button', { name: 'Save comment' }).click();
    await expect(page).toHaveURL(`/vacancy/preview/${id}`);
    expect((await vacancy(api, id)).comments.map((c) => c.text)).toEqual(['Waiting for the offer']);
  });
});

test.describe('vacancy form (Russian)', () => {
  test('create and publish under /ru; another space gets a 404', async ({ page, browser }) => {
    const space = await makeSpace(browser, 'ru', [['Катя', 'Заказчица']]);
    await signIn(page, space);
    const skills = await softSkills(page.context().request);
    const skill = skills.find((s) => s.main)!;

    await openForm(page, '/ru/recruiter/vacancy/add', 'Сохранить черновик');
    await expect(page.getByRole('heading', { level: 1, name: 'Новая вакансия' })).toBeVisible();
    await page.getByRole('button', { name: 'Создать' }).click();
    await expect(page.getByText('Выберите заказчиков', { exact: true })).toBeVisible();
    await expect(page.getByText('Укажите название должности', { exact: true })).toBeVisible();

    await page.getByLabel('Тип позиции').selectOption({ label: 'Руководитель' });
    await page.getByLabel('Название должности').fill('Руководитель отдела продаж');
    await page.getByLabel('Количество').fill('1');
    await page.getByLabel('Отдел').fill('Продажи');
    await page.getByLabel('Профессиональные навыки').fill('CRM');
    await page.getByLabel('Профессиональные навыки').press('Enter');
    await page.getByLabel('Опыт работы').selectOption({ label: 'От 3 до 6 лет' });
    await page.getByText(skill.name.ru, { exact: true }).click();
    await chooseCity(page, 'Город', 'Каз', 'Казань');
    await page.getByLabel('Адрес').fill('ул. Баумана, 1');
    await page.getByLabel('Зарплата от').fill('120000');
    await page.getByRole('switch', { name: 'Фиксированная зарплата' }).click();
    await expect(page.getByLabel('Зарплата до')).toHaveCount(0);
    await page.getByLabel('График').selectOption({ label: 'Гибкий график' });
    await page.getByRole('checkbox', { name: /Катя Заказчица/ }).check();
    await expect(star(page, 'Катя Заказчица', 'ru')).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.getByRole('alertdialog', { name: 'Вакансия создана' }).getByRole('button', { name: 'Продолжить' }).click();
    // the new vacancy's own page, where its candidates are added next
    await expect(page).toHaveURL(/\/ru\/vacancy\/candidates\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Руководитель отдела продаж');

    const id = await findVacancy(page.context().request, 'Руководитель отдела продаж', 1);
    expect(page.url()).toContain(`/ru/vacancy/candidates/${id}`);
    expect(await vacancy(page.context().request, id)).toMatchObject({
      status: 1,
      positionType: 1,
      jobExperience: 3,
      schedule: 3,
      salary: 120000,
      salaryTo: null,
      hardSkills: ['CRM'],
      mainCustomer: space.customers[0]!.id,
    });

    // a published vacancy: the question comes first, in Russian
    await page.goto(`/ru/recruiter/vacancy/edit/${id}`);
    const question = page.getByRole('dialog', { name: 'Что меняется?' });
    await question.getByLabel('Комментарий').fill('Уточнили адрес');
    await question.getByRole('button', { name: 'Перейти к редактированию' }).click();
    await expect(page.getByRole('button', { name: 'Сохранить', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Сохранить черновик' })).toBeVisible();

    // another company does not see this vacancy at all
    const stranger = await makeSpace(browser, 'ru', []);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, stranger);
    const response = await otherPage.goto(`/ru/recruiter/vacancy/edit/${id}`);
    expect(response?.status()).toBe(404);
    await expect(otherPage.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    await other.close();
  });
});
