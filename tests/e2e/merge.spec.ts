import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { axe, ORIGIN, signUpViaApi } from './helpers.ts';

/**
 * Issue 15 item 4 (docs/decisions/0029), at a phone's width in both languages: the candidate
 * form warns of a likely duplicate while it is typed (and still saves), the new candidate's
 * profile offers the merge, the merge page chooses field by field, and the merge is undone.
 */

const headers = { origin: ORIGIN };
const SHOTS = process.env.E2E_SHOTS;

const TEXT = {
  en: {
    name: 'Name', surname: 'Surname', email: 'Email', create: 'Add candidate', created: 'The candidate is added', continue: 'Continue',
    warning: 'This candidate may already be in the database', reason: 'same e-mail', duplicates: 'Possible duplicates', mergeLink: 'Merge into this candidate',
    title: 'Merge candidates', nameField: 'Name', positionField: 'Position', other: 'Merged candidate', merge: 'Merge', merged: 'The candidates are merged.', undo: 'Undo the merge', undone: 'The merge is undone: both candidates are back as they were.',
  },
  ru: {
    name: 'Имя', surname: 'Фамилия', email: 'Электронная почта', create: 'Добавить кандидата', created: 'Кандидат добавлен', continue: 'Продолжить',
    warning: 'Возможно, этот кандидат уже есть в базе', reason: 'тот же e-mail', duplicates: 'Возможные дубликаты', mergeLink: 'Объединить с этим кандидатом',
    title: 'Объединение кандидатов', nameField: 'Имя', positionField: 'Должность', other: 'Присоединяемый кандидат', merge: 'Объединить', merged: 'Кандидаты объединены.', undo: 'Отменить объединение', undone: 'Объединение отменено: оба кандидата снова такие, как были.',
  },
} as const;

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const lang of ['en', 'ru'] as const) {
  test(`duplicate warning, merge and undo at a phone's width (${lang})`, async ({ browser }) => {
    const words = TEXT[lang];
    const prefix = lang === 'ru' ? '/ru' : '';
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' }, lang);
    const surname = `Dup${Date.now().toString(36)}`;
    const email = uniqueEmail('dupe');
    const first = await context.request.post('/api/v1/candidates', { headers, data: { name: 'Anna', surname, email, positionName: 'Designer' } });
    expect(first.status(), await first.text()).toBe(201);
    const firstId = ((await first.json()) as { id: string }).id;

    // the form warns while the address is typed, and saving still adds the candidate
    await page.goto(`${prefix}/candidates/new`);
    await page.getByLabel(words.name, { exact: true }).fill('Anya');
    await page.getByLabel(words.surname, { exact: true }).fill(surname);
    await page.getByLabel(words.email, { exact: true }).fill(`  ${email.toUpperCase()}`);
    const warning = page.getByTestId('duplicate-warning');
    await expect(warning).toContainText(words.warning);
    await expect(warning).toContainText(words.reason);
    await expect(warning.getByRole('link', { name: new RegExp(`Anna ${surname}`) })).toHaveAttribute('href', `${prefix}/candidates/${firstId}/-`);
    await fitsThePhone(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await shot(page, `form-${lang}`);
    await page.getByRole('button', { name: words.create }).click();
    const done = page.getByRole('alertdialog', { name: words.created });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: words.continue }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/candidates/[0-9a-f-]{36}/-$`));
    const secondId = /candidates\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

    // the new candidate's profile names the duplicate and why, with the way to merge
    const section = page.getByTestId('duplicates-section');
    await expect(section.getByRole('heading', { name: words.duplicates })).toBeVisible();
    await expect(section).toContainText(words.reason);
    await fitsThePhone(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await shot(page, `profile-${lang}`);
    await section.getByRole('link', { name: words.mergeLink }).click();
    await expect(page).toHaveURL(`${prefix}/candidates/${secondId}/merge/${firstId}`);
    await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
    await fitsThePhone(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await shot(page, `merge-${lang}`);

    // a field this card leaves empty starts on the other's value (its position), the others on this one's
    await expect(page.getByRole('group', { name: words.positionField, exact: true }).getByRole('radio', { name: new RegExp(words.other) })).toBeChecked();
    await expect(page.getByRole('group', { name: words.nameField, exact: true }).getByRole('radio', { name: new RegExp(words.other) })).not.toBeChecked();
    // the other's first name is kept; every other difference keeps this candidate's
    await page.getByRole('group', { name: words.nameField, exact: true }).getByRole('radio', { name: new RegExp(words.other) }).check();
    await page.getByRole('button', { name: words.merge, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}/candidates/${secondId}/-?merge=done`);
    await expect(page.getByRole('status').filter({ hasText: words.merged })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Anna ${surname}`);
    await expect(page.getByTestId('duplicates-section')).toHaveCount(0);
    expect((await context.request.get(`/api/v1/candidates/${firstId}`)).status()).toBe(404);
    await fitsThePhone(page);
    expect((await axe(page).analyze()).violations).toEqual([]);
    await shot(page, `merged-${lang}`);

    await page.getByRole('button', { name: words.undo }).click();
    await expect(page).toHaveURL(`${prefix}/candidates/${secondId}/-?merge=undone`);
    await expect(page.getByRole('status').filter({ hasText: words.undone })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Anya ${surname}`);
    await expect(page.getByTestId('duplicates-section')).toContainText(words.reason);
    expect((await context.request.get(`/api/v1/candidates/${firstId}`)).status()).toBe(200);
    await shot(page, `undone-${lang}`);
    await context.close();
  });
}
