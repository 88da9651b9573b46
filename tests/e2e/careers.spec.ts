import { expect, mailedWith, test, uniqueEmail } from './fixtures.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

const TEXT = {
  en: { prefix: '', address: 'Address', description: 'Short description', on: 'The page is on', save: 'Save', show: 'Show on the page', name: 'Name', surname: 'Surname', email: 'E-mail', phone: 'Phone', city: 'City', resume: /Résumé/, message: 'Message', consent: /I agree to the processing/, submit: 'Send application', done: 'Your application has been sent', subject: /Your application/ },
  ru: { prefix: '/ru', address: 'Адрес', description: 'Краткое описание', on: 'Страница включена', save: 'Сохранить', show: 'Показать на странице', name: 'Имя', surname: 'Фамилия', email: 'Электронная почта', phone: 'Телефон', city: 'Город', resume: /Резюме/, message: 'Сообщение', consent: /Я согласен/, submit: 'Отправить отклик', done: 'Отклик отправлен', subject: /Ваш отклик/ },
} as const;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test.describe.configure({ mode: 'serial' });

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test.describe(`careers page (${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `J${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('the company publishes the page; a visitor with JavaScript off applies with a résumé and consent; the recruiter sees them on the vacancy', async ({ page, browser }, testInfo) => {
      // two browsers, a build's pages and the mail queue on a shared machine
      test.setTimeout(150_000);
      const slug = `acme-${lang}-${Date.now().toString(36)}`;
      await signIn(page, world.company.email);
      await page.goto(`${t.prefix}/careers`);
      await page.getByLabel(t.address).fill(slug);
      await page.getByLabel(t.description).fill('We hire people who like shipping.');
      await page.getByLabel(t.on).check();
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByRole('status')).toBeVisible();
      await page.getByRole('listitem').filter({ hasText: world.vacancy.name }).getByRole('button', { name: t.show }).click();
      await expect(page.getByRole('status')).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: testInfo.outputPath(`careers-settings-${lang}-phone.png`), fullPage: true });

      const offline = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
      const visitor = await offline.newPage();
      await visitor.goto(`${t.prefix}/jobs/${slug}`);
      await expect(visitor.getByText('We hire people who like shipping.')).toBeVisible();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await visitor.screenshot({ path: testInfo.outputPath(`careers-list-${lang}-phone.png`), fullPage: true });
      await visitor.getByRole('link', { name: world.vacancy.name }).click();
      await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(world.vacancy.name);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await visitor.screenshot({ path: testInfo.outputPath(`careers-vacancy-${lang}-phone.png`), fullPage: true });

      const email = uniqueEmail('applicant');
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.name}`) }).fill('Maria');
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.surname}`) }).fill(`Applicant${lang}`);
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.email}`) }).fill(email);
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.phone}`) }).fill('+7 900 111-22-33');
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.city}`) }).fill('Moscow');
      await visitor.locator('input[type=file][name=resume]').setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF });
      await visitor.getByRole('textbox', { name: new RegExp(`^${t.message}`) }).fill('I would love to join.');
      await visitor.getByRole('checkbox', { name: t.consent }).check();
      await visitor.getByRole('button', { name: t.submit }).click();
      await expect(visitor.getByTestId('applied')).toContainText(t.done);
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await visitor.screenshot({ path: testInfo.outputPath(`careers-applied-${lang}-phone.png`), fullPage: true });
      await mailedWith(email, t.subject);
      await offline.close();

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      await expect(page.getByText(`Maria Applicant${lang}`).first()).toBeVisible();
    });
  });
}
