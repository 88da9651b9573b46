import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { APIRequestContext, Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi } from './helpers.ts';

/** The browser sends its Origin with every change; the server refuses cookie-borne changes without it. */
export const headers = { origin: ORIGIN };

/**
 * A hiring space as a newcomer finds it: a company, a registered customer (the vacancy's main
 * customer), one published vacancy with candidates at the customer's stages and at the
 * recruiter's, and an interview the customer takes part in. Names carry `tag` so that two worlds
 * in one database tell apart.
 */
export interface HiringWorld {
  company: { email: string };
  customer: { email: string; id: string; name: string };
  vacancy: { id: string; name: string };
  /** Candidate names by stage: customer interview, finalist, new. */
  candidates: { interview: Person; finalist: Person; fresh: Person };
  contexts: BrowserContext[];
}

interface Person {
  id: string;
  name: string;
}

async function post(api: APIRequestContext, url: string, data: unknown, status = 201) {
  const response = await api.post(url, { headers, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(status);
  return response.json();
}

/**
 * The candidate approved processing and sharing with `customers`, as their answer stores it
 * (docs/decisions/0022): for worlds whose candidates have no address to be asked through.
 */
export async function consentGiven(candidateId: string, customers: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'database-url'), 'utf8') });
  await client.connect();
  try {
    await client.query('update candidates set pd_status = 4 where id = $1', [candidateId]);
    await client.query(
      `insert into consent_grants (candidate_id, recipient, customer_id, granted, answered_at)
       select $1, r, case when r = 'company' then null else r::uuid end, true, now() from unnest($2::text[]) r
       on conflict (candidate_id, recipient) do update set granted = true`,
      [candidateId, ['company', ...customers]],
    );
  } finally {
    await client.end();
  }
}

/** Invites a customer and registers them through the API, in a context of their own. */
export async function registeredCustomer(browser: Browser, company: APIRequestContext, name: string, surname: string, lang: 'en' | 'ru' = 'en') {
  const email = uniqueEmail('customer');
  await post(company, '/api/v1/users/invite', { email, name, surname, role: 'customer' });
  const context = await browser.newContext();
  const registered = await context.request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role: 'customer', settings: { lang } }, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await context.request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status(), await verified.text()).toBe(200);
  const id = ((await registered.json()) as { user: { id: string } }).user.id;
  return { context, email, id };
}

