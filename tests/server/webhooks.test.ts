/**
 * Webhooks (issue 16 item 6, docs/decisions/0028) end to end: the product on its own database
 * with http on loopback allowed, and a real HTTP receiver on loopback that checks every
 * delivery's HMAC signature and timestamp. The receiver answers 500 on purpose to the first two
 * tries of the first delivery; the product's own retries (a short delay here) bring it through.
 */
import http from 'node:http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, lastCode, PASSWORD, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, type RunningServer, type TestDatabase } from '../support/server.ts';
import { Processes, waitUntil } from './support.ts';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}

/** Checks a Stripe-style signature header: t=<unix>,v1=<hex HMAC-SHA256(secret, t.body)>, at most 5 minutes old. */
function verify(secret: string, header: string | undefined, body: string, now = Date.now()): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > 300 || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1!, 'hex'));
}

/** A receiver on loopback: verifies with `secret`, fails the first `failFirst` tries on purpose. */
class Receiver {
  secret = '';
  failFirst = 0;
  tries = 0;
  accepted: Received[] = [];
  rejected: string[] = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      this.tries++;
      if (!verify(this.secret, req.headers['x-recruit-signature'] as string | undefined, body)) {
        this.rejected.push(body);
        res.writeHead(401).end('bad signature');
        return;
      }
      if (this.tries <= this.failFirst) {
        res.writeHead(500).end('failing on purpose');
        return;
      }
      this.accepted.push({ headers: req.headers, body, json: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  async up(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }
  down(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const processes = new Processes();
const receiver = new Receiver();
let receiverUrl: string;
let database: TestDatabase;
let product: RunningServer;
let pool: pg.Pool;

beforeAll(async () => {
  receiverUrl = await receiver.up();
  database = await createTestDatabase(processes.tempDir('recruit-webhooks-db-'));
  product = await processes.spawn({ DATABASE_URL: database.url, WEBHOOKS_ALLOW_HTTP: '1', WEBHOOK_RETRY_BASE_MS: '300', WEBHOOK_MAX_ATTEMPTS: '4' });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await processes.cleanup();
  await database?.drop();
  await receiver.down();
}, 60_000);

async function register(role: 'company' | 'recruiter' | 'customer', inviter?: Client) {
  const email = uniqueEmail(role);
  if (inviter) expect((await inviter.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'Client', role })).status).toBe(201);
  const client = new Client(product.url);
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role });
  expect(registered.status, registered.text).toBe(201);
  client.token = registered.json.accessToken;
  const code = await lastCode(email, { dataDir: product.dataDir, databaseUrl: database.url });
  expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
  expect((await client.put('/api/v1/users/profile', { name: 'Kate', surname: 'Client', ...(role === 'company' ? { companyName: 'Hooks' } : {}) })).status).toBe(200);
  return { client, id: registered.json.user.id as string };
}

async function deliveries(client: Client, endpointId: string) {
  const res = await client.get(`/api/v1/webhooks/${endpointId}/deliveries`);
  expect(res.status).toBe(200);
  return res.json as { id: string; event: string; status: string; attempts: number; responseStatus: number | null; lastError: string | null }[];
}

