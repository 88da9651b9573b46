import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { fillDate, holdIslandModule, ORIGIN, signUpViaApi } from './helpers.ts';
import { translator } from '../../src/lib/i18n/messages.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
const headers = { origin: ORIGIN };

/**
 * One space: the company, two registered customers of one vacancy (Kate is main), a candidate on
 * it; and a company of another space. Each test signs in afresh: the header's socket refreshes
 * the session, which rotates the cookie, so a copied cookie does not outlive a test.
 */
interface World {
  company: string;
  main: string;
  second: string;
  stranger: string;
  vacancyId: string;
  candidateId: string;
  candidateEmail: string;
}

let world: World;
const contexts: BrowserContext[] = [];

async function signedInCompany(browser: Browser, profile: { name: string; surname: string; companyName: string }): Promise<{ page: Page; email: string }> {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  const { email } = await signUpViaApi(page, 'company', profile);
  return { page, email };
}

/** Signs the page's context in (the refresh cookie lands in it). */
async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.context().request.post('/api/v1/auth/email/login', { data: { email, password: PASSWORD }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

/** Invites a customer and registers them through the API; their context is left signed in. */
async function customer(browser: Browser, company: APIRequestContext, name: string, surname: string): Promise<{ context: BrowserContext; email: string }> {
  const email = uniqueEmail('customer');
  const invited = await company.post('/api/v1/users/invite', { headers, data: { email, name, surname, role: 'customer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  const context = await browser.newContext();
  contexts.push(context);
  const registered = await context.request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role: 'customer' }, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await context.request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  return { context, email };
}

/** The consent link of the newest mail to `to` that is not among `seen`. */
async function mailedPdToken(to: string, seen: string[]): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const recipients = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address);
      if (!recipients.includes(to)) continue;
      const link = /https?:\/\/\S+\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '');
      if (link && !seen.includes(link[1]!)) return link[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no new consent link mailed to ${to}`);
}

/** The candidate's answer through the public API, as the consent page would send it. */
async function answer(request: APIRequestContext, token: string, response: 'approved' | 'declined') {
  return request.post('/api/v1/verify/candidate/pd', { data: { token, response } });
}

/** Full years since a date of birth, as the profile counts them. */
function ageOn(dob: string, today = new Date()): number {
  const [year, month, day] = dob.split('-').map(Number) as [number, number, number];
  const before = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (before ? 1 : 0);
}

const profileUrl = (prefix = '') => `${prefix}/candidates/${world.candidateId}/${world.vacancyId}`;
const stageGroup = (page: Page, name = 'Move to a stage') => page.getByRole('group', { name });
const history = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');

test.describe.configure({ mode: 'serial' });

test.describe('candidate profile', () => {
  test.beforeAll(async ({ browser }) => {
    const owner = await signedInCompany(browser, { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    const company = owner.page.context().request;
    const main = await customer(browser, company, 'Kate', 'Main');
    const second = await customer(browser, company, 'Ivan', 'Second');
    const stranger = await signedInCompany(browser, { name: 'Other', surname: 'Space', companyName: 'Globex' });

    const registered = (await (await company.get('/api/v1/users/invite?role=customer&invite=registered')).json()) as { id: string; email: string }[];
    const idOf = (email: string) => registered.find((person) => person.email === email)!.id;
    const cities = (await (await company.get('/api/v1/search/cities?q=Moscow&country=ru')).json()) as { id: number; name: string }[];
    const cityId = cities.find((city) => city.name === 'Moscow')!.id;
    const skills = (await (await company.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[];

    const vacancy = await company.post('/api/v1/vacancy', {
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
        cityId,
        address: 'Tverskaya 1',
        salary: 150000,
        salaryTo: 200000,
        schedule: 1,
        bonus: '',
        customers: [idOf(main.email), idOf(second.email)],
        mainCustomer: idOf(main.email),
        status: 1,
      },
    });
    expect(vacancy.status(), await vacancy.text()).toBe(201);
    const vacancyId = ((await vacancy.json()) as { id: string }).id;

    const candidateEmail = uniqueEmail('candidate');
    const created = await company.post('/api/v1/candidates', {
      headers,
      data: {
        name: 'Anna',
        surname: 'Smirnova',
        dob: '1990-05-10',
        positionName: 'Delivery manager',
        salary: 180000,
        salaryTo: 220000,
        cityId,
        email: candidateEmail,
        phone: '+7 900 123-45-67',
        schedule: [1, 3],
        skills: ['Jira', 'Scrum'],
        jobExperience: [
          // overlapping: 2019-01..2020-12 and 2020-06..2021-06 make 30 months together
          { from: '2019-01-01', to: '2020-12-31', companyName: 'Globex', companyInfo: 'Logistics', positionName: 'Project manager', positionDescription: 'Ran the delivery team.' },
          { from: '2020-06-01', to: '2021-06-30', companyName: 'Initech', companyInfo: '', positionName: 'Scrum master', positionDescription: 'Part-time coaching.' },
        ],
        education: [
          { year: 2012, name: 'Moscow State University', description: 'Bachelor' },
          { year: 2015, name: 'Higher School of Economics', description: 'Master' },
          { year: 2008, name: 'School 57', description: '' },
        ],
        langs: [
          { lang: 'English', level: 'B2' },
          { lang: 'German', level: 'Native' },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const candidateId = ((await created.json()) as { id: string }).id;
    const added = await company.post('/api/v1/candidates/vacancy', { headers, data: { vacancyId, candidatesIds: [candidateId] } });
    expect(added.status(), await added.text()).toBe(201);
    expect(await added.json()).toEqual({ added: 1 });

    world = {
      company: owner.email,
      main: main.email,
      second: second.email,
      stranger: stranger.email,
      vacancyId,
      candidateId,
      candidateEmail,
    };
  });

  test.afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
  });

  test('shows every part of the profile in English, with the merged experience', async ({ page }) => {
    await signIn(page, world.company);
    const response = await page.goto(profileUrl());
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Anna Smirnova/);
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Smirnova' })).toBeVisible();
    await expect(page.getByText('Delivery manager', { exact: true })).toBeVisible();
    await expect(page.getByText('180,000 – 220,000 ₽')).toBeVisible();
    // on a narrow phone the facts wrap, and a wrapped line starts with a fact, not with a dot
    await page.setViewportSize({ width: 320, height: 720 });
    const lineStarts = await page.locator('.cp-facts li').evaluateAll((items) => {
      const left = items[0]!.getBoundingClientRect().left;
      return items.slice(1).filter((item) => Math.abs(item.getBoundingClientRect().left - left) < 1).map((item) => getComputedStyle(item, '::before').content);
    });
    expect(lineStarts.length).toBeGreaterThan(0);
    expect(lineStarts.filter((content) => content.includes('·'))).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(page.getByRole('link', { name: world.candidateEmail })).toHaveAttribute('href', `mailto:${world.candidateEmail}`);
    await expect(page.getByRole('link', { name: '+7 900 123-45-67' })).toHaveAttribute('href', 'tel:+79001234567');
    // the appointment button schedules an interview and mails the participants
    await page.getByRole('button', { name: 'Make an appointment' }).click();
    const appointment = page.getByRole('dialog', { name: 'Make an appointment' });
    await appointment.getByRole('button', { name: 'Schedule' }).click();
    await expect(appointment.getByText('Choose the date and time')).toBeVisible();
    // a day its month does not have is named as such, not as a missing date
    await fillDate(appointment, 'Date and time', `${new Date().getFullYear() + 1}-11-31T10:00`);
    await appointment.getByRole('button', { name: 'Schedule' }).click();
    await expect(appointment.getByText('That month has no such day')).toBeVisible();
    const soon = new Date(Date.now() + 2 * 86_400_000);
    // the date in the page's language, in parts; minutes go by five
    soon.setMinutes(soon.getMinutes() - (soon.getMinutes() % 5));
    const local = new Date(soon.getTime() - soon.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await fillDate(appointment, 'Date and time', local);
    await appointment.getByLabel('How').selectOption('office');
    await appointment.getByLabel('Place or link').fill('Tverskaya 1, room 4');
    await appointment.getByRole('checkbox').first().check();
    await appointment.getByRole('button', { name: 'Schedule' }).click();
    await page.getByRole('dialog', { name: 'Interview scheduled' }).getByRole('button', { name: 'Close' }).click();
    const interviews = await (await page.context().request.get('/api/v1/interviews')).json();
    expect(interviews).toEqual([expect.objectContaining({ kind: 'office', location: 'Tverskaya 1, room 4', candidate: expect.objectContaining({ id: world.candidateId }) })]);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/candidates/edit/${world.candidateId}?vacancyId=${world.vacancyId}`);

    const experience = page.getByRole('region', { name: 'Job experience' });
    await expect(experience.getByTestId('total-experience')).toHaveText('Total experience: 2 years 6 months');
    const jobs = experience.getByRole('listitem');
    await expect(jobs).toHaveCount(2);
    // the latest job first
    await expect(jobs.nth(0)).toContainText('Scrum master');
    await expect(jobs.nth(0)).toContainText('June 2020 – June 2021');
    await expect(jobs.nth(0)).toContainText('1 year 1 month');
    await expect(jobs.nth(1)).toContainText('Project manager');
    await expect(jobs.nth(1)).toContainText('Globex');
    await expect(jobs.nth(1)).toContainText('January 2019 – December 2020');
    await expect(jobs.nth(1)).toContainText('2 years');
    await expect(jobs.nth(1)).toContainText('Ran the delivery team.');

    const education = page.getByRole('region', { name: 'Education' }).getByRole('listitem');
    await expect(education).toHaveText([/^\s*2015\s+Higher School of Economics/, /^\s*2012\s+Moscow State University/, /^\s*2008\s+School 57/]);
    await expect(page.getByRole('region', { name: 'Languages' }).getByRole('listitem')).toHaveText(['English, B2 — Upper intermediate', 'German, Native']);
    await expect(page.getByRole('region', { name: 'Schedule' }).getByRole('listitem')).toHaveText(['Full day', 'Flexible schedule', 'Jira', 'Scrum']);

    await expect(page.getByTestId('current-stage')).toHaveText('New');
    await expect(page.getByRole('button', { name: 'Request PD' })).toBeVisible();
  });

  test('the recruiter moves the candidate, sets priority and rates', async ({ page }) => {
    await signIn(page, world.company);
    await page.goto(profileUrl());
    await stageGroup(page).getByRole('button', { name: 'Customer interview' }).click();
    await expect(page.getByTestId('current-stage')).toHaveText('Customer interview');
    await expect(page.getByTestId('stage-timer')).toContainText('In this stage for less than a minute');

    await page.getByRole('button', { name: 'Mark as finalist' }).click();
    await expect(page.getByTestId('current-stage')).toHaveText('Finalist');
    await expect(page.getByRole('button', { name: 'Mark as finalist' })).toHaveCount(0);
    // the page's list of the candidate's vacancies says the same without a reload
    await expect(page.getByTestId('vacancies-section').locator('li', { has: page.locator('[aria-current="page"]') }).locator('.badge')).toHaveText('Finalist');

    await page.getByLabel('Priority').selectOption({ label: 'High' });
    await expect(history(page).first()).toContainText('Priority: Normal → High');

    const ratings = page.getByRole('region', { name: 'Ratings' });
    await expect(ratings).toContainText('No ratings yet');
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(ratings.getByRole('alert')).toHaveText('Choose from 1 to 5 stars');
    await ratings.locator('label', { hasText: '4 stars' }).click();
    await ratings.getByLabel('Comment').fill('Strong delivery background.');
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(ratings.getByRole('status')).toHaveText('Your rating is saved');
    await expect(ratings.getByTestId('rating-average')).toContainText('Average 4 of 5');
    const mine = ratings.getByRole('listitem').filter({ hasText: 'Olga Owner' });
    await expect(mine).toContainText('Strong delivery background.');
    await expect(mine.getByRole('img', { name: '4 stars' })).toBeVisible();
    await expect(ratings.getByRole('button', { name: 'Update rating' })).toBeVisible();

    // the page after a reload shows the same state: it was stored
    await page.reload();
    await expect(page.getByTestId('current-stage')).toHaveText('Finalist');
    await expect(page.getByLabel('Priority')).toHaveValue('3');
    await expect(history(page).filter({ hasText: 'Stage: Customer interview → Finalist' })).toContainText('Olga Owner');
    await expect(history(page).filter({ hasText: 'Stage: New → Customer interview' })).toContainText('Olga Owner');
    await expect(history(page).filter({ hasText: 'Rated 4 of 5' })).toContainText('Olga Owner');
    await expect(history(page).last()).toContainText('Added to the vacancy');
  });

  test('a customer who is not main sees the stage controls disabled, and can rate', async ({ page }) => {
    await signIn(page, world.second);
    // the stars and the comment are chosen while the panel's script is still on its way (a slow line)
    const release = await holdIslandModule(page, 'FunnelPanel');
    await page.goto(profileUrl(), { waitUntil: 'domcontentloaded' });
    const ratings = page.getByRole('region', { name: 'Ratings' });
    await ratings.locator('label', { hasText: '3 stars' }).click();
    await ratings.getByLabel('Comment').fill('Good, but check the references.');
    await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
    release();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(ratings.getByRole('radio', { name: '3 stars' })).toBeChecked();
    await expect(ratings.getByLabel('Comment')).toHaveValue('Good, but check the references.');
    await expect(page.getByTestId('current-stage')).toHaveText('Finalist');
    const buttons = stageGroup(page).getByRole('button');
    await expect(buttons).toHaveCount(7);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
    await expect(page.getByText('only the main customer, Kate Main, moves candidates')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark as finalist' })).toHaveCount(0);
    // customers see the priority and the consent status, but do not change them
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveCount(0);
    await expect(page.getByText('High', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /PD$/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upload resume' })).toHaveCount(0);

    // a comment the server refuses says why, not only that something is wrong
    await ratings.getByLabel('Comment').fill('Good, but \u0007 check the references.');
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(ratings.getByRole('alert')).toHaveText('Remove the special characters from this field');
    await ratings.getByLabel('Comment').fill('Good, but check the references.');
    await ratings.getByRole('button', { name: 'Save rating' }).click();
    await expect(ratings.getByTestId('rating-average')).toContainText('Average 3.5 of 5');
    await expect(ratings.getByRole('listitem').filter({ hasText: 'Ivan Second' })).toContainText('Good, but check the references.');
    await expect(ratings.getByRole('listitem').filter({ hasText: 'Olga Owner' })).toContainText('Strong delivery background.');
  });

  test('the main customer moves the candidate to hired; the history names everyone', async ({ page }) => {
    await signIn(page, world.main);
    await page.goto(profileUrl());
    const group = stageGroup(page);
    for (const name of ['New', 'Recruiter interview', 'Testing', 'Customer interview', 'Finalist']) {
      await expect(group.getByRole('button', { name, exact: true })).toBeDisabled();
    }
    await expect(page.getByText('Customers move candidates from the customer interview onwards')).toBeVisible();
    // the last move is asked again: cancelled, nothing moves; confirmed, the candidate is hired
    await group.getByRole('button', { name: 'Hired' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Mark as hired?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(page.getByTestId('current-stage')).toHaveText('Finalist');
    await group.getByRole('button', { name: 'Hired' }).click();
    await ask.getByRole('button', { name: 'Hired' }).click();
    await expect(page.getByTestId('current-stage')).toHaveText('Hired');
    await expect(history(page).first()).toContainText('Stage: Finalist → Hired');
    await expect(history(page).first()).toContainText('Kate Main');
    await expect(history(page).filter({ hasText: 'Rated 3 of 5' })).toContainText('Ivan Second');
    await expect(history(page).filter({ hasText: 'Priority: Normal → High' })).toContainText('Olga Owner');
  });

  test('personal-data consent: request, resend, decline, resend, and a warning from the server', async ({ page, request }) => {
    await signIn(page, world.company);
    await page.goto(profileUrl());

    await page.getByRole('button', { name: 'Request PD' }).click();
    const modal = page.getByRole('dialog', { name: 'Personal data consent' });
    await expect(modal.getByTestId('pd-status')).toHaveText('Not requested');
    // said once, by the status: no line repeating it, no empty history under it
    await expect(modal).not.toContainText('Consent has not been requested yet.');
    await expect(modal).not.toContainText('No requests yet');
    await modal.getByRole('button', { name: 'Request', exact: true }).click();
    await expect(modal.getByRole('status')).toHaveText(`The request is sent to ${world.candidateEmail}.`);
    await expect(modal.getByTestId('pd-status')).toHaveText('Requested, no answer yet');
    await expect(modal.getByRole('listitem')).toHaveCount(1);
    await expect(modal.getByRole('listitem').first()).toContainText('Requested');
    await expect(modal.getByRole('listitem').first()).toContainText('by Olga Owner');
    const first = await mailedPdToken(world.candidateEmail, []);

    // waiting: the request can be resent, and the new link replaces the old one
    await modal.getByRole('button', { name: 'Resend' }).click();
    await expect(modal.getByRole('listitem')).toHaveCount(2);
    const second = await mailedPdToken(world.candidateEmail, [first]);
    const replaced = await answer(request, first, 'approved');
    expect(replaced.status()).toBe(410);
    expect(((await replaced.json()) as { message: string }).message).toBe('error.pd.replaced');
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Waiting PD' })).toBeVisible();

    // the candidate declines through the mailed link
    expect((await answer(request, second, 'declined')).status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Declined PD' }).click();
    await expect(modal.getByTestId('pd-status')).toHaveText('Declined');
    const declined = modal.getByRole('listitem').filter({ hasText: 'Declined' });
    await expect(declined).toHaveCount(1);
    await expect(declined).toContainText(/from (\d+\.\d+\.\d+\.\d+|::1|::ffff:127\.0\.0\.1)/);
    await modal.getByRole('button', { name: 'Resend' }).click();
    await expect(modal.getByTestId('pd-status')).toHaveText('Requested, no answer yet');
    const third = await mailedPdToken(world.candidateEmail, [first, second]);
    // the answered link stays used
    expect((await answer(request, second, 'approved')).status()).toBe(409);
    await modal.getByRole('button', { name: 'Close' }).click();

    // the candidate approves while the page still offers a resend: the server's warning shows
    expect((await answer(request, third, 'approved')).status()).toBe(200);
    await page.getByRole('button', { name: 'Waiting PD' }).click();
    await modal.getByRole('button', { name: 'Resend' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Error' });
    await expect(warning).toContainText('The candidate has already given consent');
    await warning.getByRole('button', { name: 'Close' }).click();
    await expect(warning).toHaveCount(0);

    await page.reload();
    await page.getByRole('button', { name: 'Approved PD' }).click();
    await expect(modal.getByTestId('pd-status')).toHaveText('Given');
    await expect(modal.getByRole('button')).toHaveText(['Close']);
    await expect(modal.getByRole('listitem').filter({ hasText: 'Approved' })).toHaveCount(1);
  });

  test('the photo and the resume upload from the header', async ({ page }) => {
    await signIn(page, world.company);
    await page.goto(profileUrl());
    await expect(page.getByRole('button', { name: 'Upload photo' })).toBeEnabled();
    // a 1×1 PNG
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('photo-input').setInputFiles({ name: 'anna.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('button', { name: 'Change photo' }).locator('img')).toHaveAttribute('src', /^\/uploads\//);

    // over 10 MB the browser refuses before sending
    await page.getByTestId('resume-input').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const tooLarge = page.getByRole('dialog', { name: 'Error' });
    await expect(tooLarge).toContainText('Resume maximum upload size is 10 mb');
    await tooLarge.getByRole('button', { name: 'Close' }).click();

    // a program renamed .pdf is refused by its content
    await page.getByTestId('resume-input').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf at all') });
    await expect(page.getByRole('dialog', { name: 'Error' })).toContainText('Upload a .pdf, .doc or .docx file');
    await page.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Close' }).click();

    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await page.getByTestId('resume-input').setInputFiles({ name: 'anna-cv.pdf', mimeType: 'application/pdf', buffer: pdf });
    const download = page.getByRole('link', { name: 'Download resume anna-cv.pdf' });
    await expect(download).toHaveAttribute('href', `/api/v1/candidates/${world.candidateId}/resume`);
    await expect(page.getByRole('button', { name: 'Replace resume' })).toBeVisible();
    const file = await page.context().request.get(`/api/v1/candidates/${world.candidateId}/resume`);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.reload();
    await expect(page.getByRole('link', { name: 'Download resume anna-cv.pdf' })).toBeVisible();
  });

  test('without the vacancy there is no funnel; another space gets a 404', async ({ page, browser }) => {
    await signIn(page, world.company);
    expect((await page.goto(`/candidates/${world.candidateId}/-`))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Anna Smirnova' })).toBeVisible();
    await expect(page.getByTestId('current-stage')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/candidates/edit/${world.candidateId}`);

    const context = await browser.newContext();
    contexts.push(context);
    const stranger = await context.newPage();
    await signIn(stranger, world.stranger);
    expect((await stranger.goto(profileUrl()))?.status()).toBe(404);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('in Russian: headings, plural forms and the funnel labels', async ({ page }) => {
    await signIn(page, world.company);
    await page.goto(profileUrl('/ru'));
    const experience = page.getByRole('region', { name: 'Опыт работы' });
    await expect(experience.getByRole('heading', { name: 'Опыт работы' })).toBeVisible();
    await expect(experience.getByTestId('total-experience')).toHaveText('Общий стаж: 2 года 6 месяцев');
    const jobs = experience.getByRole('listitem');
    await expect(jobs.nth(0)).toContainText('июнь 2020 – июнь 2021');
    await expect(jobs.nth(0)).toContainText('1 год 1 месяц');
    await expect(jobs.nth(1)).toContainText('2 года');
    await expect(page.getByRole('region', { name: 'Образование' }).getByRole('listitem').first()).toContainText('2015');
    await expect(page.getByRole('region', { name: 'Языки' }).getByRole('listitem')).toHaveText(['English, B2 — выше среднего', 'German, Родной']);
    await expect(page.getByText(translator('ru')('candidate.age', { count: ageOn('1990-05-10') }), { exact: true })).toBeVisible();
    await expect(page.getByText('180 000 – 220 000 ₽')).toBeVisible();
    await expect(page.getByTestId('current-stage')).toHaveText('Принят');
    // a hired candidate is not offered "mark as finalist": the stage buttons move them back if need be
    await expect(page.getByRole('button', { name: 'Отметить финалистом' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Согласие получено' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Назначить встречу' })).toBeEnabled();
    const ratings = page.getByRole('region', { name: 'Оценки' });
    await expect(ratings.getByTestId('rating-average')).toContainText('Средняя 3,5 из 5');
    await expect(ratings.getByRole('img', { name: '4 звезды' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'История' }).getByRole('listitem').filter({ hasText: 'Этап: Финалист → Принят' })).toContainText('Kate Main');
  });
  test("from the database: the recruiter puts the candidate on another vacancy through the profile's Vacancies, in Russian at phone width, then in English", async ({ page }) => {
    await signIn(page, world.company);
    const company = page.context().request;
    const current = (await (await company.get(`/api/v1/vacancy/${world.vacancyId}`)).json()) as Record<string, unknown> & { customers: { id: string }[]; mainCustomer: string; softSkills: { id: number }[]; city: { id: number } };
    const second = await company.post('/api/v1/vacancy', {
      headers,
      data: {
        positionType: 3, positionName: 'Data analyst', quantity: 1, departmentName: 'IT', hardSkills: ['SQL'], jobExperience: 2, softSkills: current.softSkills.map((s) => s.id),
        exceptionalRequirements: '', country: 'ru', cityId: current.city.id, address: 'Tverskaya 1', salary: 150000, schedule: 1, bonus: '',
        customers: current.customers.map((c) => c.id), mainCustomer: current.mainCustomer, status: 1,
      },
    });
    expect(second.status(), await second.text()).toBe(201);
    const analyst = ((await second.json()) as { id: string }).id;

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/ru/candidates');
    await page.getByRole('link', { name: /Anna Smirnova/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/ru/candidates/${world.candidateId}/-$`));
    const vacancies = page.getByRole('region', { name: 'Вакансии', exact: true });
    await expect(vacancies.getByRole('listitem')).toHaveText([/Project manager\s*Москва\s*Принят/]);
    await vacancies.getByLabel('Добавить в вакансию').selectOption({ label: 'Data analyst · Москва' });
    await vacancies.getByRole('button', { name: 'Добавить' }).click();
    await expect(page).toHaveURL(new RegExp(`/ru/candidates/${world.candidateId}/${analyst}\\?added=1`));
    await expect(page.getByRole('status').filter({ hasText: 'Кандидат добавлен в вакансию «Data analyst».' })).toBeVisible();
    await expect(page.getByTestId('current-stage')).toHaveText('Новый');
    // the page opens at the note, the stages just below it: the next step is in sight
    await expect(page.getByRole('status').filter({ hasText: 'Кандидат добавлен' })).toBeInViewport();
    await expect(vacancies.getByRole('listitem')).toHaveText([/Data analyst\s*Москва\s*Новый/, /Project manager\s*Москва\s*Принят/]);
    await expect(vacancies).toContainText('Нет активных вакансий, в которые можно добавить кандидата.');
    // the section fits the phone's width
    const box = await vacancies.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/candidates/${world.candidateId}/-`);
    const english = page.getByRole('region', { name: 'Vacancies', exact: true });
    await expect(english.getByRole('listitem')).toHaveText([/Data analyst\s*Moscow\s*New/, /Project manager\s*Moscow\s*Hired/]);
    await english.getByRole('link', { name: 'Data analyst' }).click();
    await expect(page).toHaveURL(new RegExp(`/candidates/${world.candidateId}/${analyst}$`));
    await expect(page.getByRole('link', { name: 'Candidates of “Data analyst”' })).toBeVisible();
  });
});