export async function hiringSpace(browser: Browser, tag: string, lang: 'en' | 'ru' = 'en'): Promise<HiringWorld> {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const { email } = await signUpViaApi(owner, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' }, lang);
  const company = ownerContext.request;
  const customerName = lang === 'ru' ? 'Катя' : 'Kate';
  const customer = await registeredCustomer(browser, company, customerName, `Client${tag}`, lang);
  const cities = (await (await company.get('/api/v1/search/cities?q=Moscow&country=ru&lng=en')).json()) as { id: number; name: string }[];
  const skills = (await (await company.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[];
  const vacancyName = `${lang === 'ru' ? 'Менеджер проектов' : 'Project manager'} ${tag}`;
  const vacancy = (await post(company, '/api/v1/vacancy', {
    positionType: 3,
    positionName: vacancyName,
    quantity: 1,
    departmentName: 'IT',
    hardSkills: ['Jira'],
    jobExperience: 2,
    softSkills: skills.slice(0, 2).map((s) => s.id),
    country: 'ru',
    cityId: cities.find((c) => c.name === 'Moscow')!.id,
    address: 'Tverskaya 1',
    salary: 150000,
    salaryTo: 200000,
    schedule: 1,
    customers: [customer.id],
    mainCustomer: customer.id,
    status: 1,
  })) as { id: string };

  const person = async (name: string, surname: string, stage: number): Promise<Person> => {
    const created = (await post(company, '/api/v1/candidates', { name, surname, positionName: 'Delivery manager', dob: '1990-05-10' })) as { id: string };
    await post(company, '/api/v1/candidates/vacancy', { vacancyId: vacancy.id, candidatesIds: [created.id] });
    if (stage !== 1) {
      const moved = await company.put(`/api/v1/candidates/vacancy/${vacancy.id}/${created.id}/stage`, { headers, data: { stage, from: 1 } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
    // the customer knows them by name: they agreed to share with the customer
    await consentGiven(created.id, [customer.id]);
    return { id: created.id, name: `${name} ${surname}` };
  };
  const interview = await person('Anna', `Interview${tag}`, 4);
  const finalist = await person('Boris', `Finalist${tag}`, 5);
  const fresh = await person('Vera', `New${tag}`, 1);
  await post(company, '/api/v1/interviews', {
    candidateId: interview.id,
    vacancyId: vacancy.id,
    startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    durationMinutes: 45,
    kind: 'video',
    location: 'https://meet.example/room',
    participants: [customer.id],
  });
  await owner.close();
  return {
    company: { email },
    customer: { email: customer.email, id: customer.id, name: customerName },
    vacancy: { id: vacancy.id, name: vacancyName },
    candidates: { interview, finalist, fresh },
    contexts: [ownerContext, customer.context],
  };
}

/** Signs a fresh page's context in with e-mail and password (its own session and cookie). */
export async function signIn(page: Page, email: string): Promise<void> {
  const response = await page.context().request.post('/api/v1/auth/email/login', { data: { email, password: PASSWORD, remember: true }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Opens each of `paths` in one fresh context, signed in as `who` of the world, and collects what
 * `inspect` finds wrong on each page; fails listing every page with a finding.
 */
export async function walkPages(browser: Browser, world: HiringWorld, who: 'company' | 'customer' | 'visitor', paths: string[], options: BrowserContextOptions, inspect: (page: Page, path: string) => Promise<string[]>): Promise<void> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (who !== 'visitor') await signIn(page, who === 'company' ? world.company.email : world.customer.email);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    const list = await inspect(page, path);
    if (list.length) found[path] = list;
  }
  await context.close();
  expect(found).toEqual({});
}

/** The interview of the world's candidate, which its customer (the second context) takes part in. */
export async function interviewOf(world: HiringWorld): Promise<string> {
  return ((await (await world.contexts[1]!.request.get('/api/v1/interviews')).json()) as { id: string }[])[0]!.id;
}

/** Every page of each kind of visitor in a hiring space, for the checks that walk them all (axe, reading order). */
export const companyPages = (world: HiringWorld) => [
  '/recruiter',
  '/candidates',
  '/interviews',
  '/chats',
  `/chats/${world.customer.id}`,
  '/help',
  '/profile',
  '/recruiter/vacancy/add',
  `/recruiter/vacancy/edit/${world.vacancy.id}`,
  `/vacancy/candidates/${world.vacancy.id}`,
  `/vacancy/candidates-all/${world.vacancy.id}`,
  `/vacancy/preview/${world.vacancy.id}`,
  `/vacancy/finalists/${world.vacancy.id}`,
  `/vacancy/analytics/${world.vacancy.id}`,
  '/recruiter/analytics',
  `/vacancy/shortlist/${world.vacancy.id}`,
  `/candidates/${world.candidates.interview.id}/${world.vacancy.id}`,
  `/candidates/${world.candidates.fresh.id}/-`,
  '/candidates/new',
  `/candidates/edit/${world.candidates.fresh.id}`,
  '/audit',
  '/retention',
  '/no/such/page',
];
export const customerPages = (world: HiringWorld, interviewId: string) => ['/workspace', '/interviews', `/interviews/${interviewId}`, `/vacancy/candidates/${world.vacancy.id}`, `/vacancy/finalists/${world.vacancy.id}`, `/vacancy/analytics/${world.vacancy.id}`, `/candidates/${world.candidates.finalist.id}/${world.vacancy.id}`, '/profile'];
export const visitorPages = ['/', '/auth/login', '/auth/register', '/error', '/no/such/page', '/verify/pd', '/verify/pd?token=unknown', '/privacy', '/privacy?token=unknown', '/shortlist?token=unknown'];
