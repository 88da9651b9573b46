import type { Browser, Page } from '@playwright/test';
import { expect, PASSWORD, test } from './fixtures.ts';
import { hiringSpace, signIn, type HiringWorld } from './world.ts';

/**
 * Finding one's way with links only (issue 11): a customer from the home page to a candidate to
 * rate; a recruiter from the dashboard to the funnel, a candidate and back; a draft with only a
 * name. In both languages, at desktop and at phone width, where the menu folds into a button.
 */
const LANGS = {
  en: {
    prefix: '',
    login: 'Log in',
    email: 'Email',
    password: 'Password',
    menu: 'Menu',
    workspace: 'My vacancies',
    vacancies: 'Vacancies',
    interviews: 'Interviews',
    rate: '4 stars',
    saveRating: 'Save rating',
    ratingSaved: 'Your rating is saved',
    ratings: 'Ratings',
    backTo: (name: string) => `Candidates of “${name}”`,
    preview: 'About the vacancy',
    toFunnel: /Candidates of this vacancy: 3/,
    addVacancy: 'Add vacancy',
    positionName: 'Position name',
    saveDraft: 'Save as draft',
    saved: 'The draft is saved',
    continue: 'Continue',
  },
  ru: {
    prefix: '/ru',
    login: 'Войти',
    email: 'Электронная почта',
    password: 'Пароль',
    menu: 'Меню',
    workspace: 'Мои вакансии',
    vacancies: 'Вакансии',
    interviews: 'Собеседования',
    rate: '4 звезды',
    saveRating: 'Сохранить оценку',
    ratingSaved: 'Ваша оценка сохранена',
    ratings: 'Оценки',
    backTo: (name: string) => `Кандидаты вакансии «${name}»`,
    preview: 'О вакансии',
    toFunnel: /Кандидаты вакансии: 3/,
    addVacancy: 'Добавить вакансию',
    positionName: 'Название должности',
    saveDraft: 'Сохранить черновик',
    saved: 'Черновик сохранён',
    continue: 'Продолжить',
  },
} as const;

const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

type Lang = keyof typeof LANGS;
const worlds: Partial<Record<Lang, HiringWorld>> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  worlds.en = await hiringSpace(browser, 'Nav', 'en');
  worlds.ru = await hiringSpace(browser, 'Нав', 'ru');
});

test.afterAll(async () => {
  await Promise.all(Object.values(worlds).flatMap((w) => w!.contexts.map((c) => c.close())));
});

/** A fresh browser of the given width, on the public home page. */
async function visitor(browser: Browser, lang: Lang, viewport: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
  const page = await context.newPage();
  await page.goto(LANGS[lang].prefix || '/');
  return page;
}

/** From the home page: the login link, the form, the button; lands where login leads. */
async function logIn(page: Page, lang: Lang, email: string) {
  const t = LANGS[lang];
  await page.getByRole('main').getByRole('link', { name: t.login }).click();
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password).fill(PASSWORD);
  await page.getByRole('button', { name: t.login }).click();
}

/** A link of the header's menu, shown or not. */
const navLink = (page: Page, lang: Lang, name: string) =>
  page.getByRole('navigation', { name: lang === 'en' ? 'Main menu' : 'Главное меню' }).locator('a', { hasText: name }).first();

/** A link of the header's menu to click: at phone width the menu button opens the list first. */
async function menuLink(page: Page, lang: Lang, viewport: keyof typeof VIEWPORTS, name: string) {
  const link = navLink(page, lang, name);
  if (viewport === 'phone') {
    await expect(link).toBeHidden();
    await page.locator('summary.menu-button').click();
  }
  await expect(link).toBeVisible();
  return link;
}

