import { expect, test } from './fixtures.ts';
import { headers, hiringSpace, type HiringWorld } from './world.ts';

const TEXT = {
  en: {
    prefix: '',
    title: 'Notifications',
    moved: (who: string) => `Olga Owner moved ${who} to “Customer interview”`,
    scheduled: (who: string, when: string) => `Olga Owner scheduled an interview with ${who} for ${when}`,
    markAll: 'Mark all read',
    allRead: 'Everything is read',
    intl: 'en-GB',
  },
  ru: {
    prefix: '/ru',
    title: 'Уведомления',
    moved: (who: string) => `Olga Owner: ${who} → этап «Собеседование с заказчиком»`,
    scheduled: (who: string, when: string) => `Olga Owner: ${who} — собеседование назначено на ${when}`,
    markAll: 'Отметить все прочитанными',
    allRead: 'Всё прочитано',
    intl: 'ru-RU',
  },
} as const;

const ZONE = 'Asia/Novosibirsk';
test.describe.configure({ mode: 'serial' });
// the browser and the reader away from UTC: the list's times are the reader's
test.use({ timezoneId: ZONE });

for (const lang of ['en', 'ru'] as const) {
  const t = TEXT[lang];
  test.describe(`notifications (${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `N${lang}`, lang);
    });
    test.afterAll(async () => {
      for (const context of world.contexts) await context.close();
    });

    test('the bell counts live over the socket; the list links, dates in the reader\'s zone and marks read', async ({}, testInfo) => {
      const [owner, customerContext] = world.contexts as [NonNullable<HiringWorld['contexts'][0]>, NonNullable<HiringWorld['contexts'][1]>];
      const saved = await customerContext.request.put('/api/v1/users/profile', { headers, data: { name: world.customer.name, surname: `ClientN${lang}`, settings: { timeZone: ZONE } } });
      expect(saved.status(), await saved.text()).toBe(200);
      const page = await customerContext.newPage();

      // the world made the customer its vacancy's, moved two candidates to the customer's stages
      // and scheduled an interview with them
      // the change comes once the tab's socket is there, as for a person who keeps the page open
      const connected = page.waitForEvent('console', { predicate: (message) => message.text().includes('[ws] connected') });
      await page.goto(`${t.prefix}/chats`);
      const bell = page.getByRole('link', { name: new RegExp(`^${t.title}`) });
      await expect(bell.locator('b')).toHaveText('4');
      await connected;

      // the company moves Vera on: the count rises without a reload
      const moved = await owner.request.put(`/api/v1/candidates/vacancy/${world.vacancy.id}/${world.candidates.fresh.id}/stage`, { headers, data: { stage: 4, from: 1 } });
      expect(moved.status(), await moved.text()).toBe(200);
      await expect(bell.locator('b')).toHaveText('5');

      await bell.click();
      await expect(page).toHaveURL(`${t.prefix}/notifications`);
      await expect(page.getByRole('heading', { name: t.title, level: 1 })).toBeVisible();
      const items = page.getByTestId('notifications').getByRole('listitem');
      await expect(items).toHaveCount(5);
      await expect(items.last()).toContainText(world.vacancy.name);
      await expect(items.first()).toContainText(t.moved(world.candidates.fresh.name));
      // the interview's time as the reader's zone tells it
      const interviews = (await (await customerContext.request.get('/api/v1/interviews')).json()) as { startsAt: string }[];
      const when = new Intl.DateTimeFormat(t.intl, { dateStyle: 'long', timeStyle: 'short', timeZone: ZONE }).format(new Date(interviews[0]!.startsAt));
      await expect(page.getByRole('link', { name: t.scheduled(world.candidates.interview.name, when) })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`notifications-${lang}.png`), fullPage: true });
      await page.setViewportSize({ width: 375, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.screenshot({ path: testInfo.outputPath(`notifications-${lang}-phone.png`), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });

      // a notification leads to its candidate on the vacancy, and is read from then on
      await items.first().getByRole('link').click();
      await expect(page).toHaveURL(`${t.prefix}/candidates/${world.candidates.fresh.id}/${world.vacancy.id}`);
      await page.goBack();
      await page.reload();
      await expect(items.first()).toHaveAttribute('data-read', 'true');
      await expect(items.nth(1)).toHaveAttribute('data-read', 'false');

      await page.getByRole('button', { name: t.markAll }).click();
      await expect(page.getByText(t.allRead)).toBeVisible();
      await expect(page.getByRole('link', { name: t.title, exact: true })).toBeVisible();
      await expect(page.locator('a.bell b')).toBeEmpty();
    });
  });
}
