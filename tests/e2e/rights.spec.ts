import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, mailedMatch, test, uniqueEmail } from './fixtures.ts';
import { axe, ORIGIN, signUpViaApi } from './helpers.ts';

/**
 * Issue 13 items 3–5 (docs/decisions/0025): the candidate, with scripts off, reaches their rights
 * page from the consent page, asks for a copy and withdraws; the company sees the request on the
 * profile, sends the copy, erases the candidate and reads it all in the log.
 */

const headers = { origin: ORIGIN };
const path = (link: string) => new URL(link).pathname + new URL(link).search;

/** Opens a path and records every script the browser asked for on the way. */
async function openCounting(page: Page, target: string) {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const response = await page.goto(target);
  return { response, scripts };
}

test.use({ javaScriptEnabled: false });
test.describe.configure({ mode: 'serial' });

test.describe('the candidate\'s rights', () => {
  let owner: BrowserContext;
  let ownerPage: Page;
  let company: APIRequestContext;
  let candidate: { id: string; email: string; number: number };

  test.beforeAll(async ({ browser }) => {
    // this file's contexts have scripts off, the company's too: its data-request forms, the log's
    // filter and the retention form are plain HTML and work so
    owner = await browser.newContext();
    ownerPage = await owner.newPage();
    await signUpViaApi(ownerPage, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    company = owner.request;
    const email = uniqueEmail('cand');
    const created = await company.post('/api/v1/candidates', { headers, data: { name: 'Anna', surname: 'Smirnova', email, positionName: 'Designer' } });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const requested = await company.post('/api/v1/candidates/pd', { headers, data: { candidateId: id } });
    expect(requested.status()).toBe(200);
    const log = await company.get(`/api/v1/candidates/${id}`);
    candidate = { id, email, number: 0 };
    expect(log.status()).toBe(200);
  });

  test.afterAll(async () => {
    await owner.close();
  });

  test('from the consent page to the rights page, scripts off: a copy asked, consent withdrawn', async ({ page, browser }) => {
    const consentLink = path(await mailedMatch(candidate.email, /https?:\/\/\S+?\/verify\/pd\?token=[\w-]+/));
    // the mail carries the rights link too
    expect(await mailedMatch(candidate.email, /https?:\/\/\S+?\/privacy\?token=[\w-]+/)).toBeTruthy();
    const consent = await openCounting(page, consentLink);
    await page.getByRole('button', { name: 'I give consent' }).click();
    await page.getByRole('link', { name: /withdraw your consent, get a copy/ }).click();
    await expect(page).toHaveURL(/\/privacy\?token=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your data and your consent' })).toBeVisible();
    await expect(page.getByText('Hello, Anna Smirnova!')).toBeVisible();
    await expect(page.getByText('Here you decide what Acme may do with your personal data.')).toBeVisible();
    await expect(page.getByTestId('processing')).toHaveText('You agreed to the processing of your personal data for recruitment.');
    await page.screenshot({ path: 'test-results/screens/rights-page.png', fullPage: true });
    // axe runs a script in the page: it checks the same page in a browser with scripts on
    const scripted = await browser.newContext({ javaScriptEnabled: true });
    const checker = await scripted.newPage();
    await checker.goto(page.url());
    const checked = await axe(checker).analyze();
    expect(checked.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await scripted.close();

    await page.getByRole('button', { name: 'Ask for a copy' }).click();
    await expect(page.getByTestId('done')).toHaveText('Your request for a copy is received.');
    await expect(page.getByTestId('open-copy')).toContainText('You asked for a copy on');
    await expect(page.getByRole('button', { name: 'Ask for a copy' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Withdraw all consent' }).click();
    await expect(page.getByTestId('done')).toHaveText('Your consent is withdrawn.');
    await expect(page.getByTestId('processing')).toHaveText('You have not agreed to the processing of your personal data, or you withdrew your consent.');
    await expect(page.getByRole('button', { name: 'Withdraw all consent' })).toHaveCount(0);
    // Post/Redirect/Get: a reload sends nothing again
    expect((await page.reload())?.status()).toBe(200);

    await page.getByRole('link', { name: 'Ru', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.getByRole('heading', { level: 1, name: 'Ваши данные и согласие' })).toBeVisible();
    await expect(page.getByTestId('open-copy')).toContainText('Вы запросили копию');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: 'test-results/screens/rights-page-ru-phone.png', fullPage: true });

    expect(consent.scripts).toEqual([]);
    await expect(page.locator('script')).toHaveCount(0);
    const view = (await (await company.get(`/api/v1/candidates/${candidate.id}`)).json()) as { pdStatus: number };
    expect(view.pdStatus).toBe(7);
  });

  test('the company sees the request, sends the copy, erases the candidate and finds it all in the log', async () => {
    const page = ownerPage;
    await page.goto('/candidates');
    await expect(page.getByTestId('rights-notice')).toContainText('1 candidate asked about their data');
    await page.goto(`/candidates/${candidate.id}/-`);
    const section = page.getByTestId('rights-section');
    await expect(section.getByRole('heading', { name: 'Data requests' })).toBeVisible();
    await expect(section).toContainText('asked by the candidate');
    await page.screenshot({ path: 'test-results/screens/rights-profile.png', fullPage: true });
    await section.getByRole('button', { name: 'Send the candidate a copy' }).click();
    await expect(page.getByText('The copy is on its way to the candidate.')).toBeVisible();
    const copy = path(await mailedMatch(candidate.email, /https?:\/\/\S+?\/privacy\/export\?token=[\w-]+/));
    const download = await owner.request.get(copy);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/zip');

    await section.getByLabel('I understand this cannot be undone').check();
    await section.getByRole('button', { name: 'Erase the candidate' }).click();
    await expect(page.getByText('The candidate is erased.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Candidate ');
    await expect(page.getByText('Smirnova')).toHaveCount(0);

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Personal data log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Personal data log' })).toBeVisible();
    const rows = page.getByTestId('audit').locator('tbody tr');
    await expect(rows.first()).toHaveAttribute('data-action', 'erasure');
    for (const action of ['erasure', 'export_download', 'export', 'consent_withdrawal', 'rights_request', 'consent_answer']) {
      await expect(page.locator(`tr[data-action="${action}"]`).first()).toBeVisible();
    }
    await page.getByLabel('Action').selectOption('consent_withdrawal');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('The candidate');
    await expect(rows.first()).toContainText('all consent');
    await page.screenshot({ path: 'test-results/screens/audit.png', fullPage: true });
    await page.goto('/ru/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Журнал персональных данных' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 900 });
    await page.screenshot({ path: 'test-results/screens/audit-ru-phone.png', fullPage: true });

    await page.goto('/retention');
    await expect(page.getByRole('heading', { level: 1, name: 'Data retention' })).toBeVisible();
    await page.getByLabel('Keep a candidate without consent, days after the first request').fill('45');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved.')).toBeVisible();
    await expect(page.getByLabel('Keep a candidate without consent, days after the first request')).toHaveValue('45');
    await page.screenshot({ path: 'test-results/screens/retention-phone.png', fullPage: true });
  });
});
