/** A socket belongs to a session and ends with it (issue 9, item 4), and speaks in error keys. */
import { afterEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { baseUrl, Client, PASSWORD, uniqueEmail } from '../support/client.ts';
import { ROOT } from '../support/server.ts';
import { space } from '../support/spaces.ts';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

function connect(token: string | undefined): Promise<Socket> {
  const socket = io(baseUrl(), { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function disconnected(socket: Socket, timeout = 8000): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return resolve('already');
    const timer = setTimeout(() => reject(new Error(`still connected after ${timeout} ms`)), timeout);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Collects chat messages a socket receives. */
function inbox(socket: Socket): string[] {
  const texts: string[] = [];
  socket.on('chat-message', (m: { text: string }) => texts.push(m.text));
  return texts;
}

const emit = <T>(socket: Socket, event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createAdmin(): Promise<Client> {
  const email = uniqueEmail('admin');
  await promisify(execFile)(process.execPath, ['scripts/user.ts', 'create', '--role', 'admin', '--email', email, '--password', PASSWORD], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir') },
  });
  const admin = new Client();
  admin.token = (await admin.post('/api/v1/auth/email/login', { email, password: PASSWORD })).json.accessToken;
  return admin;
}

describe('a socket dies with its session', () => {
  it('after logout: disconnected at once, and no chat message reaches it', async () => {
    const s = await space();
    const kate = await connect(s.customer.client.token);
    const received = inbox(kate);
    const gone = disconnected(kate);
    expect((await s.customer.client.post('/api/v1/auth/logout')).status).toBe(200);
    await gone;
    await s.company.client.post(`/api/v1/chats/${s.customer.id}`, { text: 'after logout' });
    await pause(300);
    expect(received).toEqual([]);
    // the old token no longer opens a socket either
    await expect(connect(s.customer.client.token)).rejects.toThrow('error.common.unauthorized');
  });

  it('after a password change in another session: the other sessions\' sockets end, this one stays', async () => {
    const s = await space();
    const other = new Client();
    other.token = (await other.post('/api/v1/auth/email/login', { email: s.customer.email, password: PASSWORD })).json.accessToken;
    const elsewhere = await connect(other.token);
    const here = await connect(s.customer.client.token);
    const gone = disconnected(elsewhere);
    expect((await s.customer.client.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'Newpassw0rd!' })).status).toBe(200);
    await gone;
    const received = inbox(here);
    await s.company.client.post(`/api/v1/chats/${s.customer.id}`, { text: 'still here' });
    await pause(300);
    expect(here.connected).toBe(true);
    expect(received).toEqual(['still here']);
  });

  it('after account deletion', async () => {
    const s = await space();
    const kate = await connect(s.customer.client.token);
    const gone = disconnected(kate);
    expect((await s.customer.client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(200);
    await gone;
  });

  it('after a ban from the command line, within the sweep; its events are refused meanwhile', async () => {
    const s = await space();
    const kate = await connect(s.customer.client.token);
    let gone = false;
    kate.once('disconnect', () => (gone = true));
    await promisify(execFile)(process.execPath, ['scripts/user.ts', 'ban', '--email', s.customer.email], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir') },
    });
    // the test server sweeps every 2 s: counted from the ban, however long the command took
    if (!gone) await disconnected(kate, 10_000);
    expect((await s.customer.client.get('/api/v1/users/profile')).status).toBe(401);
  });

  it('an event on a revoked session is refused with a key and ends the socket', async () => {
    const s = await space();
    const kate = await connect(s.customer.client.token);
    // revoked behind the product's back: no process was told, so only the per-event check sees it
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    await pool.query('update sessions set revoked_at = now() where user_id = $1', [s.customer.id]);
    await pool.end();
    const gone = disconnected(kate, 10_000);
    const answer = await emit<{ ok: boolean; error: string }>(kate, 'chat-message', { recipientId: s.company.user.id, text: 'hi' }).catch(() => ({ ok: false, error: 'error.common.unauthorized' }));
    expect(answer).toEqual({ ok: false, error: 'error.common.unauthorized' });
    await gone;
  });

  it('a logged-out admin stops receiving the new help tickets of every space', async () => {
    const admin = await createAdmin();
    const adminSocket = await connect(admin.token);
    const tickets: string[] = [];
    adminSocket.on('help-ticket', (t: { description: string }) => tickets.push(t.description));
    const s = await space();
    await s.customer.client.post('/api/v1/help', { title: 'other', description: 'before logout' });
    await pause(300);
    expect(tickets).toEqual(['before logout']);
    const gone = disconnected(adminSocket);
    await admin.post('/api/v1/auth/logout');
    await gone;
    await s.customer.client.post('/api/v1/help', { title: 'other', description: 'after logout' });
    await pause(300);
    expect(tickets).toEqual(['before logout']);
  });
});

describe('socket events', () => {
  it('chat-message-read without an acknowledgement still marks the messages read', async () => {
    const s = await space();
    const sent = (await s.company.client.post(`/api/v1/chats/${s.customer.id}`, { text: 'read me' })).json;
    const kate = await connect(s.customer.client.token);
    kate.emit('chat-message-read', { messageIds: [sent.id] });
    for (let i = 0; i < 30 && (await s.customer.client.get('/api/v1/users/profile')).json.unreadMessage !== 0; i++) await pause(100);
    expect((await s.customer.client.get('/api/v1/users/profile')).json.unreadMessage).toBe(0);
  });

  it('acknowledges failures with translation keys, never raw messages', async () => {
    const s = await space();
    const olga = await connect(s.company.client.token);
    const payloads = [null, 'text', { recipientId: 5, text: null }, { recipientId: s.customer.id, text: 'a\u0000b' }, { recipientId: s.customer.id, text: 'x'.repeat(5000) }, { recipientId: s.customer.id, text: '   ' }];
    for (const payload of payloads) {
      const answer = await emit<{ ok: boolean; error: string }>(olga, 'chat-message', payload);
      expect(answer.ok).toBe(false);
      expect(answer.error, JSON.stringify(payload)).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
    }
    const read = await emit<{ ok: boolean; error: string }>(olga, 'chat-message-read', { messageIds: 'x' });
    expect(read.error).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
  });

  it('limits chat messages per person: ten per ten-second window, then a 429 key', async () => {
    const s = await space();
    const olga = await connect(s.company.client.token);
    const answers = [];
    // 25 in a row span at most two windows: at most 20 pass, whatever the clock
    for (let i = 0; i < 25; i++) answers.push(await emit<{ ok: boolean; error?: string }>(olga, 'chat-message', { recipientId: s.customer.id, text: `m${i}` }));
    expect(answers.filter((a) => a.ok).length).toBeLessThanOrEqual(20);
    expect(answers.filter((a) => !a.ok).every((a) => a.error === 'error.common.too_many_requests')).toBe(true);
    expect(answers.filter((a) => !a.ok).length).toBeGreaterThanOrEqual(5);
  });
});