describe('webhooks on a real receiver', () => {
  it('signs each delivery, retries after two failures, and logs three tries and the success', async () => {
    const company = await register('company');
    const customer = await register('customer', company.client);
    const created = await company.client.post('/api/v1/webhooks', { url: receiverUrl, events: ['candidate.created', 'candidate.stage_changed'] });
    expect(created.status, created.text).toBe(201);
    const endpoint = created.json as { id: string; secret: string; events: string[] };
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.events).toEqual(['candidate.created', 'candidate.stage_changed']);
    // the secret is shown once: the list never carries it
    expect(JSON.stringify((await company.client.get('/api/v1/webhooks')).json)).not.toContain(endpoint.secret);
    receiver.secret = endpoint.secret;
    receiver.failFirst = 2;

    const moscow = (await pool.query(`select id from cities where name_en = 'Moscow'`)).rows[0].id as number;
    const skills = (await pool.query('select id from soft_skills order by position limit 2')).rows.map((r) => r.id as number);
    const vacancy = await company.client.post('/api/v1/vacancy', {
      positionType: 3, positionName: 'Project manager', quantity: 1, departmentName: 'IT', hardSkills: ['Jira'], jobExperience: 2,
      softSkills: skills, country: 'ru', cityId: moscow, address: 'Tverskaya 1', salary: 100000, schedule: 1, customers: [customer.id],
      mainCustomer: customer.id, status: 1,
    });
    expect(vacancy.status, vacancy.text).toBe(201);
    const candidate = await company.client.post('/api/v1/candidates', { name: 'Anna', surname: 'Smirnova', email: 'anna@example.com', cityId: moscow, vacancyId: vacancy.json.id });
    expect(candidate.status, candidate.text).toBe(201);

    await waitUntil(async () => (await deliveries(company.client, endpoint.id)).some((d) => d.status === 'succeeded'), 30_000, 'the first delivery succeeds');
    const [first] = await deliveries(company.client, endpoint.id);
    expect(first).toMatchObject({ event: 'candidate.created', status: 'succeeded', attempts: 3, responseStatus: 200, lastError: null });
    expect(receiver.tries).toBe(3);
    expect(receiver.rejected).toEqual([]);
    const arrived = receiver.accepted[0]!;
    expect(arrived.headers['x-recruit-event']).toBe('candidate.created');
    expect(arrived.headers['x-recruit-delivery']).toBe(first!.id);
    expect(arrived.json).toMatchObject({ id: first!.id, type: 'candidate.created', data: { candidateId: candidate.json.id, vacancyId: vacancy.json.id } });
    // ids only: no name or address of the candidate leaves in a delivery
    expect(arrived.body).not.toMatch(/Anna|Smirnova|anna@example\.com/);
    // a receiver holding another secret would refuse the same delivery
    expect(verify('whsec_wrong', arrived.headers['x-recruit-signature'] as string, arrived.body)).toBe(false);
    expect(verify(endpoint.secret, arrived.headers['x-recruit-signature'] as string, arrived.body.replace('candidate.created', 'candidate.createe'))).toBe(false);

    const moved = await company.client.put(`/api/v1/candidates/vacancy/${vacancy.json.id}/${candidate.json.id}/stage`, { stage: 2, from: 1 });
    expect(moved.status, moved.text).toBe(200);
    await waitUntil(() => receiver.accepted.some((r) => r.json.type === 'candidate.stage_changed'), 20_000, 'the stage change arrives');
    const stage = receiver.accepted.find((r) => r.json.type === 'candidate.stage_changed')!;
    expect(stage.json.data).toMatchObject({ candidateId: candidate.json.id, vacancyId: vacancy.json.id, from: 1, to: 2 });
    // the receiver has the body before the product has its answer and writes the log: wait for the log
    await waitUntil(async () => (await deliveries(company.client, endpoint.id))[0]?.status === 'succeeded', 20_000, 'the stage change is logged');
    expect((await deliveries(company.client, endpoint.id))[0]).toMatchObject({ event: 'candidate.stage_changed', status: 'succeeded', attempts: 1 });
  });

  it('"send test" delivers a signed test event, and a receiver failing every try ends as failed', async () => {
    const company = await register('company');
    const created = await company.client.post('/api/v1/webhooks', { url: receiverUrl, events: ['rating.given'] });
    expect(created.status).toBe(201);
    receiver.secret = created.json.secret;
    receiver.failFirst = 0;
    receiver.tries = 0;
    receiver.accepted = [];
    const test = await company.client.post(`/api/v1/webhooks/${created.json.id}/test`);
    expect(test.status, test.text).toBe(202);
    expect(test.json).toMatchObject({ event: 'webhook.test', status: 'queued', attempts: 0 });
    await waitUntil(() => receiver.accepted.length === 1, 20_000, 'the test event arrives');
    expect(receiver.accepted[0]!.json).toMatchObject({ id: test.json.id, type: 'webhook.test', data: { endpointId: created.json.id } });
    await waitUntil(async () => (await deliveries(company.client, created.json.id))[0]!.status === 'succeeded', 10_000, 'the log says delivered');

    // by a host name, the address it resolves to is checked and connected to (loopback: allowed here)
    const byName = await company.client.post('/api/v1/webhooks', { url: receiverUrl.replace('127.0.0.1', 'localhost'), events: ['rating.given'] });
    expect(byName.status, byName.text).toBe(201);
    receiver.secret = byName.json.secret;
    expect((await company.client.post(`/api/v1/webhooks/${byName.json.id}/test`)).status).toBe(202);
    await waitUntil(async () => (await deliveries(company.client, byName.json.id))[0]!.status !== 'queued', 20_000, 'the named host is tried');
    expect((await deliveries(company.client, byName.json.id))[0]).toMatchObject({ status: 'succeeded', responseStatus: 200 });
    receiver.secret = created.json.secret;

    // the receiver now checks with another secret: every try is refused, and after the last one the log says failed
    receiver.secret = 'whsec_not_the_one';
    receiver.rejected = [];
    const again = await company.client.post(`/api/v1/webhooks/${created.json.id}/test`);
    expect(again.status).toBe(202);
    await waitUntil(async () => (await deliveries(company.client, created.json.id))[0]!.status === 'failed', 30_000, 'the delivery is given up');
    expect((await deliveries(company.client, created.json.id))[0]).toMatchObject({ id: again.json.id, status: 'failed', attempts: 4, responseStatus: 401, lastError: 'HTTP 401' });
    expect(receiver.rejected.length).toBe(4);
  });

  it('refuses a private-network address even with http allowed, and records an unreachable one as an error', async () => {
    const company = await register('company');
    for (const url of ['http://10.0.0.1/hook', 'http://192.168.1.1/', 'http://169.254.169.254/latest', 'http://[fd00::1]/', 'http://[::ffff:10.0.0.1]/']) {
      const res = await company.client.post('/api/v1/webhooks', { url, events: ['rating.given'] });
      expect(res.status, url).toBe(400);
    }
    // nothing listens on this port: the try fails with the connection's error, not a 500 of the product
    const closed = new http.Server();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const created = await company.client.post('/api/v1/webhooks', { url: `http://127.0.0.1:${port}/`, events: ['rating.given'] });
    expect(created.status).toBe(201);
    expect((await company.client.post(`/api/v1/webhooks/${created.json.id}/test`)).status).toBe(202);
    await waitUntil(async () => (await deliveries(company.client, created.json.id))[0]!.attempts >= 1, 20_000, 'a try is made');
    expect((await deliveries(company.client, created.json.id))[0]).toMatchObject({ responseStatus: null, lastError: 'ECONNREFUSED' });
  });
});
