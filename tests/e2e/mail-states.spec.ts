/**
 * What a person sees when a mail could not be delivered (docs/decisions/0010): the consent
 * dialog's Send error with its retry, and an invite marked Not delivered with Send again, in both
 * languages and at phone width. The e2e product writes mail to its outbox, which never fails:
 * the tests record the queue's verdict in the database as the queue does, then use the pages.
 * (The real failures, against a stopped SMTP server, are tests/server/mail.test.ts.)
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';
import { ORIGIN, signUpViaApi } from './helpers.ts';
import { translator } from '../../src/lib/i18n/messages.ts';
import type { Locale } from '../../src/lib/i18n/index.ts';

const headers = { origin: ORIGIN };
const SCREENS = path.resolve('test-results/screens');

async function sql(query: string, params: unknown[]): Promise<void> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'database-url'), 'utf8') });
  await client.connect();
  try {
    await client.query(query, params);
  } finally {
    await client.end();
  }
}

/** Waits for the queue to send the mail (to the outbox) before the test marks it failed. */
async function settled(check: () => Promise<boolean>): Promise<void> {
  await expect.poll(check, { timeout: 10_000 }).toBe(true);
}

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.screenshot({ path: path.join(SCREENS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const locale of ['en', 'ru'] as Locale[]) {
  const t = translator(locale);
  const prefix = locale === 'ru' ? '/ru' : '';

  test.describe(`undelivered mail (${locale})`, () => {
    test.use({ timezoneId: 'Asia/Vladivostok' });

    test('the consent dialog says Send error and its retry sends the request again', async ({ page }) => {
      await page.goto(`${prefix}/`);
      await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' }, locale);
      const api = page.context().request;
      const email = uniqueEmail('cand');
      const candidate = (await (await api.post('/api/v1/candidates', { headers, data: { name: 'Anna', surname: 'Smirnova', positionName: 'Designer', email } })).json()) as { id: string };
      expect((await api.post('/api/v1/candidates/pd', { headers, data: { candidateId: candidate.id } })).status()).toBe(200);
      await settled(async () => ((await (await api.get(`/api/v1/candidates/${candidate.id}`)).json()) as { pdMail: string }).pdMail === 'sent');
      // the queue gave up on the mail: what recordConsentMail writes
      await sql(`update pd_requests set mail_state = 'failed', mail_state_at = now() where candidate_id = $1`, [candidate.id]);
      await sql('update candidates set pd_status = 5 where id = $1', [candidate.id]);

      await page.goto(`${prefix}/candidates/${candidate.id}/-`);
      const button = page.getByTestId('pd-button');
      await expect(button).toHaveText(t('candidate.pd.5'));
      await button.click();
      const modal = page.getByRole('dialog', { name: t('candidate_profile.pd.title') });
      await expect(modal.getByTestId('pd-status')).toHaveText(t('candidate.pd_status.5'));
      await expect(modal.getByRole('alert')).toHaveText(t('candidate_profile.pd.state.5', { email }));
      await expect(modal.getByRole('listitem').first()).toContainText(t('candidate_profile.pd.send_failed'));
      await shoot(page, `consent-send-error-${locale}`);

      await modal.getByRole('button', { name: t('candidate_profile.pd.retry') }).click();
      await expect(modal.getByRole('status')).toHaveText(t('candidate_profile.pd.sent', { email }));
      await expect(modal.getByTestId('pd-status')).toHaveText(t('candidate.pd_status.2'));
      await modal.getByRole('button', { name: t('app.close') }).click();
      await expect(page.getByTestId('pd-button')).toHaveText(t('candidate.pd.2'));
    });

    test('an undelivered invite is marked Not delivered and can be sent again', async ({ page }) => {
      await page.goto(`${prefix}/`);
      await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' }, locale);
      const api = page.context().request;
      const lost = uniqueEmail('lost');
      const fine = uniqueEmail('fine');
      for (const [email, name] of [[fine, 'Kate'], [lost, 'Ivan']]) {
        expect((await api.post('/api/v1/users/invite', { headers, data: { email, name, surname: 'Petrov', role: 'customer' } })).status()).toBe(201);
      }
      const list = async () => (await (await api.get('/api/v1/users/invite')).json()) as { email: string; mail: string }[];
      await settled(async () => (await list()).every((i) => i.mail === 'sent'));
      await sql(`update invites set mail_state = 'failed', mail_state_at = now() where email = $1`, [lost]);

      await page.goto(`${prefix}/profile`);
      const customers = page.getByRole('region', { name: t('profile.my_customers') });
      const lostRow = customers.getByRole('listitem').filter({ hasText: lost });
      await expect(lostRow.getByText(t('profile.not_delivered'), { exact: true })).toBeVisible();
      await expect(customers.getByRole('listitem').filter({ hasText: fine }).getByText(t('profile.invited'), { exact: true })).toBeVisible();
      await shoot(page, `invite-not-delivered-${locale}`);

      await lostRow.getByRole('button', { name: t('profile.send_again') }).click();
      const sent = page.getByRole('dialog', { name: t('profile.invite_sent') });
      await expect(sent).toBeVisible();
      await sent.getByRole('button', { name: t('app.close') }).click();
      await expect(lostRow.getByText(t('profile.invited'), { exact: true })).toBeVisible();
      await expect(lostRow.getByText(t('profile.not_delivered'), { exact: true })).toHaveCount(0);
    });
  });
}
