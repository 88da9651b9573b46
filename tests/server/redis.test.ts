/**
 * With REDIS_URL, several product processes share socket.io rooms: a message sent through one
 * reaches a client connected to another (issue 6, "More than one server").
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/server.ts';
import { PASSWORD, uniqueEmail } from '../support/client.ts';
import { postJson, Processes } from './support.ts';
import { queueSettled } from '../support/queue.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const processes = new Processes();
const sockets: Socket[] = [];
let database: TestDatabase | undefined;

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await processes.cleanup();
  await database?.drop();
}, 60_000);

async function call(base: string, method: string, pathname: string, token: string, body?: unknown) {
  const response = await fetch(base + pathname, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

function connect(base: string, token: string): Promise<Socket> {
  const socket = io(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

describe('two processes on one database and one Redis', () => {
  it('delivers a message sent through one process to a client connected to the other', async () => {
    const dir = processes.tempDir();
    database = await createTestDatabase(dir);
    const env = { DATABASE_URL: database.url, REDIS_URL };
    const [a, b] = await Promise.all([processes.spawn(env), processes.spawn(env)]);

    // a company and an invited customer, registered through process A
    const companyEmail = uniqueEmail('company');
    const company = await postJson(a.url, '/api/v1/auth/email/register', { email: companyEmail, password: PASSWORD, role: 'company' });
    // mail goes out from the job queue, on whichever process takes the job: look through both
    // outboxes until the code is there and its job has recorded it
    const code = async (email: string) => {
      const { simpleParser } = await import('mailparser');
      const fs = await import('node:fs');
      const path = await import('node:path');
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        const files = [a.dataDir, b.dataDir].flatMap((dirOf) => {
          const outbox = path.join(dirOf, 'outbox');
          return fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')).map((file) => ({ file, full: path.join(outbox, file) })) : [];
        });
        for (const { full } of files.sort((x, y) => (x.file < y.file ? 1 : -1))) {
          const mail = await simpleParser(fs.readFileSync(full));
          const to = [mail.to].flat().flatMap((x) => x?.value ?? []).map((x) => x.address);
          const found = /\b\d{4}\b/.exec(mail.subject ?? '');
          if (to.includes(email) && found) {
            await queueSettled(database!.url);
            return found[0];
          }
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${email}`);
    };
    await postJson(a.url, '/api/v1/auth/verify/email', { email: companyEmail, code: await code(companyEmail) });
    const companyToken = company.json.accessToken as string;
    await call(a.url, 'PUT', '/api/v1/users/profile', companyToken, { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
    const customerEmail = uniqueEmail('customer');
    expect((await call(a.url, 'POST', '/api/v1/users/invite', companyToken, { email: customerEmail, name: 'Kate', surname: 'Client', role: 'customer' })).status).toBe(201);
    const customer = await postJson(b.url, '/api/v1/auth/email/register', { email: customerEmail, password: PASSWORD, role: 'customer' });
    await postJson(b.url, '/api/v1/auth/verify/email', { email: customerEmail, code: await code(customerEmail) });

    const sender = await connect(a.url, companyToken);
    const receiver = await connect(b.url, customer.json.accessToken);
    const received = new Promise<{ text: string; userId: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the message did not cross processes')), 10_000);
      receiver.once('chat-message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
    const ack = await sender.timeout(5000).emitWithAck('chat-message', { recipientId: customer.json.user.id, text: 'From process A' });
    expect(ack.ok).toBe(true);
    expect(await received).toMatchObject({ text: 'From process A', userId: company.json.user.id });
  }, 120_000);
});
