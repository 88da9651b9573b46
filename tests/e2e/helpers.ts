import type { Page } from '@playwright/test';
import { expect, mailedCode, PASSWORD, uniqueEmail } from './fixtures.ts';

export const ORIGIN = `http://127.0.0.1:${process.env.E2E_PORT ?? 4390}`;

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
