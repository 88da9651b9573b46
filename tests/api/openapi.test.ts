import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db, lastCode, lastMail, PASSWORD, uniqueEmail, waitFor } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';

/**
 * The contract (issue 16 item 5, docs/decisions/0031): GET /api/v1/openapi.json describes every
 * route file under src/pages/api/v1, and every endpoint's answers, a success and an error at
 * least, are what the document says, checked by a JSON Schema validator against the document
 * itself, so that the description and the code cannot drift apart.
 */

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; requestBody?: { content: Record<string, { schema: unknown }> }; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
  components: { schemas: Record<string, unknown> };
};

const ROUTES = path.resolve(import.meta.dirname, '../../src/pages/api/v1');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Route files as `METHOD /api/v1/path/{param}`, read from the files' exports. */
function routeOperations(): string[] {
  const out: string[] = [];
  for (const file of fs.readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts')) continue;
    const source = fs.readFileSync(path.join(ROUTES, file), 'utf8');
    const route = `/api/v1/${file.replace(/\.ts$/, '').replace(/(^|\/)index$/, '')}`.replace(/\[(\w+)\]/g, '{$1}').replace(/\/$/, '');
    for (const method of METHODS) if (new RegExp(`export const ${method}\\b`).test(source)) out.push(`${method} ${route}`);
  }
  return out.sort();
}

let doc: Doc;
let ajv: Ajv2020;

beforeAll(async () => {
  const res = await new Client().get('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json as Doc;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'openapi', components: doc.components });
});

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
  text: string;
}

/** Checks an answer of `METHOD template` against the document: its status is listed, its body fits. */
function validator(schema: unknown) {
  return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')));
}

/** A JSON body the endpoint took is one the document's request schema takes: the description does not refuse what works. */
function requestConforms(method: string, template: string, body: unknown): void {
  const schema = doc.paths[template]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  expect(schema, `${method} ${template} takes a JSON body, which the document does not describe`).toBeDefined();
  const validate = validator(schema);
  expect(validate(body), `${method} ${template} request: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

function conforms(method: string, template: string, res: Answer): void {
  const operation = doc.paths[template]?.[method.toLowerCase()];
  expect(operation, `${method} ${template} is described`).toBeDefined();
  const response = operation!.responses[String(res.status)];
  expect(response, `${method} ${template} answered ${res.status}, which the document does not list: ${res.text.slice(0, 300)}`).toBeDefined();
  const content = response!.content;
  if (!content) {
    expect(res.text, `${method} ${template} ${res.status} has no body`).toBe('');
    return;
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = content[type] ?? content['*/*'];
  expect(media, `${method} ${template} ${res.status} answered ${type}, described: ${Object.keys(content).join(', ')}`).toBeDefined();
  if (type !== 'application/json') return;
  const validate = validator(media!.schema);
  const ok = validate(res.json);
  expect(ok, `${method} ${template} ${res.status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(res.json).slice(0, 1500)}`).toBe(true);
}

const seen = new Map<string, Set<'success' | 'error'>>();

/** Calls `METHOD template` with `params` filled in, and checks the answer against the document. */
async function call(client: Client, method: string, template: string, options: { params?: Record<string, string>; query?: string; body?: unknown; raw?: BodyInit; expect?: number } = {}) {
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(options.params?.[name] ?? '')) + (options.query ? `?${options.query}` : '');
  const res = await client.request(method, url, { body: options.body, raw: options.raw });
  if (options.expect !== undefined) expect(res.status, `${method} ${url}: ${res.text.slice(0, 500)}`).toBe(options.expect);
  conforms(method, template, res);
  if (options.body !== undefined && res.status < 400) requestConforms(method, template, options.body);
  const key = `${method} ${template}`;
  if (!seen.has(key)) seen.set(key, new Set());
  seen.get(key)!.add(res.status < 400 ? 'success' : 'error');
  return res;
}

const png = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#3264c8' } }).png().toBuffer();
const RESUME = path.resolve(import.meta.dirname, '../fixtures/resumes/en-01-classic.pdf');

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document, public and cacheable', async () => {
    const res = await new Client().get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toMatch(/public/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.schemas.Error).toBeDefined();
  });

  it('takes no input: odd queries change nothing, other methods are refused with a described error shape, never a 500', async () => {
    const plain = await new Client().get('/api/v1/openapi.json');
    for (const query of ['?lng=ru', '?x=%00', `?q=${'9'.repeat(400)}`]) {
      const res = await new Client().get(`/api/v1/openapi.json${query}`);
      expect(res.status, query).toBe(200);
      expect(res.text, query).toBe(plain.text);
    }
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await new Client().request(method, '/api/v1/openapi.json', { body: {} });
      expect(res.status, method).toBeGreaterThanOrEqual(400);
      expect(res.status, method).toBeLessThan(500);
      expect(res.json).toMatchObject({ statusCode: res.status, message: expect.stringMatching(/^error\./) });
    }
    for (const query of ['?x=%00', `?q=${'9'.repeat(400)}`]) expect((await new Client().get(`/docs/api${query}`)).status, query).toBe(200);
  });

  it('lists the error keys, and every key an operation names is one of them and translated', () => {
    const keys = (doc as unknown as { 'x-error-keys': string[] })['x-error-keys'];
    expect(keys).toContain('error.common.unauthorized');
    expect(keys).toContain('error.common.invalid_body');
    const named = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.values(op.responses).flatMap((r) => (r as { 'x-error-keys'?: string[] })['x-error-keys'] ?? []))));
    expect(named.size).toBeGreaterThan(20);
    for (const key of named) expect(keys, key).toContain(key);
  });

  it('describes every route file under src/pages/api/v1, and nothing that is not one', () => {
    const described = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`)).sort();
    expect(described).toEqual(routeOperations());
  });
});

