import { expect, mailedMatch, test } from './fixtures.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

const TEXT = {
  en: { prefix: '', send: 'Send to customer', submit: 'Send', sent: 'Sent to 1 customer', rate: 'Save the rating', rated: 'Your rating is saved.', reason: 'Why? The recruiter sees your reason', reject: 'Reject the candidate', rejected: 'The candidate is rejected and moved to the archive.', withdraw: 'Withdraw', withdrawn: 'This link was withdrawn' },
  ru: { prefix: '/ru', send: 'Отправить заказчику', submit: 'Отправить', sent: 'Отправлено 1 заказчику', rate: 'Сохранить оценку', rated: 'Оценка сохранена.', reason: 'Причина отказа — её увидит рекрутер', reject: 'Отказать кандидату', rejected: 'Кандидату отказано, он перенесён в архив.', withdraw: 'Отозвать', withdrawn: 'Ссылка отозвана' },
} as const;

test.describe.configure({ mode: 'serial' });
// the browser away from UTC: dates on these pages follow the reader's zone, not the server's
test.use({ timezoneId: 'Asia/Novosibirsk' });

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test.describe(`shortlists by e-mail (${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `S${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('a recruiter sends candidates; the customer, with JavaScript off, rates and rejects from the mailed link; the recruiter withdraws it', async ({ page, browser }, testInfo) => {
      await signIn(page, world.company.email);
      await page.goto(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      await page.getByRole('link', { name: t.send, exact: true }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/shortlist/${world.vacancy.id}`);
      // the customers' stages are chosen at first; the new candidate is not
      await expect(page.getByRole('checkbox', { name: new RegExp(world.candidates.interview.name) })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: new RegExp(world.candidates.fresh.name) })).not.toBeChecked();
      await page.screenshot({ path: testInfo.outputPath(`shortlist-send-${lang}.png`), fullPage: true });
      await page.getByRole('button', { name: t.submit, exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(t.sent);
      // the list of sent links scrolls inside its card on a phone; the page does not
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 720 });

      const link = await mailedMatch(world.customer.email, /http\S+\/shortlist\?token=[\w-]+/);
      const offline = await browser.newContext({ javaScriptEnabled: false });
      const customer = await offline.newPage();
      await customer.goto(new URL(link).pathname + new URL(link).search);
      const interview = customer.getByTestId('shortlist-candidate').filter({ hasText: world.candidates.interview.name });
      const finalist = customer.getByTestId('shortlist-candidate').filter({ hasText: world.candidates.finalist.name });
      await expect(interview).toBeVisible();
      await expect(finalist).toBeVisible();
      await customer.screenshot({ path: testInfo.outputPath(`shortlist-page-${lang}.png`), fullPage: true });

      await interview.getByRole('radio', { name: '4' }).check();
      await interview.getByRole('button', { name: t.rate }).click();
      await expect(customer.getByTestId('shortlist-candidate').filter({ hasText: world.candidates.interview.name }).getByRole('status')).toHaveText(t.rated);

      await finalist.getByLabel(t.reason).fill('Salary expectations too high');
      await finalist.getByRole('button', { name: t.reject }).click();
      await expect(customer.getByTestId('shortlist-candidate').filter({ hasText: world.candidates.finalist.name }).getByRole('status')).toHaveText(t.rejected);

      await customer.setViewportSize({ width: 390, height: 844 });
      await customer.screenshot({ path: testInfo.outputPath(`shortlist-page-${lang}-phone.png`), fullPage: true });
      // nothing pushes a phone's page sideways
      expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      // the answers are in the funnel as the customer's
      const profile = await page.context().request.get(`/api/v1/candidates/${world.candidates.finalist.id}?vacancyId=${world.vacancy.id}`);
      const funnel = ((await profile.json()) as { funnel: { stage: number; history: { kind: string; to: string }[] } }).funnel;
      expect(funnel.stage).toBe(7);
      expect(funnel.history).toContainEqual(expect.objectContaining({ kind: 'reject_reason', to: 'Salary expectations too high' }));

      await page.getByRole('button', { name: t.withdraw }).click();
      await customer.reload();
      await expect(customer.getByRole('heading', { level: 1 })).toHaveText(t.withdrawn);
      await offline.close();
    });
  });
}
