import { expect, test } from './fixtures.ts';
import { headers, hiringSpace, signIn, type HiringWorld } from './world.ts';

/**
 * Bulk actions on a phone (issue 15 item 5, docs/decisions/0030), in both languages: rows are
 * selected in the vacancy's list and in the candidate database, the confirmation says how many,
 * and the result says what was done.
 */

const TEXT = {
  en: { selected: /3 selected/, selectPage: 'Select all on the page', move: 'Move to stage', stage: 'Stage', testing: 'Testing', next: 'Continue', confirmMove: 'Move 3 candidates to Testing?', go: 'Confirm', done3: 'Done for 3 candidates.', close: 'Close', add: 'Add to vacancy', vacancy: 'Vacancy', confirmAdd: /Add 1 candidate to “/, done1: 'Done for 1 candidate.', select: (name: string) => `Select ${name}`, confirmAdd2: /Add 2 candidates to “/, willSkip: '1 of them will be skipped:', onVacancy: 'already on the vacancy: 1', skipped: '1 skipped:', skipAll: 'None of them can be changed so:' },
  ru: { selected: /Выбрано 3/, selectPage: 'Выбрать всех на странице', move: 'Перевести на этап', stage: 'Этап', testing: 'Тестирование', next: 'Продолжить', confirmMove: 'Перевести 3 кандидата на этап «Тестирование»?', go: 'Подтвердить', done3: 'Выполнено для 3 кандидатов.', close: 'Закрыть', add: 'Добавить в вакансию', vacancy: 'Вакансия', confirmAdd: /Добавить 1 кандидата в «/, done1: 'Выполнено для 1 кандидата.', select: (name: string) => `Выбрать: ${name}`, confirmAdd2: /Добавить 2 кандидата в «/, willSkip: '1 из них будет пропущен:', onVacancy: 'уже в вакансии: 1', skipped: 'Пропущен 1:' , skipAll: 'Ни с одним из них этого сделать нельзя:' },
} as const;

for (const lang of ['en', 'ru'] as const) {
  test.describe(`bulk actions (${lang})`, () => {
    let world: HiringWorld;
    const text = TEXT[lang];
    const prefix = lang === 'ru' ? '/ru' : '';

    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `Bulk${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('moves a vacancy’s candidates to a stage at phone width', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, world.company.email);
      await page.goto(`${prefix}/vacancy/candidates/${world.vacancy.id}`);
      await page.getByRole('checkbox', { name: text.select(world.candidates.fresh.name) }).check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByRole('button', { name: text.selectPage }).click();
      await expect(bar.getByTestId('bulk-count')).toHaveText(text.selected);
      await page.screenshot({ path: `test-results/bulk-vacancy-${lang}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await bar.getByRole('button', { name: text.move }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(text.stage).selectOption({ label: text.testing });
      await form.getByRole('button', { name: text.next }).click();
      const confirm = page.getByRole('alertdialog', { name: text.confirmMove });
      await expect(confirm).toBeVisible();
      await page.screenshot({ path: `test-results/bulk-confirm-${lang}.png` });
      await confirm.getByRole('button', { name: text.go }).click();
      await expect(page.getByTestId('bulk-result')).toHaveText(text.done3);
      await page.getByRole('dialog').getByRole('button', { name: text.close }).last().click();
      // the page comes again with the stages as they are now
      for (const person of Object.values(world.candidates)) {
        await expect(page.locator(`tr[data-candidate="${person.id}"]`)).toContainText(text.testing);
      }
    });

    test('adds a candidate of the database to a vacancy at phone width', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page, world.company.email);
      const surname = `Database${lang}`;
      const created = await page.context().request.post('/api/v1/candidates', { headers, data: { name: 'Lev', surname, positionName: 'Analyst' } });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(`${prefix}/candidates`);
      await page.getByRole('checkbox', { name: text.select(`Lev ${surname}`) }).check();
      const bar = page.getByTestId('bulk-bar');
      await expect(bar).toBeVisible();
      // the bar on a desktop too, for the eye
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `test-results/bulk-database-desktop-${lang}.png` });
      await page.setViewportSize({ width: 390, height: 844 });
      await bar.getByRole('button', { name: text.add }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(text.vacancy).selectOption({ label: world.vacancy.name });
      await page.screenshot({ path: `test-results/bulk-database-${lang}.png`, fullPage: true });
      await form.getByRole('button', { name: text.next }).click();
      const confirm = page.getByRole('alertdialog', { name: text.confirmAdd });
      await confirm.getByRole('button', { name: text.go }).click();
      await expect(page.getByTestId('bulk-result')).toHaveText(text.done1);
      await page.getByRole('dialog').getByRole('button', { name: text.close }).last().click();
      await expect(bar).toBeHidden();
      await page.goto(`${prefix}/vacancy/candidates/${world.vacancy.id}`);
      await expect(page.getByRole('link', { name: `Lev ${surname}` })).toBeVisible();

      // the same add again would change nothing: the dialog says why and offers no Confirm
      await page.goto(`${prefix}/candidates`);
      await page.getByRole('checkbox', { name: text.select(`Lev ${surname}`) }).check();
      await bar.getByRole('button', { name: text.add }).click();
      await page.getByRole('dialog').getByLabel(text.vacancy).selectOption({ label: world.vacancy.name });
      await page.getByRole('dialog').getByRole('button', { name: text.next }).click();
      const nothing = page.getByRole('alertdialog', { name: text.confirmAdd });
      await expect(nothing).toContainText(text.skipAll);
      await expect(nothing.getByRole('button', { name: text.go })).toHaveCount(0);
    });

    test('says which candidates it skips and why, before and after', async ({ page }) => {
      await signIn(page, world.company.email);
      const surname = `Skipped${lang}`;
      const created = await page.context().request.post('/api/v1/candidates', { headers, data: { name: 'Ida', surname, positionName: 'Analyst' } });
      expect(created.status(), await created.text()).toBe(201);
      await page.goto(`${prefix}/candidates`);
      // one new to the vacancy, one on it already: the reason arrives from the server as a key
      await page.getByRole('checkbox', { name: text.select(`Ida ${surname}`) }).check();
      await page.getByRole('checkbox', { name: text.select(world.candidates.fresh.name) }).check();
      const bar = page.getByTestId('bulk-bar');
      await bar.getByRole('button', { name: text.add }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel(text.vacancy).selectOption({ label: world.vacancy.name });
      await form.getByRole('button', { name: text.next }).click();
      const confirm = page.getByRole('alertdialog', { name: text.confirmAdd2 });
      await expect(confirm.getByText(text.willSkip)).toBeVisible();
      await expect(confirm.getByRole('listitem')).toHaveText([text.onVacancy]);
      await page.screenshot({ path: `test-results/bulk-skip-${lang}.png` });
      await confirm.getByRole('button', { name: text.go }).click();
      const result = page.getByTestId('bulk-result');
      await expect(result).toContainText(text.done1);
      await expect(result).toContainText(text.skipped);
      await expect(result.getByRole('listitem')).toHaveText([text.onVacancy]);
    });
  });
}