describe('the reference page, /docs/api', () => {
  it('shows every operation of the document, in both languages, to anyone, without JavaScript', async () => {
    const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item).map((method) => ({ method: method.toUpperCase(), route })));
    for (const [path, title, who] of [['/docs/api', 'API reference', 'Company or recruiter'], ['/ru/docs/api', 'Справочник API', 'Компании или рекрутеру']] as const) {
      const res = await new Client().get(path);
      expect(res.status, path).toBe(200);
      expect(res.text).toContain(`<h1>${title}</h1>`);
      expect(res.text).toContain(who);
      expect(res.text).not.toMatch(/<script/i);
      expect(res.text).toContain('href="/api/v1/openapi.json"');
      expect(res.text.match(/data-testid="operation"/g)?.length).toBe(operations.length);
      for (const { method, route } of operations) expect(res.text, `${method} ${route}`).toMatch(new RegExp(`>${method}</span>\\s*<code class="path">${route.replace(/[{}]/g, '\\$&')}</code>`));
      // the error keys and a schema's fields, as the document has them
      expect(res.text).toContain('webhooks.error.limit_reached');
      expect(res.text).toContain('id="schema-Candidate"');
    }
  });

  it('is linked from the webhooks settings', async () => {
    const s = await space();
    const page = await s.company.client.get('/webhooks');
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="/docs/api"');
  });
});

