import { expect, test } from './fixtures.ts';
import { inviteAndRegister, ORIGIN, signUpViaApi } from './helpers.ts';

test('the dashboard shows the space\'s latest events with links, and upcoming interviews (en, ru)', async ({ page, browser }) => {
  await page.goto('/');
  await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  const other = await browser.newContext();
  const { id: customerId } = await inviteAndRegister(page, await other.newPage(), 'customer', { name: 'Kate', surname: 'Client' });
  await other.close();
  const api = page.context().request;
  const headers = { origin: ORIGIN };
  const city = ((await (await api.get('/api/v1/search/cities?q=Моск&country=ru')).json()) as { id: number }[])[0]!.id;
  const skill = ((await (await api.get('/api/v1/vacancy/soft-skills')).json()) as { id: number }[])[0]!.id;
  const vacancy = await (await api.post('/api/v1/vacancy', {
    headers,
    data: { positionType: 2, positionName: 'Accountant', quantity: 1, hardSkills: ['1C'], jobExperience: 2, softSkills: [skill], country: 'ru', cityId: city, address: 'Lenina 1', salary: 90000, schedule: 1, customers: [customerId], mainCustomer: customerId, status: 1 },
  })).json();
  const candidate = await (await api.post('/api/v1/candidates', { headers, data: { name: 'Pavel', surname: 'Orlov', vacancyId: vacancy.id } })).json();
  expect((await api.put(`/api/v1/candidates/vacancy/${vacancy.id}/${candidate.id}/stage`, { headers, data: { stage: 2, from: 1 } })).status()).toBe(200);
  const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
  expect((await api.post('/api/v1/interviews', { headers, data: { candidateId: candidate.id, vacancyId: vacancy.id, startsAt, durationMinutes: 30, kind: 'phone', participants: [customerId] } })).status()).toBe(201);

  await page.goto('/recruiter');
  const feed = page.getByTestId('feed');
  // the newest event names the interview by its time, then the stage move before it
  await expect(feed.getByRole('listitem').first()).toContainText('Olga Owner scheduled an interview with Pavel Orlov for');
  await expect(feed.getByRole('listitem').nth(1)).toContainText('Olga Owner moved Pavel Orlov to “Recruiter interview” · Accountant');
  await feed.getByRole('link', { name: 'Pavel Orlov' }).first().click();
  await expect(page).toHaveURL(`/candidates/${candidate.id}/${vacancy.id}`);
  await page.goto('/recruiter');
  const interviews = page.getByTestId('interviews');
  await expect(interviews).toContainText('Pavel Orlov');
  await expect(interviews).toContainText('Phone call · Accountant');

  await page.goto('/ru/recruiter');
  await expect(page.getByTestId('feed').getByRole('listitem').first()).toContainText('Olga Owner: Pavel Orlov — собеседование назначено на');
  await expect(page.getByTestId('feed').getByRole('listitem').nth(1)).toContainText('Olga Owner: Pavel Orlov → этап «Собеседование с рекрутером»');
  await expect(page.getByTestId('interviews')).toContainText('Звонок · Accountant');
});

test('the vacancies come first in the page: above the feed on a phone, the feed to their left on a wide screen', async ({ page }) => {
  await page.goto('/');
  await signUpViaApi(page, 'company', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  const vacancies = page.locator('section.vacancies');
  const side = page.locator('.dashboard-side');
  // a page that arrives in pieces paints what comes first: the side blocks before the vacancies
  // would be pushed down the phone's screen when the vacancies arrive
  await page.goto('/recruiter');
  const sideFollows = await vacancies.evaluate((board) => Boolean(board.compareDocumentPosition(document.querySelector('.dashboard-side')!) & Node.DOCUMENT_POSITION_FOLLOWING));
  expect(sideFollows).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  const [wideBoard, wideSide] = [(await vacancies.boundingBox())!, (await side.boundingBox())!];
  expect(wideSide.x + wideSide.width).toBeLessThanOrEqual(wideBoard.x);

  await page.setViewportSize({ width: 390, height: 844 });
  const [phoneBoard, phoneSide] = [(await vacancies.boundingBox())!, (await side.boundingBox())!];
  expect(phoneBoard.y + phoneBoard.height).toBeLessThanOrEqual(phoneSide.y);
});
