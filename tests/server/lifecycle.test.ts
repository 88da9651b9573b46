/**
 * The product as an operator runs it: real `node src/server.ts` processes on the embedded
 * PostgreSQL in their own DATA_DIR, killed, restarted, stopped and misconfigured.
 */
import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import net from 'node:net';
import postgres from 'pg';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, lastCode, PASSWORD, uniqueEmail } from '../support/client.ts';
import { alive, embeddedUrl, postJson, postmaster, Processes, rawGet, runServerExpectingExit, waitUntil } from './support.ts';

const processes = new Processes();
afterAll(() => processes.cleanup(), 60_000);

describe('the embedded database', () => {
  it('keeps a registered user across a kill -9 of the product, and SIGTERM stops it and PostgreSQL cleanly', async () => {
    const dataDir = processes.tempDir();
    const first = await processes.spawn({}, dataDir);
    const email = uniqueEmail('kill9');
    const registered = await postJson(first.url, '/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(201);

    const pg = postmaster(dataDir);
    expect(pg, 'the embedded server writes DATA_DIR/pg/postmaster.pid').toBeDefined();
    // the superuser needs its password, which DATA_DIR keeps for the product's user alone
    const stranger = new postgres.Client({ connectionString: `postgres://postgres@127.0.0.1:${pg!.port}/postgres` });
    stranger.on('error', () => {});
    await expect(stranger.connect()).rejects.toThrow(/password/i);
    await stranger.end().catch(() => {});
    expect(fs.statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    first.child.kill('SIGKILL');
    expect(await first.stop()).toBeNull(); // killed, no exit code
    // PostgreSQL outlives its parent: the next start must cope with it
    expect(alive(pg!.pid)).toBe(true);

    const second = await processes.spawn({}, dataDir);
    const login = await postJson(second.url, '/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.user).toMatchObject({ email });
    expect(second.output()).toContain(`already running (pid ${pg!.pid}`);

    expect(await second.stop('SIGTERM')).toBe(0);
    // PostgreSQL removes postmaster.pid on a clean shutdown; at least it must be gone
    const left = postmaster(dataDir);
    expect(left === undefined || !alive(left.pid)).toBe(true);
    expect(alive(pg!.pid)).toBe(false);
  }, 150_000);

  it('/healthz answers 200 while the database answers; a database stopped from outside is started again', async () => {
    const server = await processes.spawn();
    const ok = await rawGet(server.url, '/healthz');
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');

    const pg = postmaster(server.dataDir)!;
    expect(pg).toBeDefined();
    // a clean shutdown from outside (what 503 looks like meanwhile is tests/server/heal.test.ts)
    process.kill(pg.pid, 'SIGINT');
    await waitUntil(() => !alive(pg.pid), 15_000, 'PostgreSQL stops');
    await waitUntil(
      async () => postmaster(server.dataDir)?.pid !== pg.pid && (await rawGet(server.url, '/healthz')).status === 200,
      20_000,
      'the product started its database again',
    );
    // the product lives on and still stops cleanly, its new database with it
    const again = postmaster(server.dataDir)!;
    expect(server.child.exitCode).toBeNull();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(alive(again.pid)).toBe(false);
  }, 90_000);

  it('runs two products side by side, each on its own database', async () => {
    const [a, b] = await Promise.all([processes.spawn(), processes.spawn()]);
    for (const server of [a, b]) expect((await rawGet(server.url, '/healthz')).status).toBe(200);
    const pgA = postmaster(a.dataDir)!;
    const pgB = postmaster(b.dataDir)!;
    expect(pgA.port).not.toBe(pgB.port);
    expect(pgA.pid).not.toBe(pgB.pid);

    const email = uniqueEmail('twins');
    expect((await postJson(a.url, '/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' })).status).toBe(201);
    expect((await postJson(a.url, '/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(200);
    // the user exists in A's database only
    const elsewhere = await postJson(b.url, '/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.message).toBe('error.common.wrong_email_or_password');

    const [codeA, codeB] = await Promise.all([a.stop(), b.stop()]);
    expect([codeA, codeB]).toEqual([0, 0]);
  }, 90_000);
});

describe('shutdown', () => {
  it('SIGINT with a websocket and an idle keep-alive connection open still exits 0 promptly', async () => {
    const server = await processes.spawn();
    // sockets are for verified users: register and verify with the code from this product's outbox
    const client = new Client(server.url);
    const email = uniqueEmail('sigint');
    const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(201);
    client.token = registered.json.accessToken;
    const verified = await client.post('/api/v1/auth/verify/email', { email, code: await lastCode(email, { dataDir: server.dataDir, databaseUrl: embeddedUrl(server.dataDir) }) });
    expect(verified.status).toBe(200);

    const socket = io(server.url, { path: '/ws', transports: ['websocket'], auth: { token: client.token! }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      // a browser keeps its connection open between requests
      const agent = new http.Agent({ keepAlive: true });
      const kept = await new Promise<number>((resolve, reject) =>
        http.get(`${server.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        }).on('error', reject),
      );
      expect(kept).toBe(200);

      // 0, not the 1 of the product giving up after 15 s: the kept-alive connection did not hold it
      expect(await server.stop('SIGINT')).toBe(0);
      expect(await disconnected).toBeTruthy();
      agent.destroy();
      // and it took its database with it
      expect(postmaster(server.dataDir)).toBeUndefined();
    } finally {
      socket.disconnect();
    }
  }, 90_000);

  it('SIGTERM with a request still arriving (a slow client) exits 0 within a few seconds and stops PostgreSQL', async () => {
    const server = await processes.spawn();
    const pg = postmaster(server.dataDir)!;
    // the headers of a request that are never finished: the connection is busy, not idle
    const slow = net.connect(server.port, '127.0.0.1');
    slow.on('error', () => {});
    try {
      await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
      slow.write(`POST /api/v1/auth/email/login HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\ncontent-type: application/json\r\n`);
      await new Promise((r) => setTimeout(r, 200));

      // 0, not the 1 of the product giving up by itself after 15 s: the slow client did not hold it
      // (how fast it stops is a figure for a benchmark, not a test, on a shared two-core machine)
      expect(await server.stop('SIGTERM')).toBe(0);
      expect(alive(pg.pid)).toBe(false);
      expect(postmaster(server.dataDir)).toBeUndefined();
    } finally {
      slow.destroy();
    }
  }, 90_000);
});

// quick processes that only start and stop: run side by side
describe.concurrent('configuration', () => {
  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
  ])('a bad %s=%s stops the start quickly with a message naming it', async (name, value) => {
    const dataDir = processes.tempDir();
    const result = await runServerExpectingExit({ DATA_DIR: dataDir, PORT: '4999', [name]: value });
    expect(result.signal).toBeNull();
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    expect(result.output).toContain(`${name}=${JSON.stringify(value)}`);
    // it stopped before starting anything
    expect(result.output).not.toMatch(/Recruit is serving|embedded database started/);
    expect(fs.existsSync(path.join(dataDir, 'pg'))).toBe(false);
  }, 30_000);

  it('a PORT already in use stops the start with a message and leaves no PostgreSQL running', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    try {
      const port = (taken.address() as net.AddressInfo).port;
      const dataDir = processes.tempDir();
      // a start on a loaded machine (page modules, the embedded database) takes its time before it fails
      const result = await runServerExpectingExit({ DATA_DIR: dataDir, PORT: String(port) }, 50_000);
      expect(result.signal).toBeNull();
      expect(result.code).not.toBe(0);
      expect(result.output).toContain('EADDRINUSE');
      // the database had been started for this run: it is stopped again
      expect(result.output).toContain('embedded database started');
      expect(postmaster(dataDir)).toBeUndefined();
    } finally {
      taken.close();
    }
  }, 60_000);
});
