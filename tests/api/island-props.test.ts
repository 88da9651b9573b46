/**
 * What an island's props carry in a page's HTML (docs/decisions/0020). Its strings travel in a
 * file of the build that the browser keeps: the page names the file in its head, and the file
 * holds what the island rendered with on the server. A list's first page carries only the
 * fields the list shows.
 */
import { describe, expect, it } from 'vitest';
import { Client, signUp } from '../support/client.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';
import { space } from '../support/spaces.ts';
import { islandMessages, type IslandName } from '../../src/islands/messages.ts';
import { islandMessageFile } from '../../src/lib/server/message-files.ts';
import type { Locale } from '../../src/lib/i18n/index.ts';

const body = (file: { body: string }) => JSON.stringify(JSON.parse(file.body.replace(/^export default /, '').replace(/;\n$/, '')));

describe('island props', () => {
  it.each([
    ['/auth/login', 'en', 'auth/LoginForm'],
    ['/ru/auth/register', 'ru', 'auth/RegisterForm'],
  ] as [string, Locale, IslandName][])('%s names its file, which the server sends as it was built, cached for good', async (path, locale, island) => {
    const file = islandMessageFile(locale, island);
    const page = await new Client().get(path);
    expect(page.text).toContain(`<link rel="modulepreload" href="${file.url}" data-messages>`);
    // the island is given the address, and the strings are not in the page: not even an error's
    expect(page.text).toContain(`&quot;messages&quot;:[0,&quot;${file.url}&quot;]`);
    const internal = (islandMessages(locale, island).error as { internal: string }).internal;
    expect(body(file)).toContain(internal);
    expect(page.text).not.toContain(internal);
    const res = await new Client().get(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.text).toBe(file.body);
  });

  it("a signed-in page's islands, each with the file of the reader's language", async () => {
    const { client } = await signUp('company');
    const page = await client.get('/ru/candidates');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`href="${islandMessageFile('ru', 'candidates-list/CandidatePicker').url}" data-messages>`);
    expect(page.text).not.toContain(islandMessageFile('en', 'candidates-list/CandidatePicker').url);
  });

  it('a page that answers 400 with its islands names their message files too', async () => {
    const s = await space();
    const c = await catalogue();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    const candidate = (await s.company.client.post('/api/v1/candidates', candidateBody(c, { vacancyId: vacancy }))).json.id as string;
    const page = await s.company.client.request('POST', `/candidates/${candidate}/${vacancy}`, {
      raw: new URLSearchParams({ action: 'nothing' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.status).toBe(400);
    expect(page.text).toContain(`href="${islandMessageFile('en', 'candidate-profile/CandidateHeader').url}" data-messages>`);
  });

  it("a list's first page in the props has the fields the list shows, not the API's whole rows", async () => {
    const s = await space();
    const client = s.company.client;
    const c = await catalogue();
    const vacancy = (await client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    expect((await client.post('/api/v1/candidates', candidateBody(c, { vacancyId: vacancy }))).status).toBe(201);
    const props = (html: string) => [...html.matchAll(/<astro-island\b[^>]*\sprops="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&quot;', '"')).join('');
    for (const path of ['/candidates', `/vacancy/candidates/${vacancy}`]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      // the row is there, with what the list shows of it
      expect(props(page.text), path).toContain('"positionName":[0,"Менеджер проектов"]');
      expect(props(page.text), path).toContain('"salaryTo":[0,150000]');
      // and without what it does not: the birth date, the schedule (the filter's own is empty), when it was added
      expect(props(page.text), path).not.toMatch(/"(dob|createdAt)":/);
      expect(props(page.text), path).not.toContain('"schedule":[1,[[0,1],[0,3]]]');
    }
  });
});
