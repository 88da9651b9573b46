import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { expect, test } from './fixtures.ts';
import { signUpViaApi } from './helpers.ts';

/** One query on the e2e server's database. */
async function query<Row>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'database-url'), 'utf8') });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Makes the signed-up user staff (admin), as the CLI would. */
const makeStaff = (email: string) => query('update users set role = 8 where email = $1', [email]);

const storedRelease = async (message: string) => (await query<{ release: string }>('select release from client_errors where message = $1', [message]))[0]?.release;

/** The page views of /help counted from sampled sessions, any release, any day. */
const helpViews = async () => (await query<{ n: number }>("select coalesce(sum(count), 0)::int as n from client_views where page = '/help'"))[0]!.n;

test.use({ timezoneId: 'Asia/Vladivostok' });

test('an error in a page reaches staff, who find it through their menu with its page and release (en, ru, phone)', async ({ page, consoleErrors }) => {
  const { email } = await signUpViaApi(page, 'company', { name: 'Stas', surname: 'Staff', companyName: 'Ops' });
  await makeStaff(email);
  await page.goto('/help');
  // the reporter runs on a page with islands
  expect(await page.evaluate(() => typeof (window as { recruitReport?: unknown }).recruitReport)).toBe('function');
  const marker = `e2e boom ${Math.random().toString(36).slice(2, 8)}`;
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/v1/client-errors'));
  await page.evaluate((text) => setTimeout(() => { throw new Error(text); }), marker);
  expect((await reported).status()).toBe(204);
  // the error was meant: the fixture would fail the test on it
  expect(consoleErrors.splice(0).join('\n')).toContain(marker);

  await page.getByRole('link', { name: 'Browser errors' }).click();
  await expect(page).toHaveURL('/staff/errors');
  const entry = page.getByTestId('client-error').filter({ hasText: marker });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('/help');
  // the release the page reported (the build's version and commit) is the one shown
  const release = await storedRelease(marker);
  expect(release).toMatch(/^0\.0\.1\+\w+$/);
  await expect(entry).toContainText(release);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/ru/staff/errors?days=1');
  await expect(page.getByRole('heading', { name: 'Ошибки в браузерах' })).toBeVisible();
  await expect(page.getByTestId('client-error').filter({ hasText: marker })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.screenshot({ path: 'test-results/staff-errors-ru-phone.png', fullPage: true });
});

test('a page without scripts carries no reporter, and others do not see the staff menu', async ({ page }) => {
  await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  await page.goto('/interviews');
  expect(await page.evaluate(() => 'recruitReport' in window)).toBe(false);
  await expect(page.getByRole('link', { name: 'Browser errors' })).toHaveCount(0);
  const refused = await page.goto('/staff/errors');
  expect(page.url()).not.toContain('/staff/errors');
  expect(refused?.status()).toBeLessThan(500);
});

test('a sampled session reports its page view after the load, and no storage is touched before it', async ({ page }) => {
  await signUpViaApi(page, 'company', { name: 'Vera', surname: 'Views', companyName: 'Acme' });
  // what the page's own inline scripts read and write before the load event (issue 12: the first
  // touch of storage waits for the browser, before the first paint)
  await page.addInitScript(() => {
    sessionStorage.setItem('rs', '1');
    const touched: string[] = ((window as { touchedEarly?: string[] }).touchedEarly = []);
    let loaded = false;
    addEventListener('load', () => (loaded = true), { capture: true });
    for (const method of ['getItem', 'setItem'] as const) {
      const original = Storage.prototype[method] as (this: Storage, ...args: string[]) => string | null;
      Storage.prototype[method] = function (this: Storage, ...args: string[]) {
        if (!loaded) touched.push(`${this === sessionStorage ? 'session' : 'local'}.${method}(${args[0]})`);
        return original.apply(this, args);
      } as never;
    }
  });
  const before = await helpViews();
  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/v1/client-errors'));
  await page.goto('/help');
  // the only report of a page without errors is its view (its body is out of Playwright's sight)
  expect((await beacon).status()).toBe(204);
  expect(await helpViews()).toBeGreaterThan(before);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
  expect(await page.evaluate(() => (window as { touchedEarly?: string[] }).touchedEarly)).toEqual([]);
});

test('where storage is blocked, a page error is still reported, and the report adds no error of its own', async ({ page, consoleErrors }) => {
  await signUpViaApi(page, 'company', { name: 'Bea', surname: 'Blocked', companyName: 'Acme' });
  await page.addInitScript(() => {
    for (const name of ['sessionStorage', 'localStorage']) {
      Object.defineProperty(window, name, { get: () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
    }
  });
  await page.goto('/help');
  const marker = `e2e blocked ${Math.random().toString(36).slice(2, 8)}`;
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/v1/client-errors'));
  await page.evaluate((text) => setTimeout(() => { throw new Error(text); }), marker);
  expect((await reported).status()).toBe(204);
  expect(await storedRelease(marker)).toMatch(/^0\.0\.1\+\w+$/);
  // the page's own error only: the reporter threw nothing while sending it
  expect(consoleErrors.splice(0)).toEqual([expect.stringContaining(marker)]);
});
