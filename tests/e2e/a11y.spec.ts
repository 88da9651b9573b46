import type { Browser, Page } from '@playwright/test';
import { test } from './fixtures.ts';
import { axe } from './helpers.ts';
import { companyPages, customerPages, hiringSpace, interviewOf, visitorPages, walkPages, type HiringWorld } from './world.ts';

/**
 * Every page passes axe-core with no serious or critical violation (issue 11, item 6), in both
 * languages, as each kind of visitor sees it, at desktop width; the pages with the folding menu
 * also at phone width with the menu open.
 */
let world: HiringWorld;
let interviewId: string;

test.beforeAll(async ({ browser }) => {
  world = await hiringSpace(browser, 'A11y');
  // the customer's context (the second) takes part in the world's interview
  interviewId = await interviewOf(world);
});

test.afterAll(async () => {
  await Promise.all(world.contexts.map((context) => context.close()));
});

async function violations(page: Page): Promise<string[]> {
  const result = await axe(page).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

function check(browser: Browser, who: 'company' | 'customer' | 'visitor', paths: string[], viewport = { width: 1280, height: 900 }, openMenu = false) {
  return walkPages(browser, world, who, paths, { viewport }, async (page) => {
    // islands hydrate before the check: their final markup is what people use (an island has
    // hydrated when Astro drops its ssr attribute; the network may stay busy with prefetches)
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    if (openMenu) await page.locator('summary.menu-button').click();
    return violations(page);
  });
}


// each test walks twenty pages: on a busy two-core machine that takes longer than one page's minute
test.describe.configure({ timeout: 180_000 });

for (const prefix of ['', '/ru']) {
  test(`the company's pages pass axe (${prefix || 'en'})`, async ({ browser }) => {
    // seventeen pages, each hydrated and checked: more than a minute on a machine shared by others
    test.slow();
    await check(browser, 'company', companyPages(world).map((p) => prefix + p));
  });

  test(`the customer's pages pass axe (${prefix || 'en'})`, async ({ browser }) => {
    await check(browser, 'customer', customerPages(world, interviewId).map((p) => prefix + p));
  });

  test(`the public pages pass axe (${prefix || 'en'})`, async ({ browser }) => {
    await check(browser, 'visitor', visitorPages.map((p) => prefix + p));
  });
}

test('at phone width with the menu open, the pages pass axe', async ({ browser }) => {
  await check(browser, 'company', ['/recruiter', `/vacancy/preview/${world.vacancy.id}`, '/ru/candidates', `/interviews/${interviewId}`], { width: 390, height: 844 }, true);
  await check(browser, 'customer', ['/workspace', '/ru/interviews'], { width: 390, height: 844 }, true);
});
