import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, outboxMails, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi } from './helpers.ts';
import { registeredCustomer } from './world.ts';
import { formatDate } from '../../src/lib/dates.ts';
import { localZoneLabel } from '../../src/lib/i18n/zone-places.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

/** A candidate with an address in the company's database, asked for consent; returns the link's path. */
async function candidateAsked(api: APIRequestContext, name: string, surname: string): Promise<{ id: string; email: string; link: string }> {
  const email = uniqueEmail('cand');
  const created = await api.post('/api/v1/candidates', { headers, data: { name, surname, email, positionName: 'Designer' } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, email, link: await ask(api, id, email) };
}

/** Every consent link mailed to `to` so far, oldest first. */
async function mailedLinks(to: string): Promise<string[]> {
  const links = (await outboxMails(to)).map((mail) => /https?:\/\/\S+?\/verify\/pd\?token=[\w-]+/.exec(mail.text ?? '')?.[0]);
  return links.filter((link): link is string => link !== undefined).map((link) => new URL(link).pathname + new URL(link).search);
}

/** Asks again and returns the link of the mail this request caused, not an earlier one. */
async function ask(api: APIRequestContext, id: string, email: string): Promise<string> {
  const before = (await mailedLinks(email)).length;
  const requested = await api.post('/api/v1/candidates/pd', { headers, data: { candidateId: id } });
  expect(requested.status(), await requested.text()).toBe(200);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const links = await mailedLinks(email);
    if (links.length > before) return links.at(-1)!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new consent link mailed to ${email}`);
}

async function pdOf(api: APIRequestContext, id: string): Promise<{ pdStatus: number; pdHistory: { kind: string; ip: string | null }[] }> {
  const response = await api.get(`/api/v1/candidates/${id}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** Opens a path and records every script the browser asked for on the way. */
async function openCounting(page: Page, target: string) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(target);
  return { response, scripts };
}

/** The candidate's browser: a fresh one, scripts off, nobody signed in. */
test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: 'serial' });

