import { expect, mailedCode, mailedMatch, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { registerViaPages, signUpViaApi } from './helpers.ts';

const TEXT = {
  en: {
    prefix: '',
    register: 'Register',
    company: 'Company',
    email: 'Email',
    password: 'Password',
    verifyTitle: 'Confirm your email',
    code: 'Code',
    confirm: 'Confirm',
    name: 'Name',
    surname: 'Surname',
    companyName: 'Company name',
    done: 'Done',
    success: 'Registration success!',
    continue: 'Continue',
    login: 'Log in',
    logout: 'Log out',
    wrong: 'Wrong email or password',
  },
  ru: {
    prefix: '/ru',
    register: 'Зарегистрироваться',
    company: 'Компания',
    email: 'Электронная почта',
    password: 'Пароль',
    verifyTitle: 'Подтвердите почту',
    code: 'Код',
    confirm: 'Подтвердить',
    name: 'Имя',
    surname: 'Фамилия',
    companyName: 'Название компании',
    done: 'Готово',
    success: 'Регистрация прошла успешно!',
    continue: 'Продолжить',
    login: 'Войти',
    logout: 'Выйти',
    wrong: 'Неверная почта или пароль',
  },
} as const;

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];

  test(`register → code from the mail → verify → profile → logout → login (${lang})`, async ({ page }) => {
    const email = uniqueEmail(lang);
    await page.goto(`${t.prefix}/`);
    await page.getByRole('link', { name: t.register }).click();
    await expect(page).toHaveURL(`${t.prefix}/auth/register`);

    await page.getByRole('radio', { name: new RegExp(t.company) }).check();
    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.register }).click();

    await expect(page).toHaveURL(`${t.prefix}/auth/register/verify`);
    await expect(page.getByRole('heading', { name: t.verifyTitle })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await page.getByLabel(t.code).fill(await mailedCode(email));
    await page.getByRole('button', { name: t.confirm }).click();

    await expect(page).toHaveURL(`${t.prefix}/auth/register/profile`);
    // the step is not skipped by typing another address
    await page.goto(`${t.prefix}/recruiter`);
    await expect(page).toHaveURL(`${t.prefix}/auth/register/profile`);
    await page.getByLabel(t.name, { exact: true }).fill('Anna');
    await page.getByLabel(t.surname).fill('Petrova');
    await page.getByLabel(t.companyName).fill('Acme');
    await page.getByRole('button', { name: t.done }).click();
    const dialog = page.getByRole('alertdialog', { name: t.success });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.continue }).click();

    // a new company lands on its home, the dashboard; the profile is one link away
    await expect(page).toHaveURL(`${t.prefix}/recruiter`);
    await expect(page.getByTestId('user-block')).toHaveText(/Anna P\./);
    await page.getByTestId('user-block').click();
    await expect(page).toHaveURL(`${t.prefix}/profile`);
    // written once the page has loaded, not before its first paint
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe(lang);

    await page.getByRole('main').getByRole('button', { name: t.logout }).click();
    await expect(page).toHaveURL(t.prefix || '/');
    await page.goto(`${t.prefix}/profile`);
    await expect(page).toHaveURL(`${t.prefix}/auth/login?from=%2Fprofile`);

    await page.getByLabel(t.email).fill(email);
    await page.getByLabel(t.password).fill('Wrong-passw0rd');
    await page.getByRole('button', { name: t.login }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.wrong })).toBeVisible();

    await page.getByLabel(t.password).fill(PASSWORD);
    await page.getByRole('button', { name: t.login }).click();
    // login follows where the guard stopped the visitor
    await expect(page).toHaveURL(`${t.prefix}/profile`);
    await expect(page.getByRole('heading', { name: 'Anna Petrova' })).toBeVisible();
  });
}

test('the third step, which every page leads back to, can be left by signing out (ru)', async ({ page }) => {
  const email = uniqueEmail('leaver');
  await registerViaPages(page, email, '/ru');
  // the logo leads home, and home back to the step
  await page.getByRole('link', { name: 'Recruit' }).first().click();
  await expect(page).toHaveURL('/ru/auth/register/profile');
  await page.getByRole('button', { name: TEXT.ru.logout }).click();
  await expect(page).toHaveURL('/ru');
  await page.goto('/ru/recruiter');
  await expect(page).toHaveURL(/\/ru\/auth\/login\?from=/);
});

test.describe('a forgotten password (ru, phone)', () => {
  test.use({ viewport: { width: 375, height: 667 }, timezoneId: 'Asia/Vladivostok' });

  test('login → "Forgot your password?" → the mailed link → a new password → login with it', async ({ page, browser }) => {
    const { email } = await signUpViaApi(page, 'recruiter', { name: 'Вера', surname: 'Забывчивая' }, 'ru');
    await page.context().clearCookies();
    await page.goto('/ru/auth/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page).toHaveURL('/ru/auth/forgot');
    await expect(page.getByRole('heading', { name: 'Восстановление пароля' })).toBeVisible();
    await page.getByLabel('Электронная почта').fill(email);
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    await expect(page.getByRole('status')).toContainText(`Если у ${email} есть аккаунт`);

    const link = await mailedMatch(email, /https?:\/\/\S+\/ru\/auth\/reset\?\S+/);
    // the link is opened where the mail is read: another browser, without the first one's cookies
    const reader = await browser.newPage({ viewport: { width: 375, height: 667 } });
    await reader.goto(link);
    await expect(reader.getByRole('heading', { name: 'Новый пароль', level: 1 })).toBeVisible();
    await expect(reader.getByText(`Для ${email}.`)).toBeVisible();
    const field = reader.getByLabel('Новый пароль');
    await field.fill('short');
    await reader.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await field.fill('Новый-Пароль-2026!');
    await reader.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(reader.getByRole('status')).toContainText('Пароль изменён');
    // the same link a second time says it no longer works, and leads to a new one
    await reader.goto(link);
    await reader.getByLabel('Новый пароль').fill('Другой-Пароль-2026!');
    await reader.getByRole('button', { name: 'Сохранить пароль' }).click();
    await expect(reader.getByRole('alert')).toContainText('Эта ссылка больше не действует');
    await expect(reader.getByRole('link', { name: 'Прислать ещё одну ссылку' })).toHaveAttribute('href', '/ru/auth/forgot');
    await reader.close();

    await page.goto('/ru/auth/login');
    await page.getByLabel('Электронная почта').fill(email);
    await page.getByLabel('Пароль').fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page.getByRole('alert')).toContainText('Неверная почта или пароль');
    await page.getByLabel('Пароль').fill('Новый-Пароль-2026!');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/ru\/recruiter/);
  });
});
