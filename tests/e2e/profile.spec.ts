import sharp from 'sharp';
import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, registerViaPages, signUpViaApi } from './helpers.ts';

test.describe('profile dialogs (English)', () => {
  test('edit info with a photo, then the company name', async ({ page }) => {
    await page.goto('/');
    await signUpViaApi(page, 'company', { name: 'Anna', surname: 'Petrova', companyName: 'Acme' });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Anna Petrova' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit info' }).click();
    const info = page.getByRole('dialog', { name: 'Edit info' });
    await info.getByLabel('Name', { exact: true }).fill('Maria');
    await info.getByLabel('Surname').fill('');
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(info.getByText('Please enter surname')).toBeVisible();
    await info.getByLabel('Surname').fill('Sokolova');
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3b5bdb' } }).png().toBuffer();
    await info.getByLabel('Photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    // the chosen picture shows before it is sent, drawn from the file itself
    const preview = info.locator('img.photo-preview');
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await info.getByRole('button', { name: 'Save' }).click();
    await expect(info).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Maria Sokolova' })).toBeVisible();
    await expect(page.locator('.person img.photo')).toHaveAttribute('src', /^\/uploads\/[A-Za-z0-9_-]+\.webp$/);

    await page.getByRole('button', { name: 'Edit company name' }).click();
    const company = page.getByRole('dialog', { name: 'Edit company name' });
    await company.getByLabel('Company name').fill('Globex');
    await company.getByRole('button', { name: 'Save' }).click();
    await expect(company).toBeHidden();
    await expect(page.getByTestId('company-name')).toHaveText('Globex');
    await page.reload();
    await expect(page.getByTestId('company-name')).toHaveText('Globex');
    await expect(page.getByTestId('user-block')).toHaveText(/Maria S\./);
  });

  test('an oversized photo shows the error modal and resets the input', async ({ page }) => {
    await page.goto('/');
    await signUpViaApi(page, 'customer', { name: 'Big', surname: 'File' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit info' }).click();
    const info = page.getByRole('dialog', { name: 'Edit info' });
    await info.getByLabel('Photo').setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    const error = page.getByRole('dialog', { name: 'Error' });
    await expect(error.getByText('Image maximum upload size is 10 mb')).toBeVisible();
    await error.getByRole('button', { name: 'Close' }).click();
    expect(await info.getByLabel('Photo').evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
  });

  test('change email with the code dialog', async ({ page }) => {
    await page.goto('/');
    const { email } = await signUpViaApi(page, 'customer', { name: 'Eve', surname: 'Mail' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Change email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change email' });
    await dialog.getByLabel('New email').fill(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByText('Email cannot be same as old')).toBeVisible();
    await expect(dialog.getByText('Please enter password')).toBeVisible();
    const next = uniqueEmail('next');
    await dialog.getByLabel('New email').fill(next);
    await dialog.getByLabel('Current password').fill('Not-the-passw0rd');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Wrong password' })).toBeVisible();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByRole('dialog', { name: 'Confirm the new email' });
    await expect(code.getByText(next)).toBeVisible();
    await code.getByLabel('Code').fill(await mailedCode(next));
    await code.getByRole('button', { name: 'Confirm' }).click();
    await expect(code).toBeHidden();
    await expect(page.getByTestId('profile-email')).toHaveText(next);
  });

  test("change password: 'Wrong password', then success", async ({ page }) => {
    await page.goto('/');
    const { email } = await signUpViaApi(page, "recruiter", { name: "Pat", surname: "Word" });
    await page.goto('/profile');
    // a recruiter's list is of the customers they invited, and says so while empty
    await expect(page.getByRole('region', { name: 'My customers' })).toContainText('The customers you invite appear here.');
    await page.getByRole('button', { name: 'Change password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('Not-the-passw0rd');
    await dialog.getByLabel('New password').fill('N3w-Passw0rd');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Wrong password' }).first()).toBeVisible();
    await dialog.getByLabel('Current password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Password changed' })).toBeVisible();
    const login = await page.context().request.post('/api/v1/auth/email/login', { data: { email, password: 'N3w-Passw0rd' }, headers: { origin: ORIGIN } });
    expect(login.status()).toBe(200);
  });

  test("delete the account: warning, cancel, confirm; logging in says 'Account is deleted'", async ({ page }) => {
    await page.goto('/');
    const { email } = await signUpViaApi(page, 'customer', { name: 'Del', surname: 'Eted' });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const alert = page.getByRole('alertdialog', { name: 'Delete the account?' });
    await alert.getByRole('button', { name: 'Cancel' }).click();
    await expect(alert).toBeHidden();
    await page.getByRole('button', { name: 'Delete account' }).click();
    await alert.getByRole('button', { name: 'Delete' }).click();
    await expect(alert.getByText('Please enter password')).toBeVisible();
    await alert.getByLabel('Current password').fill('Not-the-passw0rd');
    await alert.getByRole('button', { name: 'Delete' }).click();
    await expect(alert.getByRole('alert').filter({ hasText: 'Wrong password' })).toBeVisible();
    await alert.getByLabel('Current password').fill(PASSWORD);
    await alert.getByLabel('Current password').press('Enter');
    await expect(page).toHaveURL('/?deleted=1');
    await expect(page.getByRole('status')).toHaveText('Your account is deleted. Thank you for working with Recruit.');
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Account is deleted' })).toBeVisible();
  });

  test('invite a customer; the invitee registers in Russian and lands in the space as a customer', async ({ page, browser }) => {
    await page.goto('/');
    await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    await page.goto('/profile');
    // the space's owner is told what becomes of the space before deleting the account
    await page.getByRole('button', { name: 'Delete account' }).click();
    const warning = page.getByRole('alertdialog', { name: 'Delete the account?' });
    await expect(warning).toContainText("The company's space stays with your recruiters and customers");
    await warning.getByRole('button', { name: 'Cancel' }).click();
    const customers = page.getByRole('region', { name: 'My customers' });
    await customers.getByRole('button', { name: 'Invite a customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a customer' });
    const email = uniqueEmail('invitee');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Name', { exact: true }).fill('Kate');
    await dialog.getByLabel('Surname').fill('Client');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await page.getByRole('dialog', { name: 'Invite sent' }).getByRole('button', { name: 'Close' }).click();
    await expect(customers.getByText(email)).toBeVisible();
    await expect(customers.getByText('Invited')).toBeVisible();
    // inviting the address again, as a recruiter: the dialog says the new invitation replaces the first
    await page.getByRole('region', { name: 'My recruiters' }).getByRole('button', { name: 'Invite a recruiter' }).click();
    const again = page.getByRole('dialog', { name: 'Invite a recruiter' });
    await again.getByLabel('Email').fill(email.toUpperCase());
    await expect(again.getByText('This address already has an invitation as a customer: a new one replaces it')).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();

    const invitee = await (await browser.newContext()).newPage();
    await registerViaPages(invitee, email, '/ru');
    // the invite brought the name; the company field is not asked of a customer
    await expect(invitee.getByLabel('Имя', { exact: true })).toHaveValue('Kate');
    await expect(invitee.getByLabel('Название компании')).toHaveCount(0);
    await invitee.getByRole('button', { name: 'Готово' }).click();
    await invitee.getByRole('alertdialog', { name: 'Регистрация прошла успешно!' }).getByRole('button', { name: 'Продолжить' }).click();
    // a customer's home is the workspace; the profile names who invited them
    await expect(invitee).toHaveURL('/ru/workspace');
    await invitee.getByTestId('user-block').click();
    await expect(invitee).toHaveURL('/ru/profile');
    await expect(invitee.getByRole('region', { name: 'Кто вас пригласил' })).toContainText('Olga Owner');
    await expect(invitee.getByRole('region', { name: 'Мои заказчики' })).toHaveCount(0);

    await page.reload();
    await expect(customers.getByText('Registered')).toBeVisible();

    // the company takes the customer out of the space: they are signed out where they are
    await customers.getByRole('button', { name: 'Remove Kate Client' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove from the company?' });
    await expect(confirm).toContainText(email);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(customers.getByText(email)).toHaveCount(0);
    await expect(customers.getByText('Nobody yet. Press + to invite.')).toBeVisible();
    await invitee.goto('/ru/workspace');
    await expect(invitee).toHaveURL(/\/ru\/auth\/login/);
    await invitee.context().close();
  });
});
