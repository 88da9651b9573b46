import { expect, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, registerViaPages } from './helpers.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

/**
 * Time zones (issue 11, item 4). The browsers below run outside UTC and outside the company's
 * saved zone: every page must render without a console error (React's #418 is a hydration
 * mismatch, which the fixture turns into a failure), and the times shown must be those of the
 * reader's saved zone, not the server's or the browser's.
 */
const headers = { origin: ORIGIN };
const OTHER = { 'Asia/Novosibirsk': 'America/New_York', 'America/New_York': 'Asia/Novosibirsk' } as const;

/** '14:30' of a moment in a zone, as the pages write a time of day. */
const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));

for (const timezoneId of ['Asia/Novosibirsk', 'America/New_York'] as const) {
  test.describe(`in ${timezoneId}`, () => {
    test.use({ timezoneId });

    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `Tz${timezoneId.length}`, 'en');
    });
    test.afterAll(async () => {
      await Promise.all(world.contexts.map((c) => c.close()));
    });

    test('registration keeps the browser’s zone', async ({ page }) => {
      const email = uniqueEmail('zone');
      await registerViaPages(page, email);
      const me = (await (await page.context().request.get('/api/v1/users/profile')).json()) as { settings: { timeZone: string } };
      expect(me.settings.timeZone).toBe(timezoneId);
    });

    test('the times shown are those of the reader’s saved zone, which the profile changes', async ({ page }) => {
      await signIn(page, world.company.email);
      const request = page.context().request;
      // the company keeps a zone neither the browser's nor the customer's (Moscow)
      const saved = OTHER[timezoneId];
      expect((await request.put('/api/v1/users/profile', { headers, data: { name: 'Olga', surname: 'Owner', settings: { timeZone: saved } } })).status()).toBe(200);
      const [interview] = (await (await request.get('/api/v1/interviews')).json()) as { startsAt: string }[];
      await page.goto('/interviews');
      const list = page.getByTestId('interviews');
      await expect(list.locator('.interview-time time').first()).toHaveText(clock(interview!.startsAt, saved));
      // the customer keeps Moscow time: the reader's zone is named
      await expect(list.locator('.zone-note').first()).toContainText(saved.split('/')[1]!.replace('_', ' '));
      await expect(page.getByText(`Times are in your time zone, ${saved.split('/')[1]!.replace('_', ' ')}`)).toBeVisible();
      await page.goto('/recruiter');
      await expect(page.getByTestId('interviews').locator('time').first()).toContainText(clock(interview!.startsAt, saved));

      // the appointment dialog takes times in the saved zone, and says the device keeps another
      await page.goto(`/candidates/${world.candidates.interview.id}/${world.vacancy.id}`);
      await page.getByRole('button', { name: 'Make an appointment' }).click();
      const appointment = page.getByRole('dialog', { name: 'Make an appointment' });
      await expect(appointment).toContainText(`This device is set to ${timezoneId.split('/')[1]!.replace('_', ' ')}`);
      await appointment.getByRole('button', { name: 'Cancel' }).click();

      // the profile names the zone, offers the device's, and changes it
      await page.goto('/profile');
      await expect(page.getByTestId('time-zone')).toContainText(saved.split('/')[1]!.replace('_', ' '));
      await expect(page.getByText(`This device is set to ${timezoneId.split('/')[1]!.replace('_', ' ')}`)).toBeVisible();
      await page.getByRole('button', { name: 'Change time zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change time zone' });
      await dialog.getByRole('button', { name: /Use this device’s zone/ }).click();
      await expect(dialog.getByLabel('Time zone')).toHaveValue(timezoneId);
      await dialog.getByLabel('Time zone').selectOption('Europe/Moscow');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('time-zone')).toContainText('Moscow (GMT+03:00)');
      await page.goto('/interviews');
      await expect(list.locator('.interview-time time').first()).toHaveText(clock(interview!.startsAt, 'Europe/Moscow'));
      // everyone on Moscow time now: no zone to name
      await expect(list.locator('.zone-note')).toHaveCount(0);
    });

    for (const lang of ['en', 'ru'] as const) {
      test(`the company's pages hydrate without an error (${lang})`, async ({ page }) => {
        const prefix = lang === 'ru' ? '/ru' : '';
        await signIn(page, world.company.email);
        // a chat message, so that the chat list and the dialog show times
        await page.goto(`${prefix}/chats/${world.customer.id}`);
        await page.getByLabel(lang === 'ru' ? 'Сообщение' : 'Message').fill(`Hello from ${timezoneId}`);
        await page.getByRole('button', { name: lang === 'ru' ? 'Отправить' : 'Send' }).click();
        await expect(page.getByTestId('chat-message').last()).toContainText(`Hello from ${timezoneId}`);
        const [interview] = (await (await page.context().request.get('/api/v1/interviews')).json()) as { id: string }[];
        for (const path of [`/interviews/${interview!.id}`, '/recruiter', '/chats', `/chats/${world.customer.id}`, '/interviews', `/candidates/${world.candidates.interview.id}/${world.vacancy.id}`, '/profile', '/candidates', `/vacancy/candidates/${world.vacancy.id}`, '/help']) {
          await page.goto(`${prefix}${path}`);
          await page.waitForLoadState('networkidle');
        }
        if (lang === 'ru') {
          // places in the reader's language, in the server's HTML and the browser's render alike
          const saved = OTHER[timezoneId];
          expect((await page.context().request.put('/api/v1/users/profile', { headers, data: { name: 'Olga', surname: 'Owner', settings: { timeZone: saved } } })).status()).toBe(200);
          await page.goto('/ru/profile');
          await page.waitForLoadState('networkidle');
          await expect(page.getByTestId('time-zone')).toContainText(saved === 'Asia/Novosibirsk' ? 'Новосибирск (GMT+07:00)' : 'Нью-Йорк (GMT-0');
          await page.getByRole('button', { name: 'Сменить часовой пояс' }).click();
          await expect(page.getByRole('dialog').getByRole('option', { name: '(GMT+03:00) Москва' })).toHaveCount(1);
        }
      });

      test(`the customer's pages hydrate without an error (${lang})`, async ({ page }) => {
        const prefix = lang === 'ru' ? '/ru' : '';
        await signIn(page, world.customer.email);
        const [interview] = (await (await page.context().request.get('/api/v1/interviews')).json()) as { id: string }[];
        for (const path of [`/interviews/${interview!.id}`, '/workspace', '/chats', '/interviews', `/candidates/${world.candidates.finalist.id}/${world.vacancy.id}`, '/profile']) {
          await page.goto(`${prefix}${path}`);
          await page.waitForLoadState('networkidle');
        }
      });
    }
  });
}