describe('every endpoint answers as described', () => {
  it('without a session, or with an empty body where none is needed, every endpoint answers a described error', async () => {
    const nobody = new Client();
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (template === '/api/v1/openapi.json') continue;
        const params = Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, crypto.randomUUID()]));
        const res = await call(nobody, method.toUpperCase(), template, { params, body: method === 'get' || method === 'delete' ? undefined : {} });
        expect(res.status, `${method} ${template} without a session`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('every endpoint answers a success as described', async () => {
    const c = await catalogue();
    const s = await space();
    const company = s.company.client;
    const recruiter = s.recruiter.client;
    const customer = s.customer.client;

    // the account: a person of their own, who signs up, signs in and out, and leaves at the end
    const email = uniqueEmail('contract');
    const person = new Client();
    const registered = await call(person, 'POST', '/api/v1/auth/email/register', { body: { email, password: PASSWORD, role: 'company', settings: { lang: 'en' } }, expect: 201 });
    person.token = (registered.json as { accessToken: string }).accessToken;
    await call(person, 'GET', '/api/v1/users/profile', { expect: 200 });
    await call(person, 'POST', '/api/v1/auth/verify/email/resend', { body: { email }, expect: 200 });
    await call(person, 'POST', '/api/v1/auth/verify/email', { body: { email, code: await lastCode(email, { count: 2 }) }, expect: 200 });
    await call(new Client(), 'POST', '/api/v1/auth/email/login', { body: { email, password: 'wrong-Passw0rd' }, expect: 422 });
    const signedIn = await call(person, 'POST', '/api/v1/auth/email/login', { body: { email, password: PASSWORD }, expect: 200 });
    person.token = (signedIn.json as { accessToken: string }).accessToken;
    await call(person, 'POST', '/api/v1/auth/refresh', { expect: 200 });
    await call(person, 'PUT', '/api/v1/users/profile', { body: { name: 'Nina', surname: 'Contract', companyName: 'Contract Ltd' }, expect: 200 });
    await call(person, 'PUT', '/api/v1/users/profile/password', { body: { oldPassword: PASSWORD, newPassword: 'Passw0rd!2' }, expect: 200 });
    await call(person, 'PUT', '/api/v1/users/profile/notifications', { body: { notifyMail: 'digest' }, expect: 200 });
    await call(person, 'POST', '/api/v1/users/profile/photo', { raw: form({}, { bytes: await png(), name: 'me.png', type: 'image/png' }), expect: 200 });
    const newEmail = uniqueEmail('moved');
    await call(person, 'POST', '/api/v1/users/profile/email', { body: { email: newEmail, password: 'Passw0rd!2' }, expect: 200 });
    await call(person, 'POST', '/api/v1/users/profile/email/verify', { body: { code: '0000' }, expect: 422 });
    await call(person, 'POST', '/api/v1/users/profile/email/verify', { body: { code: await lastCode(newEmail) }, expect: 200 });
    await call(person, 'POST', '/api/v1/auth/logout', { expect: 200 });
    await call(new Client(), 'POST', '/api/v1/auth/password/forgot', { body: { email: newEmail }, expect: 200 });
    const resetMail = await lastMail(newEmail, { match: (mail) => /password/i.test(mail.subject ?? '') });
    const resetToken = new URL(/https?:\/\/\S+/.exec(resetMail.text ?? '')![0]).searchParams.get('token')!;
    await call(new Client(), 'POST', '/api/v1/auth/password/reset', { body: { email: newEmail, token: 'a'.repeat(43), password: 'Passw0rd!3' }, expect: 422 });
    await call(new Client(), 'POST', '/api/v1/auth/password/reset', { body: { email: newEmail, token: resetToken, password: 'Passw0rd!3' }, expect: 200 });
    const again = await call(new Client(), 'POST', '/api/v1/auth/email/login', { body: { email: newEmail, password: 'Passw0rd!3' }, expect: 200 });
    person.token = (again.json as { accessToken: string }).accessToken;
    await call(person, 'DELETE', '/api/v1/users/profile', { body: { password: 'Passw0rd!3' }, expect: 200 });

    // the team
    await call(company, 'GET', '/api/v1/users/invite', { expect: 200 });
    await call(company, 'GET', '/api/v1/users/invite', { query: 'role=manager', expect: 400 });
    const invited = (await call(company, 'POST', '/api/v1/users/invite', { body: { email: uniqueEmail('invited'), name: 'Ivan', surname: 'Invited', role: 'customer' }, expect: 201 })).json as { inviteId: string };
    await call(customer, 'DELETE', '/api/v1/users/invite/{id}', { params: { id: invited.inviteId }, expect: 403 });
    await call(company, 'DELETE', '/api/v1/users/invite/{id}', { params: { id: invited.inviteId }, expect: 200 });

    // vacancies
    await call(company, 'GET', '/api/v1/vacancy/soft-skills', { expect: 200 });
    await call(company, 'POST', '/api/v1/vacancy', { body: { positionName: '' }, expect: 400 });
    const vacancy = (await call(company, 'POST', '/api/v1/vacancy', { body: vacancyBody(c, [s.customer.id]), expect: 201 })).json as { id: string };
    await call(company, 'GET', '/api/v1/vacancy', { expect: 200 });
    await call(customer, 'GET', '/api/v1/vacancy/{id}', { params: { id: vacancy.id }, expect: 200 });
    await call(company, 'PUT', '/api/v1/vacancy/{id}', { params: { id: vacancy.id }, body: vacancyBody(c, [s.customer.id], { quantity: 2 }), expect: 200 });
    await call(company, 'POST', '/api/v1/vacancy/comment', { body: { vacancyId: vacancy.id, text: 'Urgent' }, expect: 201 });

    // candidates
    const annaEmail = uniqueEmail('anna');
    const candidate = (await call(recruiter, 'POST', '/api/v1/candidates', { body: candidateBody(c, { email: annaEmail }), expect: 201 })).json as { id: string };
    const second = (await call(recruiter, 'POST', '/api/v1/candidates', { body: { name: 'Boris', surname: 'Second', positionName: 'QA', email: uniqueEmail('boris') }, expect: 201 })).json as { id: string };
    await call(recruiter, 'GET', '/api/v1/candidates', { expect: 200 });
    await call(recruiter, 'GET', '/api/v1/candidates', { query: 'page=0', expect: 400 });
    await call(recruiter, 'GET', '/api/v1/candidates/{id}', { params: { id: candidate.id }, expect: 200 });
    await call(recruiter, 'PUT', '/api/v1/candidates/{id}', { params: { id: candidate.id }, body: candidateBody(c, { email: annaEmail, salary: 130000 }), expect: 200 });
    await call(recruiter, 'POST', '/api/v1/candidates/photo', { raw: form({ candidateId: candidate.id }, { bytes: await png(), name: 'anna.png', type: 'image/png' }), expect: 200 });
    await call(recruiter, 'POST', '/api/v1/candidates/resume', { raw: form({ candidateId: candidate.id }, { bytes: fs.readFileSync(RESUME), name: 'Anna CV.pdf', type: 'application/pdf' }), expect: 200 });
    await call(recruiter, 'GET', '/api/v1/candidates/{id}/resume', { params: { id: candidate.id }, expect: 200 });
    await call(recruiter, 'POST', '/api/v1/candidates/parse-resume', { raw: form({ lang: 'en' }, { bytes: fs.readFileSync(RESUME), name: 'cv.pdf', type: 'application/pdf' }), expect: 200 });
    const oldDoc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
    const unread = await call(recruiter, 'POST', '/api/v1/candidates/parse-resume', { raw: form({}, { bytes: oldDoc, name: 'old.doc', type: 'application/msword' }), expect: 200 });
    expect((unread.json as { unreadable?: string }).unreadable).toBe('doc');
    await call(recruiter, 'POST', '/api/v1/candidates/vacancy', { body: { vacancyId: vacancy.id, candidatesIds: [candidate.id] }, expect: 201 });
    await call(recruiter, 'POST', '/api/v1/candidates/vacancy/{id}', { params: { id: vacancy.id }, body: { candidatesIds: [second.id] }, expect: 201 });
    await call(recruiter, 'GET', '/api/v1/candidates/vacancy/{id}', { params: { id: vacancy.id }, expect: 200 });
    await call(recruiter, 'GET', '/api/v1/candidates/vacancy/statistic/{id}', { params: { id: vacancy.id }, expect: 200 });
    const pair = { vacancyId: vacancy.id, candidateId: candidate.id };
    await call(recruiter, 'PUT', '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/stage', { params: pair, body: { stage: 2, from: 3 }, expect: 409 });
    await call(recruiter, 'PUT', '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/stage', { params: pair, body: { stage: 2, from: 1 }, expect: 200 });
    await call(recruiter, 'PUT', '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/priority', { params: pair, body: { priority: 1 }, expect: 200 });
    await call(recruiter, 'POST', '/api/v1/candidates/vacancy/{vacancyId}/{candidateId}/rating', { params: pair, body: { score: 4, comment: 'Good' }, expect: 201 });

    // consent and the candidate's rights
    await call(recruiter, 'POST', '/api/v1/candidates/pd', { body: { candidateId: candidate.id }, expect: 200 });
    const consentMail = await lastMail(annaEmail);
    const token = /verify\/pd\?token=([\w-]+)/.exec(consentMail.text ?? '')?.[1];
    expect(token).toBeDefined();
    await call(new Client(), 'POST', '/api/v1/verify/candidate/pd', { body: { token: 'no-such-token', response: 'approved' }, expect: 404 });
    await call(new Client(), 'POST', '/api/v1/verify/candidate/pd', { body: { token, response: 'approved', share: [s.customer.id] }, expect: 200 });
    await call(recruiter, 'POST', '/api/v1/candidates/{id}/export', { params: { id: candidate.id }, expect: 202 });
    const rights = await call(recruiter, 'GET', '/api/v1/candidates/{id}/rights', { params: { id: candidate.id }, expect: 200 });
    expect((rights.json as { requests: unknown[] }).requests.length).toBe(1);
    // the full candidate: consent history, grants, the funnel with its ratings and history, for each reader
    for (const reader of [recruiter, customer]) {
      const full = await call(reader, 'GET', '/api/v1/candidates/{id}', { params: { id: candidate.id }, query: `vacancyId=${vacancy.id}`, expect: 200 });
      expect((full.json as { funnel: { ratings: unknown[] } | null }).funnel?.ratings.length).toBe(1);
    }
    expect(((await call(recruiter, 'GET', '/api/v1/candidates/{id}', { params: { id: candidate.id }, expect: 200 })).json as { pdHistory: unknown[] }).pdHistory.length).toBeGreaterThan(0);

    // interviews
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const interview = (await call(recruiter, 'POST', '/api/v1/interviews', { body: { candidateId: candidate.id, vacancyId: vacancy.id, startsAt, durationMinutes: 45, kind: 'video', location: 'https://meet.example/abc', participants: [s.customer.id] }, expect: 201 })).json as { id: string; sequence: number };
    await call(recruiter, 'GET', '/api/v1/interviews', { expect: 200 });
    await call(recruiter, 'GET', '/api/v1/interviews', { query: `candidateId=${candidate.id}`, expect: 200 });
    await call(customer, 'GET', '/api/v1/interviews/{id}', { params: { id: interview.id }, expect: 200 });
    const moved = (await call(recruiter, 'PUT', '/api/v1/interviews/{id}', { params: { id: interview.id }, body: { startsAt, durationMinutes: 60, kind: 'video', location: 'https://meet.example/abc', participants: [s.customer.id], sequence: interview.sequence }, expect: 200 })).json as { sequence: number };
    await call(recruiter, 'POST', '/api/v1/interviews/{id}/cancel', { params: { id: interview.id }, body: { sequence: interview.sequence }, expect: 409 });
    await call(recruiter, 'POST', '/api/v1/interviews/{id}/cancel', { params: { id: interview.id }, body: { sequence: moved.sequence }, expect: 200 });

    // chats, help, the feed, notifications, cities
    await call(recruiter, 'POST', '/api/v1/chats/{id}', { params: { id: s.customer.id }, body: { text: '' }, expect: 400 });
    const message = (await call(recruiter, 'POST', '/api/v1/chats/{id}', { params: { id: s.customer.id }, body: { text: 'Hello' }, expect: 201 })).json as { id: string };
    await call(customer, 'GET', '/api/v1/chats', { expect: 200 });
    await call(customer, 'GET', '/api/v1/chats/{id}', { params: { id: s.recruiter.id }, expect: 200 });
    await call(customer, 'GET', '/api/v1/chats/{id}', { params: { id: s.recruiter.id }, query: 'page=2', expect: 200 });
    await call(customer, 'PUT', '/api/v1/chats/{id}', { params: { id: s.recruiter.id }, body: { messageIds: [message.id] }, expect: 200 });
    const ticket = (await call(customer, 'POST', '/api/v1/help', { body: { title: 'account', description: 'Cannot find the vacancy' }, expect: 201 })).json as { id: string };
    await call(customer, 'GET', '/api/v1/help', { expect: 200 });
    await call(customer, 'GET', '/api/v1/help/{id}', { params: { id: ticket.id }, expect: 200 });
    await call(customer, 'POST', '/api/v1/help/{id}', { params: { id: ticket.id }, body: { text: 'Found it' }, expect: 201 });
    await call(customer, 'PUT', '/api/v1/help/{id}', { params: { id: ticket.id }, body: { closed: true }, expect: 200 });
    await call(customer, 'GET', '/api/v1/help/{id}', { params: { id: ticket.id }, expect: 200 });
    await call(company, 'GET', '/api/v1/feed', { expect: 200 });
    await call(customer, 'GET', '/api/v1/notifications', { expect: 200 });
    await call(customer, 'POST', '/api/v1/notifications/read', { body: { all: true }, expect: 200 });
    await call(company, 'GET', '/api/v1/search/cities', { query: 'q=Mosc', expect: 200 });

    // the space: personal-data log, retention, webhooks
    await call(company, 'GET', '/api/v1/space/audit', { expect: 200 });
    await call(customer, 'GET', '/api/v1/space/audit', { expect: 403 });
    await call(recruiter, 'GET', '/api/v1/space/retention', { expect: 200 });
    await call(company, 'PUT', '/api/v1/space/retention', { body: { retentionDays: 365, consentMonths: 24 }, expect: 200 });
    // someone runs out of time within the week: the upcoming list has its shape too
    await db().query(`update candidates set unconsented_since = now() - make_interval(days => 360) where id = $1`, [second.id]);
    const retention = await call(recruiter, 'GET', '/api/v1/space/retention', { expect: 200 });
    expect((retention.json as { upcoming: { candidateId: string }[] }).upcoming.map((u) => u.candidateId)).toEqual([second.id]);
    const hook = (await call(company, 'POST', '/api/v1/webhooks', { body: { url: 'https://hooks.example.com/contract', events: ['rating.given'] }, expect: 201 })).json as { id: string };
    await call(company, 'GET', '/api/v1/webhooks', { expect: 200 });
    await call(company, 'POST', '/api/v1/webhooks/{id}/test', { params: { id: hook.id }, expect: 202 });
    await call(company, 'GET', '/api/v1/webhooks/{id}/deliveries', { params: { id: hook.id }, expect: 200 });
    await call(company, 'DELETE', '/api/v1/webhooks/{id}', { params: { id: hook.id }, expect: 204 });
    await call(company, 'DELETE', '/api/v1/webhooks/{id}', { params: { id: hook.id }, expect: 404 });

    // likely duplicates and bulk actions (docs/decisions/0029, 0030)
    const dupes = await call(recruiter, 'GET', '/api/v1/candidates/duplicates', { query: new URLSearchParams({ email: annaEmail, name: 'Anna', excludeId: second.id }).toString(), expect: 200 });
    expect((dupes.json as { data: { id: string; reasons: string[] }[] }).data).toEqual([expect.objectContaining({ id: candidate.id, reasons: ['email'] })]);
    const dry = await call(recruiter, 'POST', '/api/v1/candidates/bulk', { body: { action: 'addToVacancy', filter: {}, params: { vacancyId: vacancy.id }, dryRun: true }, expect: 200 });
    expect(dry.json).toEqual({ dryRun: true, total: 2, applied: 0, skipped: 2, reasons: { 'bulk.skip.already_on_vacancy': 2 } });
    // an id outside the list is skipped as given: the skips have their shape too
    const moved2 = await call(recruiter, 'POST', '/api/v1/candidates/bulk', { body: { action: 'moveStage', ids: [second.id, 'no-such-id'], params: { vacancyId: vacancy.id, stage: 3 } }, expect: 200 });
    expect(moved2.json).toMatchObject({ status: 'done', total: 1, applied: 1, skipped: 1, skips: [{ candidateId: 'no-such-id', reason: 'error.common.not_found' }] });
    await call(recruiter, 'GET', '/api/v1/candidates/bulk/{id}', { params: { id: (moved2.json as { id: string }).id }, expect: 200 });
    await call(customer, 'GET', '/api/v1/candidates/bulk/{id}', { params: { id: (moved2.json as { id: string }).id }, expect: 404 });
    await call(customer, 'POST', '/api/v1/candidates/bulk', { body: { action: 'requestConsent', ids: [second.id] }, expect: 403 });
    // past 200 candidates the action is queued (202), and its progress followed to the end
    await db().query(
      `insert into candidates (space_id, created_by, name, surname, salary, search)
       select u.space_id, u.id, 'Bulk', 'N' || g, 919191, to_tsvector('simple', 'bulk') from users u, generate_series(1, 201) g where u.id = $1`,
      [s.recruiter.id],
    );
    const queued = await call(recruiter, 'POST', '/api/v1/candidates/bulk', { body: { action: 'addToVacancy', filter: { salaryFrom: '919191', salaryTo: '919191' }, params: { vacancyId: vacancy.id } }, expect: 202 });
    const operation = (queued.json as { id: string }).id;
    await waitFor(async () => ((await call(recruiter, 'GET', '/api/v1/candidates/bulk/{id}', { params: { id: operation }, expect: 200 })).json as { status: string }).status !== 'running', 'the bulk job is done', 60_000);
    expect((await call(recruiter, 'GET', '/api/v1/candidates/bulk/{id}', { params: { id: operation }, expect: 200 })).json).toMatchObject({ status: 'done', total: 201, applied: 201 });

    // browser errors; the end of a candidate and of a vacancy
    await call(new Client(), 'POST', '/api/v1/client-errors', { body: { kind: 'error', page: '/candidates', release: '0.0.1+abc', sampled: false, message: 'boom' }, expect: 204 });
    await call(recruiter, 'POST', '/api/v1/candidates/{id}/erase', { params: { id: second.id }, body: { confirm: false }, expect: 400 });
    await call(recruiter, 'POST', '/api/v1/candidates/{id}/erase', { params: { id: second.id }, body: { confirm: true }, expect: 200 });
    await call(company, 'DELETE', '/api/v1/vacancy/{id}', { params: { id: vacancy.id }, expect: 200 });

    await call(new Client(), 'GET', '/api/v1/openapi.json', { expect: 200 });

    // every described operation answered a success at least once
    const missing = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${route}`)).filter((op) => !seen.get(op)?.has('success'));
    expect(missing).toEqual([]);
  }, 120_000);
});