test.describe('personal-data consent page', () => {
  let owner: BrowserContext;
  let company: APIRequestContext;

  test.beforeAll(async ({ browser }) => {
    owner = await browser.newContext();
    const page = await owner.newPage();
    await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    company = owner.request;
  });

  test.afterAll(async () => {
    await owner.close();
  });

  test('the candidate approves from the mailed link with JavaScript disabled', async ({ page }) => {
    const candidate = await candidateAsked(company, 'Anna', 'Smirnova');
    expect(candidate.link).toMatch(/^\/verify\/pd\?token=/);

    const { response, scripts } = await openCounting(page, candidate.link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page).toHaveTitle(/^Consent to personal data processing/);
    await expect(page.getByRole('heading', { level: 1, name: 'Consent to personal data processing' })).toBeVisible();
    await expect(page.getByText('Hello, Anna Smirnova!')).toBeVisible();
    await expect(page.getByText('Acme is considering you for a position')).toBeVisible();
    await expect(page.getByText('Your resume and contact details')).toBeVisible();
    const approve = page.getByRole('button', { name: 'I give consent' });
    await expect(approve).toBeVisible();
    await expect(page.getByRole('button', { name: 'I decline' })).toBeVisible();

    await approve.click();
    await expect(page).toHaveURL(candidate.link);
    // the time is the requester's, named: the candidate has no zone of their own here (it was UTC)
    const zone = ((await (await company.get('/api/v1/users/profile')).json()) as { settings: { timeZone: string } }).settings.timeZone;
    const answered = page.getByRole('heading', { level: 1, name: `You gave your consent on ${formatDate(new Date(), 'en', zone)}` });
    await expect(answered).toBeVisible();
    await expect(answered).toContainText(`(${localZoneLabel(zone, 'en')})`);
    await expect(page.getByText('Thank you, your answer has been recorded.')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);

    // Post/Redirect/Get: a reload shows the answer again and sends nothing
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(answered).toBeVisible();

    const view = await pdOf(company, candidate.id);
    expect(view.pdStatus).toBe(4);
    expect(view.pdHistory.map((event) => event.kind)).toEqual(['approved', 'requested']);
    expect(view.pdHistory[0]!.ip).toBeTruthy();

    expect(scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('in Russian: the switcher keeps the token, and the candidate declines', async ({ page }) => {
    const candidate = await candidateAsked(company, 'Boris', 'Orlov');
    const { scripts } = await openCounting(page, candidate.link);
    await page.getByRole('link', { name: 'Ru', exact: true }).click();
    await expect(page).toHaveURL(`/ru${candidate.link}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Согласие на обработку персональных данных' })).toBeVisible();
    await expect(page.getByText('Здравствуйте, Boris Orlov!')).toBeVisible();
    await expect(page.getByText('Acme рассматривает вашу кандидатуру')).toBeVisible();

    await page.getByRole('button', { name: 'Отказываюсь' }).click();
    await expect(page).toHaveURL(`/ru${candidate.link}`);
    await expect(page.getByRole('heading', { level: 1, name: `Вы отказались ${formatDate(new Date(), 'ru')}` })).toBeVisible();
    await expect(page.getByText('Спасибо, ваш ответ сохранён.')).toBeVisible();
    expect((await pdOf(company, candidate.id)).pdStatus).toBe(3);
    expect(scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
  });

  test('a replaced link says so, and a second answer from a stale page is refused', async ({ page, context }) => {
    const candidate = await candidateAsked(company, 'Vera', 'Lebedeva');
    const newer = await ask(company, candidate.id, candidate.email);
    expect(newer).not.toBe(candidate.link);

    const replaced = await page.goto(candidate.link);
    expect(replaced?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1, name: 'This link was replaced by a newer one' })).toBeVisible();
    await expect(page.getByText('Please use the link from the most recent email.')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByText('Vera')).toHaveCount(0);

    // two tabs on the newest link: the first answers, the second still shows the stale form
    await page.goto(newer);
    const stale = await context.newPage();
    await stale.goto(newer);
    await page.getByRole('button', { name: 'I give consent' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^You gave your consent on/ })).toBeVisible();

    await stale.getByRole('button', { name: 'I decline' }).click();
    await expect(stale.getByRole('alert')).toHaveText('This link has already been used');
    await expect(stale.getByRole('heading', { level: 1, name: /^You gave your consent on/ })).toBeVisible();
    await expect(stale.getByText('Only the first answer through a link counts.')).toBeVisible();
    expect((await pdOf(company, candidate.id)).pdStatus).toBe(4);

    const invalid = await page.goto('/ru/verify/pd?token=not-a-real-token');
    expect(invalid?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Ссылка недействительна' })).toBeVisible();
    await page.goto('/verify/pd');
    await expect(page.getByText('open the link from the email you received')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
  });
});

test.describe('consent per recipient (issue 13)', () => {
  test('the candidate approves processing but refuses one of two customers with JavaScript disabled; each customer then sees what they should', async ({ browser, page }) => {
    const owner = await browser.newContext({ javaScriptEnabled: true });
    const ownerPage = await owner.newPage();
    await signUpViaApi(ownerPage, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    const company = owner.request;
    const kate = await registeredCustomer(browser, company, 'Kate', 'Agreed');
    const lena = await registeredCustomer(browser, company, 'Lena', 'Refused');
    const cities = (await (await company.get('/api/v1/search/cities?q=Moscow&country=ru&lng=en')).json()) as { id: number; name: string }[];
    const skills = (await (await company.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[];
    const vacancy = await company.post('/api/v1/vacancy', {
      headers,
      data: {
        positionType: 3, positionName: 'Delivery lead', quantity: 1, hardSkills: ['Jira'], jobExperience: 2, softSkills: skills.slice(0, 2).map((s) => s.id), country: 'ru',
        cityId: cities.find((c) => c.name === 'Moscow')!.id, address: 'Tverskaya 1', salary: 150000, schedule: 1,
        customers: [kate.id, lena.id], mainCustomer: kate.id, status: 1,
      },
    });
    expect(vacancy.status(), await vacancy.text()).toBe(201);
    const vacancyId = ((await vacancy.json()) as { id: string }).id;
    const email = uniqueEmail('cand');
    const created = await company.post('/api/v1/candidates', { headers, data: { name: 'Nina', surname: 'Sokolova', email, phone: '+7 900 555-44-33', positionName: 'Delivery lead', salary: 170000, vacancyId } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const link = await ask(company, id, email);

    // the candidate's browser: scripts off (test.use above), nobody signed in
    const { scripts } = await openCounting(page, link);
    await expect(page.getByText('Considering you for the vacancy “Delivery lead”')).toBeVisible();
    const kateChoice = page.getByRole('group', { name: 'Share my data with Kate Agreed' });
    const lenaChoice = page.getByRole('group', { name: 'Share my data with Lena Refused' });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: 'test-results/screens/consent-recipients-phone.png', fullPage: true });
    await kateChoice.getByLabel('Share', { exact: true }).check();
    await lenaChoice.getByLabel('Do not share').check();
    await page.getByRole('button', { name: 'I give consent' }).click();
    await expect(page).toHaveURL(link);
    await expect(page.getByRole('heading', { level: 1, name: /^You gave your consent on/ })).toBeVisible();
    await expect(page.getByText('Shared with: Kate Agreed.')).toBeVisible();
    await expect(page.getByText('Not shared with: Lena Refused.')).toBeVisible();
    expect(scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
    expect((await pdOf(company, id)).pdStatus).toBe(4);

    // each customer, signed in, with scripts on
    const profile = `/candidates/${id}/${vacancyId}`;
    const katePage = await kate.context.newPage();
    await katePage.goto(profile);
    await expect(katePage.getByRole('heading', { level: 1, name: 'Nina Sokolova' })).toBeVisible();
    await expect(katePage.getByRole('link', { name: email })).toBeVisible();
    await expect(katePage.getByTestId('identity-hidden')).toHaveCount(0);

    const lenaPage = await lena.context.newPage();
    const number = ((await (await lena.context.request.get(`/api/v1/candidates/${id}`)).json()) as { name: string }).name;
    expect(number).toMatch(/^Candidate \d+$/);
    await lenaPage.goto(profile);
    await expect(lenaPage.getByRole('heading', { level: 1, name: number })).toBeVisible();
    await expect(lenaPage.getByTestId('identity-hidden')).toHaveText('Contacts hidden until the candidate agrees to share them with you');
    await expect(lenaPage.getByText('Sokolova')).toHaveCount(0);
    await expect(lenaPage.getByText(email)).toHaveCount(0);
    await expect(lenaPage.getByText('900 555')).toHaveCount(0);
    // the card's position and salary stay
    await expect(lenaPage.getByText('Delivery lead').first()).toBeVisible();

    await lenaPage.goto(`/vacancy/candidates/${vacancyId}`);
    await expect(lenaPage.getByText(number).first()).toBeVisible();
    await expect(lenaPage.getByText('Sokolova')).toHaveCount(0);
    await katePage.goto(`/vacancy/candidates/${vacancyId}`);
    await expect(katePage.getByText('Nina Sokolova').first()).toBeVisible();

    await Promise.all([owner.close(), kate.context.close(), lena.context.close()]);
  });
});
