/**
 * Issue 10, item 3: the database heals. The embedded PostgreSQL is killed by its pid and comes
 * back by itself, with every committed row; a DATABASE_URL server that cannot be reached is
 * waited out. Meanwhile the API answers 503 with Retry-After in its JSON shape, pages answer a
 * translated 503 page, and a signed-in person is not sent to the login page.
 */
import net from 'node:net';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, lastCode, PASSWORD, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, type RunningServer } from '../support/server.ts';
import { TestSmtp } from './smtp.ts';
import { alive, embeddedUrl, postmaster, Processes, rawGet, waitUntil } from './support.ts';

const processes = new Processes();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  await processes.cleanup();
}, 60_000);

/** A verified company signed in through the refresh cookie, as a browser is. */
async function signedIn(product: RunningServer, databaseUrl: string) {
  const client = new Client(product.url);
  const email = uniqueEmail('heal');
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
  expect(registered.status, registered.text).toBe(201);
  client.token = registered.json.accessToken;
  const code = await lastCode(email, { dataDir: product.dataDir, databaseUrl });
  expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
  expect((await client.put('/api/v1/users/profile', { name: 'Sam', surname: 'Newman', companyName: 'Newco' })).status).toBe(200);
  const token = client.token!;
  // pages ride on the cookie alone
  client.token = undefined;
  expect(client.cookies.size).toBeGreaterThan(0);
  return { client, token };
}

/** What a signed-in person gets while the database cannot be reached, for the API and for pages. */
async function expectUnavailable(client: Client) {
  const api = await client.get('/api/v1/users/profile');
  expect(api.status).toBe(503);
  expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(api.headers.get('content-type')).toContain('application/json');
  expect(api.json).toEqual({ statusCode: 503, message: 'error.common.unavailable' });

  for (const [prefix, title] of [
    ['', 'The service is briefly unavailable'],
    ['/ru', 'Сервис ненадолго недоступен'],
  ] as const) {
    const page = await client.get(`${prefix}/profile`);
    // not a redirect to the login page: the session is still there, the database is not
    expect(page.status).toBe(503);
    expect(page.headers.get('location')).toBeNull();
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.text).toContain(`<h1`);
    expect(page.text).toContain(title);
    // Try again leads back to the page that failed
    expect(page.text).toContain(`href="${prefix}/profile"`);
  }
  // the refresh cookie survives the outage
  expect(client.cookies.size).toBeGreaterThan(0);
}

/** The reason socket.io's connection check gives for refusing a socket with this token. */
async function socketRefusal(base: string, token: string): Promise<string> {
  const socket = io(base, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false });
  try {
    return await new Promise<string>((resolve, reject) => {
      socket.once('connect_error', (error) => resolve(error.message));
      socket.once('connect', () => reject(new Error('the socket was let in')));
    });
  } finally {
    socket.disconnect();
  }
}

/** Stands on a port so that nothing else can serve there: every connection is dropped at once. */
async function occupy(port: number): Promise<() => Promise<void>> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Kills the product's embedded PostgreSQL by its pid and keeps it down (its port taken) until
 * `release()`: the product is paused for the kill, or its supervisor would start it again at once.
 */
async function killAndHold(product: RunningServer): Promise<{ pid: number; port: number; release: () => Promise<void> }> {
  const before = postmaster(product.dataDir)!;
  product.child.kill('SIGSTOP');
  try {
    process.kill(before.pid, 'SIGKILL');
    await waitUntil(() => !alive(before.pid), 10_000, 'the postmaster is gone');
    return { ...before, release: await occupy(before.port) };
  } finally {
    product.child.kill('SIGCONT');
  }
}

