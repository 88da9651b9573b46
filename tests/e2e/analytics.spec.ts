import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

const TEXT = {
  en: { prefix: '', space: 'Funnel analytics', link: 'Analytics', remind: 'Remind', sent: /Reminder sent to Kate/, conversion: 'Conversion', waiting: 'Waiting longest', forRecruiter: 'hand it to a customer' },
  ru: { prefix: '/ru', space: 'Аналитика воронки', link: 'Аналитика', remind: 'Напомнить', sent: /Напоминание отправлено: Катя/, conversion: 'Конверсия', waiting: 'Дольше всех ждут', forRecruiter: 'передать её заказчику' },
} as const;

test.describe.configure({ mode: 'serial' });
// the browser away from UTC: dates on these pages follow the reader's zone, not the server's
test.use({ timezoneId: 'Asia/Novosibirsk' });

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test.describe(`funnel analytics (${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `A${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('a recruiter reaches both reports by links, reminds a customer with a plain form, and prints the report', async ({ page }, testInfo) => {
      await signIn(page, world.company.email);
      await page.goto(`${t.prefix}/recruiter`);
      await page.getByRole('link', { name: t.space, exact: true }).click();
      await expect(page).toHaveURL(`${t.prefix}/recruiter/analytics`);
      await expect(page.getByRole('heading', { level: 1, name: t.space })).toBeVisible();
      await expect(page.locator('script')).toHaveCount(0);

      await page.goto(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      await page.getByRole('link', { name: t.link, exact: true }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/analytics/${world.vacancy.id}`);
      await expect(page.getByRole('heading', { level: 2, name: t.conversion })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: t.waiting })).toBeVisible();
      await expect(page.locator('main')).toContainText(t.forRecruiter);
      await page.screenshot({ path: testInfo.outputPath(`analytics-${lang}-desktop.png`), fullPage: true });

      // the candidate at the customer interview waits on the customer: remind them
      const item = page.getByTestId('waiting-item').filter({ hasText: world.candidates.interview.name });
      await item.getByRole('button', { name: t.remind }).click();
      await expect(page.getByRole('status')).toHaveText(t.sent);
      await expect(page).toHaveURL(new RegExp(`/vacancy/analytics/${world.vacancy.id}\\?reminded=`));

      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: testInfo.outputPath(`analytics-${lang}-phone.png`), fullPage: true });
      // nothing pushes a phone's page sideways, and every table fits its block: no heading is cut
      // at the edge or broken in the middle of a syllable to fit (a pixel is sub-pixel rounding)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const brokenWords = await page.locator('.fr-block thead th').evaluateAll((cells) =>
        // the chart's column is not shown on a phone
        cells.filter((cell) => cell.getClientRects().length > 0).flatMap((cell) => {
          const room = cell.clientWidth - parseFloat(getComputedStyle(cell).paddingLeft) - parseFloat(getComputedStyle(cell).paddingRight);
          // a piece between spaces and soft hyphens wider than its cell was broken mid-syllable
          return (cell.textContent ?? '').split(/[\s\u00ad]+/).filter((piece) => {
            const probe = cell.appendChild(document.createElement('span'));
            probe.style.whiteSpace = 'nowrap';
            probe.textContent = piece;
            const wide = probe.getBoundingClientRect().width > room + 0.5;
            probe.remove();
            return wide;
          });
        }),
      );
      expect(brokenWords).toEqual([]);
      expect(await page.locator('.fr-block').evaluateAll((blocks) => blocks.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.querySelector('h2')?.textContent}: ${b.scrollWidth} > ${b.clientWidth}`))).toEqual([]);

      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('button', { name: t.remind }).first()).toBeHidden();
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      fs.writeFileSync(testInfo.outputPath(`analytics-${lang}.pdf`), pdf);
      expect(pdfPages(pdf)).toBeGreaterThanOrEqual(1);
      expect(pdfPages(pdf)).toBeLessThanOrEqual(2);
    });

    test('the customer reaches the vacancy\'s report from the workspace and cannot remind anyone', async ({ page }) => {
      await signIn(page, world.customer.email);
      await page.goto(`${t.prefix}/workspace`);
      const vacancy = page.getByTestId('workspace-vacancy').filter({ hasText: world.vacancy.name });
      await vacancy.getByRole('link', { name: t.link, exact: true }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/analytics/${world.vacancy.id}`);
      await expect(page.getByRole('heading', { level: 2, name: t.conversion })).toBeVisible();
      await expect(page.getByRole('button', { name: t.remind })).toHaveCount(0);
      // the page speaks to the customer, not of them
      await expect(page.locator('main')).not.toContainText(t.forRecruiter);
    });
  });
}
