import { expect, mailedCode, PASSWORD, test, uniqueEmail } from './fixtures.ts';
import { registerViaPages } from './helpers.ts';

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
