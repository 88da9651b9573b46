/**
 * Issue 16 item 2: two product processes on one PostgreSQL server, one Redis and one object
 * store (s3rver), behind nginx balancing round-robin with WebSocket upgrade, as docs/deploy.md
 * describes. Whichever process answers: the session, uploads, chat delivery and read receipts,
 * rate limits, the job queue (each mail sent once) and the end of a logged-out session's
 * sockets. nginx names the process that answered in X-Upstream, so every check also shows that
 * both processes took part.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxConf, NGINX } from '../../scripts/nginx.ts';
import { PASSWORD, uniqueEmail } from '../support/client.ts';
import { queueSettled } from '../support/queue.ts';
import { createTestDatabase, freePort, type RunningServer, type TestDatabase } from '../support/server.ts';
import { TestSmtp } from './smtp.ts';
import { Processes, waitUntil } from './support.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const processes = new Processes();
const smtp = new TestSmtp();
const sockets: Socket[] = [];
let database: TestDatabase;
let s3: S3rver;
let nginx: ChildProcess;
let a: RunningServer;
let b: RunningServer;
let base: string;

/** docs/deploy.md's nginx in front of the processes, on a port and folder of the test's own (X-Upstream added). */
function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return nginxConf(
    dir,
    `
  client_max_body_size 12m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream recruit { ${upstreams.map((u) => `server ${u};`).join(' ')} }
  upstream recruit_ws { hash $remote_addr consistent; ${upstreams.map((u) => `server ${u};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    proxy_http_version 1.1;
    add_header X-Upstream $upstream_addr always;
    location / {
      proxy_pass http://recruit;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
    location /ws/ {
      proxy_pass http://recruit_ws;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 1h;
    }
  }
`,
  );
}

interface Answer {
  status: number;
  json: any;
  upstream: string;
}

async function call(method: string, pathname: string, { token, body, form, cookie }: { token?: string; body?: unknown; form?: FormData; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin: base };
  if (token) headers.authorization = `Bearer ${token}`;
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + pathname, { method, headers, body: form ?? (body === undefined ? undefined : JSON.stringify(body)), redirect: 'manual' });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json, upstream: response.headers.get('x-upstream') ?? '' };
}

const upstreamOf = (server: RunningServer) => `127.0.0.1:${server.port}`;

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string, timeout = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeout} ms`)), timeout);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const codeIn = (subject: string | undefined) => /\b(\d{4})\b/.exec(subject ?? '')?.[1];

/** The code of the registration mail (an invited address got its invitation first). */
async function codeFor(email: string): Promise<string> {
  await waitUntil(() => smtp.mailsTo(email).some((mail) => codeIn(mail.subject)), 30_000, `a code mailed to ${email}`);
  await queueSettled(database.url);
  return codeIn(smtp.mailsTo(email).find((mail) => codeIn(mail.subject))!.subject)!;
}

async function register(role: 'company' | 'customer', email = uniqueEmail(role)) {
  const registered = await call('POST', '/api/v1/auth/email/register', { body: { email, password: PASSWORD, role, settings: { lang: 'en' } } });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const verified = await call('POST', '/api/v1/auth/verify/email', { body: { email, code: await codeFor(email) } });
  expect(verified.status).toBe(200);
  // registration's third step, without which the account changes nothing
  const token = registered.json.accessToken as string;
  expect((await call('PUT', '/api/v1/users/profile', { token, body: { name: 'Pat', surname: 'Proxy', ...(role === 'company' ? { companyName: 'Proxy' } : {}) } })).status).toBe(200);
  return { token, id: registered.json.user.id as string, email };
}

/** A company and a customer it invited, both registered through the proxy. */
async function companyAndCustomer() {
  const company = await register('company');
  await call('PUT', '/api/v1/users/profile', { token: company.token, body: { name: 'Olga', surname: 'Owner', companyName: 'Acme' } });
  const email = uniqueEmail('customer');
  expect((await call('POST', '/api/v1/users/invite', { token: company.token, body: { email, name: 'Kate', surname: 'Client', role: 'customer' } })).status).toBe(201);
  await smtp.waitFor(email);
  const customer = await register('customer', email);
  return { company, customer };
}

