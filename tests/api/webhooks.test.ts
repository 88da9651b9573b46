import { describe, expect, it } from 'vitest';
import { Client, db, lastMail, uniqueEmail, waitFor } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { catalogue, vacancyBody } from '../support/fixtures.ts';

/**
 * The webhook API's rules (issue 16 item 6, docs/decisions/0028): the company's only, per space,
 * https addresses on the public internet (this product does not allow http), known events, at
 * most 10 endpoints per space. Deliveries themselves are tested on a real receiver in
 * tests/server/webhooks.test.ts.
 */

const URL_OK = 'https://hooks.example.com/recruit';
const EVENTS = ['candidate.created', 'candidate.stage_changed', 'rating.given', 'consent.answered', 'application.received', 'interview.scheduled'];

describe('webhook endpoints', () => {
  it('the company makes, lists and deletes them; the secret is shown once; nobody else reaches them', async () => {
    const s = await space();
    const other = await space();
    const created = await s.company.client.post('/api/v1/webhooks', { url: URL_OK, events: ['rating.given', 'candidate.created', 'rating.given'] });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ url: URL_OK, events: ['candidate.created', 'rating.given'] });
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const id = created.json.id as string;
    const list = await s.company.client.get('/api/v1/webhooks');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([{ id, url: URL_OK, events: ['candidate.created', 'rating.given'], createdAt: expect.any(String) }]);

    const routes: [string, string][] = [['GET', '/api/v1/webhooks'], ['POST', '/api/v1/webhooks'], ['DELETE', `/api/v1/webhooks/${id}`], ['GET', `/api/v1/webhooks/${id}/deliveries`], ['POST', `/api/v1/webhooks/${id}/test`]];
    for (const [method, path] of routes) {
      const body = method === 'POST' ? { url: URL_OK, events: ['rating.given'] } : undefined;
      expect((await new Client().request(method, path, { body })).status, `${method} ${path} without a session`).toBe(401);
      expect((await s.recruiter.client.request(method, path, { body })).status, `${method} ${path} as recruiter`).toBe(403);
      expect((await s.customer.client.request(method, path, { body })).status, `${method} ${path} as customer`).toBe(403);
    }
    // another company sees nothing of it and cannot touch it
    expect((await other.company.client.get('/api/v1/webhooks')).json).toEqual([]);
    expect((await other.company.client.get(`/api/v1/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await other.company.client.post(`/api/v1/webhooks/${id}/test`)).status).toBe(404);
    expect((await other.company.client.request('DELETE', `/api/v1/webhooks/${id}`)).status).toBe(404);
    expect((await db().query('select count(*)::int as n from webhook_deliveries where endpoint_id = $1', [id])).rows[0].n).toBe(0);
    // ids that are no endpoint's
    for (const bad of ['not-a-uuid', '00000000-0000-0000-0000-000000000000', 'a%00b', '1e308']) {
      expect((await s.company.client.get(`/api/v1/webhooks/${bad}/deliveries`)).status, bad).toBe(404);
    }

    expect((await s.company.client.request('DELETE', `/api/v1/webhooks/${id}`)).status).toBe(204);
    expect((await s.company.client.get('/api/v1/webhooks')).json).toEqual([]);
    expect((await s.company.client.get(`/api/v1/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await s.company.client.request('DELETE', `/api/v1/webhooks/${id}`)).status).toBe(404);
  });

  it('refuses bad addresses, unknown events and odd bodies with a 400 (413 when huge), never a 500', async () => {
    const s = await space();
    const urls: unknown[] = [
      'http://hooks.example.com/', 'ftp://hooks.example.com/', 'javascript:alert(1)', 'not a url', '', '   ', 'https://', 'https://user:pass@hooks.example.com/',
      'https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.1.2.3/', 'https://172.16.0.1/', 'https://192.168.0.1/', 'https://169.254.169.254/latest/meta-data',
      'https://[::1]/', 'https://[fe80::1]/', 'https://[::ffff:127.0.0.1]/', 'https://0.0.0.0/', 'https://hooks.example.com/a\u0000b', 'https://hooks.example.com/a b',
      `https://hooks.example.com/${'a'.repeat(2100)}`, 42, null, ['https://hooks.example.com/'], { href: URL_OK },
    ];
    for (const url of urls) {
      const res = await s.company.client.post('/api/v1/webhooks', { url, events: ['rating.given'] });
      expect(res.status, JSON.stringify(url)).toBe(400);
      expect(res.json.errors).toEqual({ url: 'webhooks.error.url' });
    }
    const events: unknown[] = [[], ['candidate.deleted'], ['rating.given', 'nope'], 'nope', null, 42, [42], [null], ['rating.given\u0000'], ['webhook.test'], Array(1000).fill('rating.given'), [{}]];
    for (const list of events) {
      const res = await s.company.client.post('/api/v1/webhooks', { url: URL_OK, events: list });
      expect(res.status, JSON.stringify(list)).toBe(400);
      expect(res.json.errors).toEqual({ events: 'webhooks.error.events' });
    }
    for (const raw of ['[]', '"x"', '{', 'null']) {
      const res = await s.company.client.request('POST', '/api/v1/webhooks', { raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
    }
    const huge = await s.company.client.request('POST', '/api/v1/webhooks', { raw: JSON.stringify({ url: URL_OK, events: EVENTS, pad: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    expect((await s.company.client.get('/api/v1/webhooks')).json).toEqual([]);
    // a single event given as a string (a form's one checkbox) is a list of one
    const one = await s.company.client.post('/api/v1/webhooks', { url: URL_OK, events: 'consent.answered' });
    expect(one.status, one.text).toBe(201);
    expect(one.json.events).toEqual(['consent.answered']);
  });

  it('at most 10 per space, also when 200 requests come at once', async () => {
    const s = await space();
    const other = await space();
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => s.company.client.post('/api/v1/webhooks', { url: `${URL_OK}/${i}`, events: EVENTS })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(10);
    expect(statuses.filter((x) => x === 409)).toHaveLength(190);
    expect(results.find((r) => r.status === 409)!.json.message).toBe('webhooks.error.limit_reached');
    expect((await s.company.client.get('/api/v1/webhooks')).json).toHaveLength(10);
    // another space's limit is its own
    expect((await other.company.client.post('/api/v1/webhooks', { url: URL_OK, events: EVENTS })).status).toBe(201);
  });

  it('"send test" queues a test delivery that the log shows', async () => {
    const s = await space();
    // .invalid never resolves: the try fails at once, and nothing leaves the machine
    const created = await s.company.client.post('/api/v1/webhooks', { url: 'https://webhook.invalid/hook', events: ['rating.given'] });
    expect(created.status, created.text).toBe(201);
    const test = await s.company.client.post(`/api/v1/webhooks/${created.json.id}/test`);
    expect(test.status, test.text).toBe(202);
    expect(test.json).toMatchObject({ event: 'webhook.test', status: 'queued', attempts: 0, responseStatus: null });
    const log = await s.company.client.get(`/api/v1/webhooks/${created.json.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.json[0]).toMatchObject({ id: test.json.id, event: 'webhook.test' });
    const body = JSON.parse((await db().query('select body from webhook_deliveries where id = $1', [test.json.id])).rows[0].body);
    expect(body).toMatchObject({ id: test.json.id, type: 'webhook.test', data: { endpointId: created.json.id } });
  });

  it('"send test" ten times in ten minutes per endpoint, even asked at once; a space\'s deliveries queue one at a time', async () => {
    const s = await space();
    const created = await s.company.client.post('/api/v1/webhooks', { url: 'https://webhook.invalid/many', events: ['rating.given'] });
    const answers = await Promise.all(Array.from({ length: 40 }, () => s.company.client.post(`/api/v1/webhooks/${created.json.id}/test`)));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    expect(answers.find((a) => a.status === 429)!.json.message).toBe('error.common.too_many_requests');
    expect((await db().query('select count(*)::int as n from webhook_deliveries where endpoint_id = $1', [created.json.id])).rows[0].n).toBe(10);
    // one queue per space: a silent endpoint holds one of the worker's places, not all of them
    const spaceId = (await db().query('select space_id from webhook_endpoints where id = $1', [created.json.id])).rows[0].space_id;
    const queues = await db().query(
      `select distinct q.queue_name from graphile_worker._private_jobs j join graphile_worker._private_job_queues q on q.id = j.job_queue_id join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'webhook' and j.payload->>'deliveryId' in (select id::text from webhook_deliveries where endpoint_id = $1)`,
      [created.json.id],
    );
    expect(queues.rows.map((r) => r.queue_name)).toEqual([`webhooks:${spaceId}`]);
  });

  it('the page: the company adds an endpoint with a plain form and sees its secret once, in both languages', async () => {
    const s = await space();
    const URL_OK = 'https://webhook.invalid/page';
    const form = (client: Client, body: string) => client.request('POST', '/webhooks', { raw: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const page = await s.company.client.get('/webhooks');
    // .invalid never resolves: "send test" below sends nothing off the machine
    expect(page.status).toBe(200);
    expect(page.text).toContain('No endpoints yet.');
    // the page itself adds no island or script (the layout's header has its own)
    const main = page.text.slice(page.text.indexOf('<main'), page.text.indexOf('</main>'));
    expect(/<script|astro-island/.test(main)).toBe(false);
    const added = await form(s.company.client, `action=create&url=${encodeURIComponent(URL_OK)}&events=candidate.created&events=interview.scheduled`);
    expect(added.status).toBe(200);
    const secret = /whsec_[A-Za-z0-9_-]+/.exec(added.text)?.[0];
    expect(secret).toBeDefined();
    expect((await db().query('select secret from webhook_endpoints where url = $1 and secret = $2', [URL_OK, secret])).rowCount).toBe(1);
    const again = await s.company.client.get('/webhooks');
    expect(again.text).toContain(URL_OK);
    expect(again.text).not.toContain(secret!);
    expect(again.text).toContain('Interview scheduled');
    const bad = await form(s.company.client, 'action=create&url=http%3A%2F%2Fexample.com&events=candidate.created');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Give an https:// address');
    const id = (await s.company.client.get('/api/v1/webhooks')).json[0].id as string;
    expect((await form(s.company.client, `action=test&id=${id}`)).status).toBe(303);
    // the failed try (.invalid does not resolve) in words, not as ENOTFOUND
    // (ENOTFOUND, or EAI_AGAIN on a machine without a resolver)
    await expect.poll(async () => (await db().query('select last_error from webhook_deliveries where endpoint_id = $1', [id])).rows[0]?.last_error, { timeout: 15_000 }).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    const log = (await s.company.client.get('/webhooks')).text;
    expect(log).toContain('The host name does not resolve');
    expect(log).not.toMatch(/ENOTFOUND|EAI_AGAIN/);
    const ru = await s.company.client.get('/ru/webhooks');
    expect(ru.text).toContain('Имя хоста не найдено');
    expect(ru.text).toContain('Вебхуки');
    expect(ru.text).toContain('Назначено собеседование');
    expect((await form(s.company.client, `action=delete&id=${id}`)).status).toBe(303);
    expect((await s.company.client.get('/api/v1/webhooks')).json).toEqual([]);
    // the profile links to it for the company
    expect((await s.company.client.get('/profile')).text).toContain('href="/webhooks"');
    // recruiters and customers are sent home
    expect((await s.recruiter.client.get('/webhooks')).status).toBe(302);
    expect((await s.customer.client.get('/webhooks')).status).toBe(302);
    expect((await form(s.recruiter.client, `action=create&url=${encodeURIComponent(URL_OK)}&events=candidate.created`)).status).toBe(302);
  });

  it('each event point queues a delivery with ids only, in its own transaction; only to subscribed endpoints of the space', async () => {
    const c = await catalogue();
    const s = await space();
    const other = await space();
    const all = await s.company.client.post('/api/v1/webhooks', { url: 'https://webhook.invalid/all', events: EVENTS });
    const stagesOnly = await s.company.client.post('/api/v1/webhooks', { url: 'https://webhook.invalid/stages', events: ['candidate.stage_changed'] });
    const elsewhere = await other.company.client.post('/api/v1/webhooks', { url: 'https://webhook.invalid/other', events: EVENTS });
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    const email = uniqueEmail('cand');
    const candidate = (await s.recruiter.client.post('/api/v1/candidates', { name: 'Anna', surname: 'Smirnova', email, cityId: c.moscow, vacancyId: vacancy })).json.id as string;
    expect((await s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: 2, from: 1 })).status).toBe(200);
    expect((await s.recruiter.client.post(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/rating`, { score: 4, comment: 'Strong' })).status).toBe(201);
    const interview = await s.recruiter.client.post('/api/v1/interviews', { candidateId: candidate, vacancyId: vacancy, startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), durationMinutes: 45, kind: 'video', location: 'https://meet.example/abc', participants: [s.customer.id] });
    expect(interview.status, interview.text).toBe(201);
    expect((await s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: candidate })).status).toBe(200);
    const token = /\/verify\/pd\?token=([\w-]+)/.exec((await lastMail(email, { match: (m) => /verify\/pd/.test(m.text ?? '') })).text ?? '')![1];
    expect((await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'declined' })).status).toBe(200);

    const rows = async (endpointId: string) =>
      (await db().query('select event, body from webhook_deliveries where endpoint_id = $1 order by created_at, event', [endpointId])).rows as { event: string; body: string }[];
    const sent = await rows(all.json.id);
    expect(sent.map((r) => r.event).sort()).toEqual(['candidate.created', 'candidate.stage_changed', 'consent.answered', 'interview.scheduled', 'rating.given']);
    const data = Object.fromEntries(sent.map((r) => [r.event, JSON.parse(r.body).data]));
    expect(data['candidate.created']).toEqual({ candidateId: candidate, vacancyId: vacancy });
    expect(data['candidate.stage_changed']).toMatchObject({ candidateId: candidate, vacancyId: vacancy, from: 1, to: 2 });
    expect(data['rating.given']).toEqual({ candidateId: candidate, vacancyId: vacancy, userId: s.recruiter.id, score: 4 });
    expect(data['interview.scheduled']).toMatchObject({ interviewId: interview.json.id, candidateId: candidate, vacancyId: vacancy, durationMinutes: 45 });
    expect(data['consent.answered']).toMatchObject({ candidateId: candidate, answer: 'declined' });
    // no name, address or comment leaves the product in a body
    for (const r of sent) expect(r.body, r.event).not.toMatch(/Anna|Smirnova|Strong|@|meet\.example/);
    expect((await rows(stagesOnly.json.id)).map((r) => r.event)).toEqual(['candidate.stage_changed']);
    expect(await rows(elsewhere.json.id)).toEqual([]);
    // each delivery had its job: every one was tried (.invalid does not resolve: an error, not a send)
    await waitFor(async () => (await db().query(`select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and attempts = 0`, [all.json.id])).rows[0].n === 0, 'every delivery is tried', 30_000);
    const tried = await db().query(`select distinct status, last_error from webhook_deliveries where endpoint_id = $1`, [all.json.id]);
    expect(tried.rows.every((r) => r.status === 'retrying' && typeof r.last_error === 'string')).toBe(true);
  });
});
