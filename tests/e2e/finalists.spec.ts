import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { headers, hiringSpace, signIn, type HiringWorld } from './world.ts';

/** The number of pages of a PDF as Chromium writes it: one `/Type /Page` object per page. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

const TEXT = {
  en: { prefix: '', link: 'Finalists side by side', heading: 'Finalists side by side', stages: 'Time in stages', back: "Back to the vacancy's candidates", forRecruiter: 'hand it to a customer', scrollHint: 'The table is wider than the screen' },
  ru: { prefix: '/ru', link: 'Финалисты рядом', heading: 'Финалисты рядом', stages: 'Время на этапах', back: 'К кандидатам вакансии', forRecruiter: 'передать её заказчику', scrollHint: 'Таблица шире экрана' },
} as const;

test.describe.configure({ mode: 'serial' });
// the browser away from UTC: dates on these pages follow the reader's zone, not the server's
test.use({ timezoneId: 'Asia/Novosibirsk' });

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test.describe(`finalists side by side (${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `F${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('a customer reaches the finalists from the workspace by links, reads them with no script, and prints one A4 page', async ({ page }, testInfo) => {
      await signIn(page, world.customer.email);
      // a comment with one long word (a pasted link) wraps in its column: it does not widen the table
      const rated = await page.context().request.post(`/api/v1/candidates/vacancy/${world.vacancy.id}/${world.candidates.finalist.id}/rating`, {
        data: { score: 4, comment: `https://example.com/${'a'.repeat(300)}` },
        headers,
      });
      expect(rated.status(), await rated.text()).toBe(201);
      const scripts: string[] = [];
      await page.goto(`${t.prefix}/workspace`);
      const vacancy = page.getByTestId('workspace-vacancy').filter({ hasText: world.vacancy.name });
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await vacancy.getByRole('link', { name: t.link }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/finalists/${world.vacancy.id}`);
      await expect(page.getByRole('heading', { level: 1, name: new RegExp(t.heading) })).toBeVisible();
      await expect(page.getByRole('columnheader', { name: world.candidates.finalist.name })).toBeVisible();
      // only finalists: the candidate at the customer interview and the new one stay out
      await expect(page.getByRole('columnheader', { name: world.candidates.interview.name })).toHaveCount(0);
      await expect(page.getByRole('rowheader', { name: t.stages })).toBeVisible();
      // the page speaks to the customer, not of them
      await expect(page.locator('main')).not.toContainText(t.forRecruiter);
      expect(scripts).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`finalists-${lang}-desktop.png`), fullPage: true });
      expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: testInfo.outputPath(`finalists-${lang}-phone.png`), fullPage: true });
      // nothing pushes a phone's page sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // one finalist fits a phone: the table neither scrolls nor says it does
      await expect(page.getByText(t.scrollHint)).toBeHidden();
      expect(await page.locator('.table-scroll').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      // two side by side: the table scrolls, says so, and keeps the row names in view while it does
      await page.goto(`${t.prefix}/vacancy/finalists/${world.vacancy.id}?c=${world.candidates.finalist.id}&c=${world.candidates.interview.id}`);
      await expect(page.getByRole('columnheader', { name: world.candidates.interview.name })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expect(page.getByText(t.scrollHint)).toBeVisible();
      const rowName = page.getByRole('rowheader', { name: t.stages });
      const before = await rowName.boundingBox();
      await page.locator('.table-scroll').evaluate((el) => el.scrollBy(300, 0));
      expect(await page.locator('.table-scroll').evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      expect((await rowName.boundingBox())?.x).toBe(before?.x);

      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('link', { name: t.back })).toBeHidden();
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const file = testInfo.outputPath(`finalists-${lang}.pdf`);
      fs.writeFileSync(file, pdf);
      expect(pdfPages(pdf)).toBe(1);

      // the candidate's name leads to the candidate's page on the vacancy, where they are rated
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('link', { name: world.candidates.finalist.name }).click();
      await expect(page).toHaveURL(`${t.prefix}/candidates/${world.candidates.finalist.id}/${world.vacancy.id}`);
    });
  });
}
