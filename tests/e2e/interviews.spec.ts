import type { ParsedMail } from 'mailparser';
import { expect, mailedWith, test } from './fixtures.ts';
import { fillDate, inviteAndRegister, signUpViaApi } from './helpers.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

/**
 * Interviews are objects (issue 11, item 5): a recruiter opens an interview from the candidate's
 * profile, reschedules it and cancels it through the pages, in both languages; the customer taking
 * part gets the same calendar event each time, with a higher SEQUENCE, then a cancellation.
 */
const LANGS = {
  en: {
    prefix: '',
    interviews: 'Interviews',
    reschedule: 'Reschedule',
    rescheduleTitle: 'Reschedule interview',
    when: 'Date and time',
    save: 'Save and notify',
    cancel: 'Cancel interview',
    cancelTitle: 'Cancel this interview?',
    cancelled: 'Cancelled',
    invited: /^Interview with/,
    changed: /^Interview changed/,
    cancelledMail: /^Interview cancelled/,
  },
  ru: {
    prefix: '/ru',
    interviews: 'Собеседования',
    reschedule: 'Перенести',
    rescheduleTitle: 'Перенести собеседование',
    when: 'Дата и время',
    save: 'Сохранить и оповестить',
    cancel: 'Отменить собеседование',
    cancelTitle: 'Отменить собеседование?',
    cancelled: 'Отменено',
    invited: /^Собеседование: /,
    changed: /^Собеседование изменено/,
    cancelledMail: /^Собеседование отменено/,
  },
} as const;

/** The .ics of a mail, unfolded, as lines; the event's own properties come after BEGIN:VEVENT. */
function ics(mail: ParsedMail): { lines: string[]; get: (name: string) => string | undefined } {
  const lines = mail.attachments.find((a) => a.filename === 'interview.ics')!.content.toString().replace(/\r\n /g, '').split('\r\n');
  const event = lines.slice(lines.indexOf('BEGIN:VEVENT'));
  return { lines, get: (name) => event.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)) };
}

/** A wall clock in Moscow (every account's zone here) some days ahead: 'YYYY-MM-DDTHH:mm'. */
function moscowWall(days: number, time: string): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date(Date.now() + days * 86_400_000));
  return `${day}T${time}`;
}

for (const lang of ['en', 'ru'] as const) {
  test.describe(`(${lang})`, () => {
    let world: HiringWorld;
    test.beforeAll(async ({ browser }) => {
      world = await hiringSpace(browser, `Iv${lang}`, lang);
    });
    test.afterAll(async () => {
      await Promise.all(world.contexts.map((c) => c.close()));
    });

    test(`an interview is rescheduled and cancelled through the pages; the mails carry the right .ics (${lang})`, async ({ page }) => {
      const t = LANGS[lang];
      await signIn(page, world.company.email);
      const first = ics(await mailedWith(world.customer.email, t.invited));
      const uid = first.get('UID')!;
      expect(first.get('SEQUENCE')).toBe('SEQUENCE:0');

      // from the candidate's profile to the interview's own page
      await page.goto(`${t.prefix}/candidates/${world.candidates.interview.id}/${world.vacancy.id}`);
      await page.getByTestId('candidate-interviews').getByRole('link').first().click();
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/interviews/[0-9a-f-]{36}$`));
      const id = page.url().split('/').at(-1)!;
      expect(uid).toBe(`UID:${id}@recruit`);
      // the meeting link opens, in a tab of its own, telling the meeting nothing of this page
      const meeting = page.getByRole('link', { name: 'https://meet.example/room' });
      await expect(meeting).toHaveAttribute('href', 'https://meet.example/room');
      await expect(meeting).toHaveAttribute('rel', 'noopener noreferrer');

      // reschedule to 11:30 Moscow time in five days
      const wall = moscowWall(5, '11:30');
      await page.getByRole('button', { name: t.reschedule }).click();
      const dialog = page.getByRole('dialog', { name: t.rescheduleTitle });
      await fillDate(dialog, t.when, wall, lang);
      await dialog.getByRole('button', { name: t.save }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('interview-when')).toContainText('11:30');
      const moved = ics(await mailedWith(world.customer.email, t.changed));
      expect(moved.get('UID')).toBe(uid);
      expect(moved.get('SEQUENCE')).toBe('SEQUENCE:1');
      expect(moved.lines).toContain('METHOD:REQUEST');
      expect(moved.get('DTSTART')).toBe(`DTSTART;TZID=Europe/Moscow:${wall.replace(/[-:]/g, '')}00`);

      // cancel: the page says so, the mail removes it from the calendar
      await page.getByRole('button', { name: t.cancel }).click();
      const confirm = page.getByRole('alertdialog', { name: t.cancelTitle });
      await confirm.getByRole('button', { name: t.cancel }).click();
      await expect(page.getByTestId('interview-status')).toHaveText(t.cancelled);
      await expect(page.getByRole('button', { name: t.reschedule })).toHaveCount(0);
      const cancelled = ics(await mailedWith(world.customer.email, t.cancelledMail));
      expect(cancelled.get('UID')).toBe(uid);
      expect(cancelled.get('SEQUENCE')).toBe('SEQUENCE:2');
      expect(cancelled.lines).toContain('METHOD:CANCEL');
      expect(cancelled.get('STATUS')).toBe('STATUS:CANCELLED');

      // the candidate's profile keeps it, marked; the Interviews section no longer lists it
      await page.goto(`${t.prefix}/candidates/${world.candidates.interview.id}/${world.vacancy.id}`);
      await expect(page.getByTestId('candidate-interviews')).toContainText(t.cancelled);
      await page.goto(`${t.prefix}/interviews`);
      await expect(page.locator(`a[href$="/interviews/${id}"]`)).toHaveCount(0);
    });
  });
}

test('with no interviews, a recruiter is told how to schedule one and a customer that one will appear (en, ru)', async ({ page, browser }) => {
  await page.goto('/');
  await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  const other = await browser.newContext();
  const customer = await other.newPage();
  await inviteAndRegister(page, customer, 'customer', { name: 'Kate', surname: 'Client' });

  await page.goto('/interviews');
  await expect(page.locator('main')).toContainText('Schedule one with “Make an appointment” on a candidate’s page.');
  // a customer has no such button: the page does not send them looking for it
  await customer.goto('/interviews');
  await expect(customer.locator('main')).toContainText('When the recruiter schedules one with you, it appears here.');
  await expect(customer.locator('main')).not.toContainText('Make an appointment');
  await customer.goto('/ru/interviews');
  await expect(customer.locator('main')).toContainText('Когда рекрутер назначит собеседование с вами, оно появится здесь.');
  await expect(customer.locator('main')).not.toContainText('Назначить встречу');
  await other.close();
});
