import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, uniqueEmail } from './fixtures.ts';

export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4390}`;

/**
 * axe-core on the page, run in the page itself. By default the builder finishes every check in
 * a blank page it opens for the purpose, injecting axe's 650 KB there too: 1.3 s a check on an
 * empty page against 0.6 s, and the suite checks about eighty pages. What the blank page is for,
 * frames of other origins, no page of ours has.
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode();

/** Registers through the API the page itself uses, verifies, and leaves the page signed in. */
export async function signUpViaApi(page: Page, role: 'company' | 'recruiter' | 'customer', profile: { name: string; surname: string; companyName?: string }, lang: 'en' | 'ru' = 'en') {
  const email = uniqueEmail(role);
  const request = page.context().request;
  // the browser sends its Origin with every change; the API refuses cookie-borne changes without it
  const headers = { origin: ORIGIN };
  const registered = await request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role, settings: { lang } }, headers });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status()).toBe(200);
  const updated = await request.put('/api/v1/users/profile', { data: profile, headers });
  expect(updated.status(), await updated.text()).toBe(200);
  return { email };
}

/** Registers through the pages, as a person would, in the given language. */
export async function registerViaPages(page: Page, email: string, prefix = '') {
  await page.goto(`${prefix}/auth/register?email=${encodeURIComponent(email)}`);
  await page.getByLabel(prefix ? 'Пароль' : 'Password').fill(PASSWORD);
  await page.getByRole('button', { name: prefix ? 'Зарегистрироваться' : 'Register' }).click();
  await expect(page).toHaveURL(`${prefix}/auth/register/verify`);
  await page.getByLabel(prefix ? 'Код' : 'Code').fill(await mailedCode(email));
  await page.getByRole('button', { name: prefix ? 'Подтвердить' : 'Confirm' }).click();
  await expect(page).toHaveURL(`${prefix}/auth/register/profile`);
}

/** The inviter (signed in on `inviterPage`) invites someone who registers in `inviteePage`'s context. */
export async function inviteAndRegister(inviterPage: Page, inviteePage: Page, role: 'recruiter' | 'customer', who: { name: string; surname: string }) {
  const email = uniqueEmail(role);
  const headers = { origin: ORIGIN };
  const invited = await inviterPage.context().request.post('/api/v1/users/invite', { data: { email, role, ...who }, headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const request = inviteePage.context().request;
  const registered = await request.post('/api/v1/auth/email/register', { data: { email, password: PASSWORD, role }, headers });
  expect(registered.status()).toBe(201);
  const verified = await request.post('/api/v1/auth/verify/email', { data: { email, code: await mailedCode(email) }, headers });
  expect(verified.status()).toBe(200);
  return { email, id: ((await registered.json()) as { user: { id: string } }).user.id };
}

/** The part labels of a date field (DateField) in each language. */
const DATE_PARTS = {
  en: { day: 'Day', month: 'Month', year: 'Year', hour: 'Hours', minute: 'Minutes' },
  ru: { day: 'День', month: 'Месяц', year: 'Год', hour: 'Часы', minute: 'Минуты' },
};

/** The date field named `label` (a group of parts) inside `scope`. */
export const dateField = (scope: Page | Locator, label: string) => scope.getByRole('group', { name: label, exact: true });

/** Fills a date field as a person does: 'YYYY-MM-DD', 'YYYY-MM' (month and year) or 'YYYY-MM-DDTHH:mm'. */
export async function fillDate(scope: Page | Locator, label: string, value: string, lang: 'en' | 'ru' = 'en') {
  const names = DATE_PARTS[lang];
  const field = dateField(scope, label);
  const [date, time] = value.split('T') as [string, string | undefined];
  const [year, month, day] = date.split('-') as [string, string, string | undefined];
  if (day !== undefined) await field.getByLabel(names.day).fill(String(Number(day)));
  await field.getByLabel(names.month).selectOption(String(Number(month)));
  await field.getByLabel(names.year).fill(year);
  if (time) {
    const [hour, minute] = time.split(':') as [string, string];
    await field.getByLabel(names.hour).selectOption(hour);
    await field.getByLabel(names.minute).selectOption(minute);
  }
}

/** What a date field shows, in the same shapes `fillDate` takes. */
export async function dateValue(scope: Page | Locator, label: string, lang: 'en' | 'ru' = 'en'): Promise<string> {
  const names = DATE_PARTS[lang];
  const field = dateField(scope, label);
  const two = (v: string) => v.padStart(2, '0');
  const year = await field.getByLabel(names.year).inputValue();
  const month = two(await field.getByLabel(names.month).inputValue());
  const days = field.getByLabel(names.day);
  return (await days.count()) ? `${year}-${month}-${two(await days.inputValue())}` : `${year}-${month}`;
}

/**
 * Holds back an island's module (`/_astro/<name>.<hash>.js`), as a slow line does: the server's
 * HTML is on screen and takes typing, React is not there yet. The returned function lets it load.
 */
export async function holdIslandModule(page: Page, name: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(new RegExp(`/_astro/${name}\\.[\\w-]+\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Types into a field of a page whose island's module is held back (holdIslandModule), lets the
 * module arrive, and checks that the island hydrated and kept what was typed.
 */
export async function typeBeforeHydration(page: Page, island: string, url: string, field: Locator, text: string): Promise<void> {
  const release = await holdIslandModule(page, island);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await field.fill(text);
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  release();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(field).toHaveValue(text);
}