for (const lang of ['en', 'ru'] as const) {
  for (const viewport of ['desktop', 'phone'] as const) {
    test(`a customer signs in and reaches a candidate to rate with links only (${lang}, ${viewport})`, async ({ browser }) => {
      const t = LANGS[lang];
      const world = worlds[lang]!;
      const page = await visitor(browser, lang, viewport);
      await logIn(page, lang, world.customer.email);
      // the customer's home is the workspace; the menu marks it
      await expect(page).toHaveURL(`${t.prefix}/workspace`);
      await expect(navLink(page, lang, t.workspace)).toHaveAttribute('aria-current', 'page');
      // the candidates waiting for the customer are listed under the vacancy, each a link
      const vacancy = page.getByTestId('workspace-vacancy').filter({ hasText: world.vacancy.name });
      // each width rates a candidate of its own: a second rating would be an update
      const candidate = viewport === 'desktop' ? world.candidates.finalist : world.candidates.interview;
      await vacancy.getByRole('link', { name: candidate.name }).click();
      await expect(page).toHaveURL(`${t.prefix}/candidates/${candidate.id}/${world.vacancy.id}`);
      const ratings = page.getByRole('region', { name: t.ratings });
      await ratings.locator('label', { hasText: t.rate }).click();
      await ratings.getByRole('button', { name: t.saveRating }).click();
      await expect(ratings.getByRole('status')).toHaveText(t.ratingSaved);
      // and back to the vacancy's candidates by the link above the profile
      await page.getByRole('link', { name: t.backTo(world.vacancy.name) }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      await page.context().close();
    });

    test(`a recruiter goes dashboard → funnel → candidate → back with links only (${lang}, ${viewport})`, async ({ browser }) => {
      const t = LANGS[lang];
      const world = worlds[lang]!;
      const page = await visitor(browser, lang, viewport);
      await logIn(page, lang, world.company.email);
      await expect(page).toHaveURL(`${t.prefix}/recruiter`);
      await expect(navLink(page, lang, t.vacancies)).toHaveAttribute('aria-current', 'page');
      if (viewport === 'phone') {
        // on a phone the vacancy list comes before the feed and the interviews
        const list = await page.getByRole('table').boundingBox();
        const feed = await page.getByTestId('feed').boundingBox();
        expect(list!.y).toBeLessThan(feed!.y);
      }
      // the vacancy's name opens its candidates, the funnel
      await page.getByRole('table').getByRole('link', { name: world.vacancy.name }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      // the funnel and the preview link to each other
      await page.getByRole('link', { name: t.preview, exact: true }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/preview/${world.vacancy.id}`);
      await page.getByRole('link', { name: t.toFunnel }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      await page.getByRole('link', { name: world.candidates.interview.name }).first().click();
      await expect(page).toHaveURL(`${t.prefix}/candidates/${world.candidates.interview.id}/${world.vacancy.id}`);
      await page.getByRole('link', { name: t.backTo(world.vacancy.name) }).click();
      await expect(page).toHaveURL(`${t.prefix}/vacancy/candidates/${world.vacancy.id}`);
      // the Interviews section lists the interview made with the candidate
      await (await menuLink(page, lang, viewport, t.interviews)).click();
      await expect(page).toHaveURL(`${t.prefix}/interviews`);
      await expect(page.getByTestId('interviews').getByRole('link', { name: world.candidates.interview.name })).toBeVisible();
      await page.context().close();
    });

    test(`a draft with only a name saves (${lang}, ${viewport})`, async ({ browser }) => {
      const t = LANGS[lang];
      const world = worlds[lang]!;
      const page = await visitor(browser, lang, viewport);
      await logIn(page, lang, world.company.email);
      await expect(page).toHaveURL(`${t.prefix}/recruiter`);
      await page.getByRole('link', { name: t.addVacancy }).click();
      await expect(page).toHaveURL(`${t.prefix}/recruiter/vacancy/add`);
      const name = `Draft ${lang} ${viewport} ${Date.now()}`;
      await page.getByLabel(t.positionName).fill(name);
      await page.getByRole('button', { name: t.saveDraft }).click();
      await page.getByRole('alertdialog', { name: t.saved }).getByRole('button', { name: t.continue }).click();
      // back on the dashboard among the drafts, where the new one is listed
      await expect(page).toHaveURL(`${t.prefix}/recruiter?status=2`);
      await expect(page.getByRole('link', { name })).toBeVisible();
      const drafts = (await (await page.context().request.get('/api/v1/vacancy?status=2')).json()) as { positionName: string; city: unknown; salary: unknown }[];
      expect(drafts.find((v) => v.positionName === name)).toMatchObject({ city: null, salary: null });
      await page.context().close();
    });
  }
}

test('the menu works without JavaScript: inline on a desktop, behind the button on a phone', async ({ browser }) => {
  const world = worlds.en!;
  for (const viewport of ['desktop', 'phone'] as const) {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, world.company.email);
    await page.goto(`/vacancy/preview/${world.vacancy.id}`);
    const candidates = await menuLink(page, 'en', viewport, 'Candidates');
    await candidates.click();
    await expect(page).toHaveURL('/candidates');
    // and it logs out, from any page
    if (viewport === 'phone') await page.locator('summary.menu-button').click();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await page.goto('/candidates');
    await expect(page).toHaveURL('/auth/login?from=%2Fcandidates');
    await context.close();
  }
});

test('on a phone, Escape folds the open menu and gives the focus back to its button (en, ru)', async ({ browser }) => {
  for (const lang of ['en', 'ru'] as const) {
    const world = worlds[lang]!;
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await signIn(page, world.company.email);
    await page.goto(`${LANGS[lang].prefix}/candidates`);
    // the menu's script is a module: loaded with the page's others, before the island is live
    await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
    const button = page.locator('summary.menu-button');
    await expect(button).toHaveText(LANGS[lang].menu);
    await button.click();
    await expect(navLink(page, lang, LANGS[lang].interviews)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(navLink(page, lang, LANGS[lang].interviews)).toBeHidden();
    await expect(button).toBeFocused();
    await context.close();
  }
});
