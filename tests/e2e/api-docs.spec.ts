import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axe, signUpViaApi } from './helpers.ts';

/**
 * The API reference for people (docs/decisions/0031): anyone reads it, in both languages, at
 * desktop and phone width, with no script; an endpoint opens in place, its answer leads to the
 * schema; axe finds nothing serious. The company reaches it from the
 * webhooks settings.
 */

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await axe(page).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const [prefix, title, answer] of [['', 'API reference', 'Answer: 200'], ['/ru', 'Справочник API', 'Ответ: 200']] as const) {
  test(`${prefix || '/en'}: the reference reads and navigates without JavaScript`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${prefix}/docs/api`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(await page.locator('details[data-testid="operation"]').count()).toBeGreaterThanOrEqual(70);

    // an endpoint opens in place; its answer leads to its schema
    const endpoint = page.locator('#op-getCandidatesById');
    await endpoint.locator('summary').click();
    await expect(endpoint.getByText(answer)).toBeVisible();
    await endpoint.getByRole('link', { name: 'Candidate', exact: true }).click();
    await expect(page).toHaveURL(/#schema-Candidate$/);
    await page.locator('#schema-Candidate > summary').click();
    await expect(page.locator('#schema-Candidate').getByText('pdStatus', { exact: true })).toBeVisible();

    // the document itself is one link away
    const document = await page.request.get(await page.getByTestId('openapi-link').getAttribute('href') as string);
    expect(document.status()).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);

    // nothing serious for axe, with an endpoint and a schema open (every other one is the same markup;
    // all seventy open make a page axe takes minutes over)
    expect(await seriousViolations(page)).toEqual([]);
    expect(scripts).toEqual([]);
  });
}

test('at phone width nothing runs off the side, with every endpoint open', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const path of ['/docs/api', '/ru/docs/api']) {
    await page.goto(path);
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
  }
  await context.close();
});

test('the company finds it from the webhooks settings', async ({ page }) => {
  await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Hooks Ltd' });
  await page.goto('/webhooks');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
});