beforeAll(async () => {
  await smtp.up();
  const dir = processes.tempDir('recruit-proxy-');
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3') });
  fs.mkdirSync(path.join(dir, 's3'));
  const { port: s3Port } = await s3.run();
  const s3Url = `http://S3RVER:S3RVER@127.0.0.1:${s3Port}/recruit-files`;
  await new S3Client({ endpoint: `http://127.0.0.1:${s3Port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }).send(new CreateBucketCommand({ Bucket: 'recruit-files' }));
  database = await createTestDatabase(dir);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // one configuration for both, as on two machines: nothing shared but the services
  const env = { DATABASE_URL: database.url, REDIS_URL, S3_URL: s3Url, SMTP_URL: smtp.url, PUBLIC_URL: base, TRUST_PROXY: 'loopback', MAIL_PER_CLIENT_DAY: '1000' };
  [a, b] = await Promise.all([processes.spawn(env), processes.spawn(env)]);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, [upstreamOf(a), upstreamOf(b)]));
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  await waitUntil(async () => (await fetch(`${base}/healthz`).catch(() => undefined))?.ok === true, 15_000, 'nginx answers');
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  nginx?.kill('SIGQUIT');
  await processes.cleanup();
  await database?.drop();
  await s3?.close();
  await smtp.down();
}, 60_000);

describe('two processes behind nginx', () => {
  it('balances round-robin: one session, pages and the API answered by both processes', async () => {
    const { company } = await companyAndCustomer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call('GET', '/api/v1/users/profile', { token: company.token })));
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((r) => r.upstream))).toEqual(new Set([upstreamOf(a), upstreamOf(b)]));
    // the browser's way in: the refresh cookie, on pages, wherever they are rendered
    const login = await fetch(`${base}/api/v1/auth/email/login`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify({ email: company.email, password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const pages = await Promise.all(Array.from({ length: 4 }, () => call('GET', '/profile', { cookie })));
    expect(pages.map((p) => p.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(pages.map((p) => p.upstream)).size).toBe(2);
  });

  it('serves an upload stored through one process from the other', async () => {
    const company = await register('company');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2060c0' } }).png().toBuffer())], { type: 'image/png' }), 'me.png');
    const uploaded = await call('POST', '/api/v1/users/profile/photo', { token: company.token, form });
    expect(uploaded.status).toBe(200);
    const served = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const response = await fetch(`${base}/uploads/${uploaded.json.image}`);
        return { status: response.status, type: response.headers.get('content-type'), upstream: response.headers.get('x-upstream') };
      }),
    );
    expect(served.map((s) => [s.status, s.type])).toEqual(Array(4).fill([200, 'image/webp']));
    expect(new Set(served.map((s) => s.upstream)).size).toBe(2);
    for (const server of [a, b]) expect(fs.existsSync(path.join(server.dataDir, 'uploads'))).toBe(false);
  });

  it('delivers chat messages and read receipts across processes, through the proxy and WebSocket upgrade', async () => {
    const { company, customer } = await companyAndCustomer();
    const olga = await connect(base, company.token);
    const kateViaProxy = await connect(base, customer.token);
    const kateOnA = await connect(a.url, customer.token);
    const kateOnB = await connect(b.url, customer.token);
    const delivered = Promise.all([kateViaProxy, kateOnA, kateOnB].map((socket) => next<{ id: string; text: string }>(socket, 'chat-message')));
    const ack = (await olga.timeout(5000).emitWithAck('chat-message', { recipientId: customer.id, text: 'Across processes' })) as { ok: boolean; message: { id: string } };
    expect(ack.ok).toBe(true);
    expect((await delivered).map((m) => [m.id, m.text])).toEqual(Array(3).fill([ack.message.id, 'Across processes']));

    const receipt = next<{ messageIds: string[]; readerId: string }>(olga, 'chat-message-read');
    const read = (await kateOnB.timeout(5000).emitWithAck('chat-message-read', { messageIds: [ack.message.id] })) as { ok: boolean };
    expect(read.ok).toBe(true);
    expect(await receipt).toEqual({ messageIds: [ack.message.id], readerId: customer.id });
  });

  it('counts a rate limit once for the whole product: ten chat messages in ten seconds, then 429, whichever process takes them', async () => {
    const { company, customer } = await companyAndCustomer();
    // the window is fixed (ten seconds from the epoch on): start early in one, not across two
    const intoWindow = Date.now() % 10_000;
    if (intoWindow > 5_000) await new Promise((r) => setTimeout(r, 10_000 - intoWindow + 50));
    const answers: Answer[] = [];
    for (let i = 0; i < 14; i++) answers.push(await call('POST', `/api/v1/chats/${customer.id}`, { token: company.token, body: { text: `burst ${i}` } }));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s < 300)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    expect(new Set(answers.slice(0, 10).map((r) => r.upstream)).size).toBe(2);
  });

  it('works each job of the shared queue once: twenty invitations, twenty mails', async () => {
    const company = await register('company');
    const emails = Array.from({ length: 20 }, () => uniqueEmail('invitee'));
    const answers = await Promise.all(emails.map((email) => call('POST', '/api/v1/users/invite', { token: company.token, body: { email, name: 'Ann', surname: 'Invitee', role: 'customer' } })));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((r) => r.upstream)).size).toBe(2);
    await waitUntil(() => emails.every((email) => smtp.mailsTo(email).length >= 1), 30_000, 'every invitation mailed');
    await queueSettled(database.url);
    // a moment more: a second delivery of one job would arrive now
    await new Promise((r) => setTimeout(r, 1000));
    expect(emails.map((email) => smtp.mailsTo(email).length)).toEqual(Array(20).fill(1));
  });

  it("ends a logged-out session's sockets on every process", async () => {
    const { customer } = await companyAndCustomer();
    const tabs = [await connect(a.url, customer.token), await connect(b.url, customer.token), await connect(base, customer.token)];
    const gone = tabs.map((socket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve())));
    expect((await call('POST', '/api/v1/auth/logout', { token: customer.token })).status).toBe(200);
    await Promise.race([Promise.all(gone), new Promise((_, reject) => setTimeout(() => reject(new Error('a socket outlived its session')), 10_000))]);
    expect(tabs.map((socket) => socket.connected)).toEqual([false, false, false]);
  });
});
