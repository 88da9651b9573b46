import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { companyPages, customerPages, hiringSpace, interviewOf, visitorPages, walkPages, type HiringWorld } from './world.ts';

/**
 * On a phone, a page's blocks stand one under another in the order the HTML brings them. A slow
 * line delivers a page in pieces and the browser paints each piece as it comes; a block that CSS
 * moves above an earlier one (`order`, a grid row) is painted first and then pushed down the
 * screen when the block that belongs above it arrives: the dashboard's side column and the
 * registration steps did this, and `npm run bench:web` measured a layout shift of 0.91 and 0.25.
 * Checked on the server's HTML, without scripts, as it paints before any island hydrates.
 */
let world: HiringWorld;
let interviewId: string;

test.beforeAll(async ({ browser }) => {
  world = await hiringSpace(browser, 'Order');
  interviewId = await interviewOf(world);
});

test.afterAll(async () => {
  await Promise.all(world.contexts.map((context) => context.close()));
});

/** Pairs of sibling blocks (100 px or taller) inside main whose later one stands above the earlier one. */
function outOfOrder(page: Page): Promise<string[]> {
  return page.evaluate((BLOCK) => {
    const name = (e: Element) => e.tagName.toLowerCase() + (e.id ? `#${e.id}` : '') + (typeof e.className === 'string' && e.className ? `.${e.className.trim().split(/\s+/)[0]}` : '');
    // an island's element has no box of its own (display: contents): its content's is its box
    const boxOf = (e: Element): { top: number; bottom: number } => {
      if (getComputedStyle(e).display !== 'contents') return e.getBoundingClientRect();
      const boxes = [...e.children].map(boxOf).filter((b) => b.bottom > b.top);
      return boxes.length ? { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) } : { top: 0, bottom: 0 };
    };
    const found: string[] = [];
    for (const parent of document.querySelectorAll('main, main *')) {
      let previous: { top: number; bottom: number } | undefined;
      let previousName = '';
      for (const child of parent.children) {
        const box = boxOf(child);
        // blocks, not the parts of one control (a label under its value, the buttons of a bar),
        // which arrive together
        if (box.bottom - box.top < BLOCK) continue;
        // a later sibling may stand beside an earlier one (a row), never above it
        if (previous && box.bottom <= previous.top + 1) found.push(`${name(child)} above ${previousName} in ${name(parent)}`);
        previous = box;
        previousName = name(child);
      }
    }
    return found;
  }, 100);
}

function check(browser: Browser, who: 'company' | 'customer' | 'visitor', paths: string[]) {
  return walkPages(browser, world, who, paths, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false }, async (page, path) => {
    // a lost session would check the login page instead (a visitor's unknown address is sent there)
    if (who !== 'visitor') expect(new URL(page.url()).pathname, path).toBe(path.split('?')[0]);
    return outOfOrder(page);
  });
}

// each test walks up to twenty-three pages on a machine that runs the rest of the suite beside it
test.describe.configure({ timeout: 120_000 });

for (const prefix of ['', '/ru']) {
  test(`on a phone, the public pages stack their blocks in the order they arrive (${prefix || 'en'})`, async ({ browser }) => {
    await check(browser, 'visitor', visitorPages.map((p) => prefix + p));
  });

  test(`on a phone, the company's pages stack their blocks in the order they arrive (${prefix || 'en'})`, async ({ browser }) => {
    await check(browser, 'company', companyPages(world).map((p) => prefix + p));
  });

  test(`on a phone, the customer's pages stack their blocks in the order they arrive (${prefix || 'en'})`, async ({ browser }) => {
    await check(browser, 'customer', customerPages(world, interviewId).map((p) => prefix + p));
  });
}
