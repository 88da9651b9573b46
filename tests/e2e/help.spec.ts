import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { expect, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi, typeBeforeHydration } from './helpers.ts';

test('a ticket is opened by a customer and answered live by an admin', async ({ page, browser }) => {
  await page.goto('/');
  await signUpViaApi(page, 'customer', { name: 'Kate', surname: 'Client' });
  await page.goto('/help');
  await page.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New ticket' });
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(dialog.getByText('Choose the problem type')).toBeVisible();
  await dialog.getByLabel('Problem type').selectOption('candidates');
  // a control character pasted in: the server says what is wrong, beside the field it is in
  await dialog.getByLabel('Description').fill('I cannot see \u0007 the ratings');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Remove the special characters from this field');
  await expect(dialog.getByLabel('Description')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Description').fill('I cannot see the ratings of a candidate');
  await dialog.getByRole('button', { name: 'Create ticket' }).click();
  await expect(page).toHaveURL(/\/help\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Candidates' })).toBeVisible();
  await expect(page.getByText('I cannot see the ratings of a candidate')).toBeVisible();
  const ticketId = page.url().split('/').pop()!;
  // its description is its first message
  await expect(page.getByRole('link', { name: /Candidates/ }).first()).toContainText('1 message');
  await expect(page.locator('.help-list').getByRole('link', { name: /Candidates/ })).toContainText('Awaiting reply');

  // staff come from the command line, against the product's database (the e2e server's DATA_DIR)
  const adminEmail = uniqueEmail('admin');
  const dataDir = process.env.E2E_DATA_DIR!;
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/user.ts', 'create', '--role', 'admin', '--email', adminEmail, '--password', PASSWORD, '--name', 'Ada', '--surname', 'Support'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: fs.readFileSync(`${dataDir}/database-url`, 'utf8') },
  });
  expect(stdout).toContain('created admin');

  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const login = await admin.request.post('/api/v1/auth/email/login', { data: { email: adminEmail, password: PASSWORD }, headers: { origin: ORIGIN } });
  expect(login.status()).toBe(200);
  await adminPage.goto('/help');
  // the list says whose turn it is: here, the support's
  await expect(adminPage.locator(`.help-list a[href$="/help/${ticketId}"]`)).toContainText(/Candidates.*Kate Client/);
  await expect(adminPage.locator(`.help-list a[href$="/help/${ticketId}"]`)).toContainText('Awaiting reply');
  await adminPage.goto(`/help/${ticketId}`);
  await expect(adminPage.getByText('Kate Client', { exact: false }).first()).toBeVisible();
  await adminPage.getByLabel('Add a message').fill('Fixed: ratings are visible again');
  await adminPage.getByRole('button', { name: 'Send' }).click();

  // the answer arrives in the author's open ticket without a reload
  await expect(page.getByTestId('help-message')).toHaveText([/Ada Support.*Fixed: ratings are visible again/]);
  // each message says when it was written, in the reader's zone
  await expect(page.getByTestId('help-message').locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2}, \d{2}:\d{2}$/);
  // and the list says the ticket has its answer, live too
  await expect(page.locator('.help-list').getByRole('link', { name: /Candidates/ })).toContainText('Answered');
  await expect(page.locator('.help-list').getByRole('link', { name: /Candidates/ })).toContainText('2 messages');

  // the author closes it; the support sees it closed without a reload, and a word from them opens it again
  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.locator('.help-status')).toContainText('Closed');
  await expect(page.locator('.help-list').getByRole('link', { name: /Candidates/ })).toContainText('Closed');
  await expect(page.getByText('A new message opens the ticket again.')).toBeVisible();
  await expect(adminPage.locator('.help-status')).toContainText('Closed');
  await expect(adminPage.getByRole('button', { name: 'Open again' })).toBeVisible();
  await adminPage.getByLabel('Add a message').fill('One more thing: reload the page');
  await adminPage.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Close ticket' })).toBeVisible();
  await expect(page.locator('.help-list').getByRole('link', { name: /Candidates/ })).toContainText('Answered');

  // the list alone, with no ticket open, follows both kinds of news
  await page.goto('/help');
  const item = page.locator('.help-list').getByRole('link', { name: /Candidates/ });
  await expect(item).toContainText('3 messages');
  await adminPage.getByRole('button', { name: 'Close ticket' }).click();
  await expect(item).toContainText('Closed');
  await adminPage.getByLabel('Add a message').fill('Closing note: all fixed');
  await adminPage.getByRole('button', { name: 'Send' }).click();
  await expect(item).toContainText('Answered');
  await expect(item).toContainText('4 messages');
  await admin.close();
});

test('help in Russian', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page, 'recruiter', { name: 'Иван', surname: 'Петров' }, 'ru');
  await page.goto('/ru/help');
  await expect(page.getByRole('heading', { name: 'Помощь' })).toBeVisible();
  await expect(page.getByText('Обращений нет.', { exact: false })).toBeVisible();
  // a pasted link of 300 characters: one word that must wrap, on a phone too
  const opened = await page.context().request.post('/api/v1/help', { data: { title: 'chat', description: `Не приходят сообщения: https://example.com/${'a'.repeat(300)}` }, headers: { origin: ORIGIN } });
  expect(opened.status()).toBe(201);
  await page.reload();
  await expect(page.locator('.help-list').getByRole('link', { name: /Чат/ })).toContainText('1 сообщение');
  await expect(page.locator('.help-list').getByRole('link', { name: /Чат/ })).toContainText('Ждёт ответа');

  // closed and opened again, in Russian; the state survives a reload
  await page.locator('.help-list').getByRole('link', { name: /Чат/ }).click();
  // from the keyboard: the button stays where it was, with the focus on it and its label changed
  const close = page.getByRole('button', { name: 'Закрыть обращение' });
  // enabled once the island is live: focus() alone does not wait for that
  await expect(close).toBeEnabled();
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Закрыто' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Открыть снова' })).toBeFocused();
  await expect(page.getByText('Новое сообщение снова откроет обращение.')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width}`).toBeLessThanOrEqual(width);
  }
  await page.reload();
  await expect(page.locator('.help-list').getByRole('link', { name: /Чат/ })).toContainText('Закрыто');
  await page.getByRole('button', { name: 'Открыть снова' }).click();
  await expect(page.getByRole('button', { name: 'Закрыть обращение' })).toBeVisible();
  await expect(page.locator('.help-list').getByRole('link', { name: /Чат/ })).toContainText('Ждёт ответа');
  // a message the server refuses says why, in Russian
  await page.getByLabel('Добавить сообщение').fill('Служебный \u0001 символ');
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('alert')).toHaveText('Уберите из поля служебные символы');
});

test('a message typed on a ticket before the page’s script arrived (a slow line) is kept and sent', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page, 'customer', { name: 'Kate', surname: 'Client' });
  const opened = await page.context().request.post('/api/v1/help', { data: { title: 'candidates', description: 'The first message' }, headers: { origin: ORIGIN } });
  expect(opened.status(), await opened.text()).toBe(201);
  const { id } = (await opened.json()) as { id: string };

  await typeBeforeHydration(page, 'HelpApp', `/help/${id}`, page.getByLabel('Add a message'), 'Typed while the page was loading');
  await page.getByRole('button', { name: 'Send' }).click();
  // in the thread (the socket may bring it before the send's answer has emptied the box)
  await expect(page.getByTestId('help-message').filter({ hasText: 'Typed while the page was loading' })).toBeVisible();
  await expect(page.getByLabel('Add a message')).toHaveValue('');
});