describe('the embedded database killed by its pid', () => {
  it('answers 503 while it is down, comes back by itself with every committed row, and the queue works on', async () => {
    const product = await processes.spawn();
    const url = embeddedUrl(product.dataDir);
    const { client, token } = await signedIn(product, url);
    expect((await client.get('/profile')).status).toBe(200);
    // committed before the kill
    const other = new Client(product.url);
    const committed = uniqueEmail('committed');
    expect((await other.post('/api/v1/auth/email/register', { email: committed, password: PASSWORD, role: 'company' })).status).toBe(201);

    const before = await killAndHold(product);
    try {
      expect((await rawGet(product.url, '/healthz')).status).toBe(503);
      await expectUnavailable(client);
      // a public page that asks the database while rendering (a candidate's consent link)
      const visitor = await new Client(product.url).get('/ru/verify/pd?token=abc');
      expect(visitor.status).toBe(503);
      expect(visitor.text).toContain('Сервис ненадолго недоступен');
      expect(visitor.text).toContain('href="/ru/verify/pd?token=abc"');
      // a socket that connects meanwhile hears "unavailable", not "unauthorized"
      expect(await socketRefusal(product.url, token)).toBe('error.common.unavailable');
    } finally {
      await before.release();
    }

    // back within seconds, without a restart of the product
    await waitUntil(async () => (await rawGet(product.url, '/healthz')).status === 200, 20_000, 'the database is back');
    expect(product.child.exitCode).toBeNull();
    const after = postmaster(product.dataDir)!;
    expect(after.pid).not.toBe(before.pid);
    expect(after.port).toBe(before.port);
    expect(product.output()).toContain(`embedded database (pid ${before.pid}) is gone`);

    // the same session, the same rows
    expect((await client.get('/profile')).status).toBe(200);
    expect((await client.get('/api/v1/users/profile')).status).toBe(200);
    const login = await new Client(product.url).post('/api/v1/auth/email/login', { email: committed, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ email: committed });

    // the job queue works on: a new registration's code mail is sent by it
    const later = uniqueEmail('after');
    expect((await new Client(product.url).post('/api/v1/auth/email/register', { email: later, password: PASSWORD, role: 'company' })).status).toBe(201);
    expect(await lastCode(later, { dataDir: product.dataDir, databaseUrl: url })).toMatch(/^\d{4}$/);

    // a plain kill, nothing holding the port: back again by itself
    const second = postmaster(product.dataDir)!;
    process.kill(second.pid, 'SIGKILL');
    await waitUntil(() => postmaster(product.dataDir)?.pid !== second.pid && alive(postmaster(product.dataDir)?.pid ?? 0), 20_000, 'a new postmaster runs');
    await waitUntil(async () => (await client.get('/profile')).status === 200, 20_000, 'the profile page answers 200 again');

    // and the product still stops cleanly, PostgreSQL with it
    const last = postmaster(product.dataDir)!;
    expect(await product.stop('SIGTERM')).toBe(0);
    expect(alive(last.pid)).toBe(false);
  }, 150_000);
});

describe('a job under way when the embedded database dies', () => {
  it("is done once the database is back, not after the queue's four-hour lock", async () => {
    const smtp = new TestSmtp();
    closers.push(() => smtp.down());
    // the code mail hangs on a silent mail server while the database goes away under it
    await smtp.silence();
    const product = await processes.spawn({ SMTP_URL: smtp.url, SMTP_TIMEOUT_MS: '3000' });
    const email = uniqueEmail('underway');
    expect((await new Client(product.url).post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' })).status).toBe(201);
    await waitUntil(() => smtp.holding > 0, 10_000, 'the code mail is under way');

    const down = await killAndHold(product);
    try {
      // the mail times out and its failure cannot be written: graphile-worker stops its runner
      await waitUntil(() => product.output().includes('the job queue stopped'), 20_000, 'the job queue stops');
      await smtp.up();
    } finally {
      await down.release();
    }
    await waitUntil(() => product.output().includes('the job queue works again'), 30_000, () => `the job queue works again:\n${product.output()}`);
    const mail = await smtp.waitFor(email, 1, 30_000);
    expect(mail.subject).toMatch(/\b\d{4}\b/);
  }, 120_000);
});

/** A TCP relay to the real server: closing it makes the database unreachable, as a network fault does. */
async function relay(target: URL): Promise<{ port: number; cut(): Promise<void>; mend(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((socket) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [socket, upstream]) {
          sockets.add(s);
          s.on('error', () => {});
          s.on('close', () => {
            sockets.delete(s);
            socket.destroy();
            upstream.destroy();
          });
        }
        socket.pipe(upstream).pipe(socket);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const cut = async () => {
    if (!server?.listening) return;
    const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closing;
  };
  await listen();
  return { port, cut, mend: listen, close: cut };
}

describe('a DATABASE_URL server that cannot be reached', () => {
  it('answers 503, keeps the session, and reconnects by itself when the server is back', async () => {
    const database = await createTestDatabase(processes.tempDir('recruit-heal-db-'));
    closers.push(() => database.drop());
    const link = await relay(new URL(database.url));
    closers.unshift(() => link.close());
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(link.port);
    const product = await processes.spawn({ DATABASE_URL: viaRelay.toString() });
    const { client } = await signedIn(product, database.url);
    expect((await client.get('/profile')).status).toBe(200);

    await link.cut();
    try {
      expect((await rawGet(product.url, '/healthz')).status).toBe(503);
      await expectUnavailable(client);
    } finally {
      await link.mend();
    }

    await waitUntil(async () => (await rawGet(product.url, '/healthz')).status === 200, 20_000, 'the database is reachable again');
    expect((await client.get('/profile')).status).toBe(200);
    expect((await client.get('/api/v1/users/profile')).status).toBe(200);
    expect(product.child.exitCode).toBeNull();
    // the failure page is no page of its own
    expect((await client.get('/server-error')).status).toBe(404);
  }, 120_000);
});
