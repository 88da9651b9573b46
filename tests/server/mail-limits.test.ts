/**
 * The mail limits per space and per client address, with their defaults, on products of their
 * own. Hundreds of requests go at once: the counters in PostgreSQL must let exactly the limit
 * through. One client address for all (the test product believes X-Forwarded-For from loopback).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, lastCode, PASSWORD, uniqueEmail } from '../support/client.ts';
import { queueSettled } from '../support/queue.ts';
import { createTestDatabase, type TestDatabase } from '../support/server.ts';
import { Processes } from './support.ts';

const processes = new Processes();
const ONE_ADDRESS = '10.20.30.40';
const databases: TestDatabase[] = [];

afterAll(async () => {
  await processes.cleanup();
  await Promise.all(databases.map((d) => d.drop()));
}, 60_000);

async function product(env: Record<string, string> = {}) {
  const database = await createTestDatabase(processes.tempDir('recruit-limits-db-'));
  databases.push(database);
  const server = await processes.spawn({ DATABASE_URL: database.url, ...env });
  return { server, database };
}

async function count(url: string, query: string, params: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query, params)).rows[0].n;
  } finally {
    await client.end();
  }
}

describe('mails per space and day', () => {
  it('60 invites at once from three people of one space with 38 mails left: exactly 38 are taken, the rest get error.mail.space_limit', async () => {
    // a small MAIL_PER_SPACE_DAY (the default is 500): each person may send 30 invites an hour
    const { server, database } = await product({ MAIL_PER_SPACE_DAY: '40' });
    const signUp = async (client: Client, email: string, role: 'company' | 'recruiter') => {
      const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role });
      client.token = registered.json.accessToken;
      const code = await lastCode(email, { dataDir: server.dataDir, databaseUrl: database.url });
      expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
      expect((await client.put('/api/v1/users/profile', { name: 'Mia', surname: 'Mailer', companyName: 'Mails' })).status).toBe(200);
    };
    const company = new Client(server.url);
    await signUp(company, uniqueEmail('company'), 'company');
    const recruiters = [new Client(server.url), new Client(server.url)];
    for (const recruiter of recruiters) {
      // two invites: two of the space's 40 mails
      const email = uniqueEmail('recruiter');
      expect((await company.post('/api/v1/users/invite', { email, name: 'R', surname: 'R', role: 'recruiter' })).status).toBe(201);
      await signUp(recruiter, email, 'recruiter');
    }

    const answers = await Promise.all(
      [company, ...recruiters].flatMap((client) =>
        Array.from({ length: 20 }, (_, i) => client.post('/api/v1/users/invite', { email: uniqueEmail(`space${i}`), name: 'A', surname: 'B', role: 'customer' })),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(38);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.json.message])).toEqual(Array(22).fill([429, 'error.mail.space_limit']));
    // nothing half-done: an invite row and a mail for each taken request, none for the others
    expect(await count(database.url, 'select count(*)::int as n from invites')).toBe(40);
    await queueSettled(database.url, 60_000);
    expect(await count(database.url, `select count(*)::int as n from invites where mail_state = 'sent'`)).toBe(40);
  }, 120_000);
});

describe('mails per client address and day (registration and resend)', () => {
  it('40 resends at once from one address: 30 answered alike, 10 get error.mail.client_limit; a registration then creates nothing', async () => {
    const { server, database } = await product();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => new Client(server.url, { ip: ONE_ADDRESS }).post('/api/v1/auth/verify/email/resend', { email: uniqueEmail('nobody') })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.json.message])).toEqual(Array(10).fill([429, 'error.mail.client_limit']));

    const email = uniqueEmail('late');
    const registered = await new Client(server.url, { ip: ONE_ADDRESS }).post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(429);
    expect(registered.json.message).toBe('error.mail.client_limit');
    expect(await count(database.url, 'select count(*)::int as n from users')).toBe(0);
    expect(await count(database.url, 'select count(*)::int as n from spaces')).toBe(0);
  }, 120_000);
});
