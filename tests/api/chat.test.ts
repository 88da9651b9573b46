import { afterEach, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { baseUrl, Client, db, PASSWORD, uniqueEmail } from '../support/client.ts';
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

function next<T>(socket: Socket, event: string, timeout = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeout} ms`)), timeout);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

const emit = <T>(socket: Socket, event: string, payload: unknown) => socket.timeout(5000).emitWithAck(event, payload) as Promise<T>;

describe('chat over the socket', () => {
  it('stores then delivers to every tab of both people; read receipts and unread counts follow', async () => {
    const s = await space();
    const olga = await connect(s.company.client.token);
    const kateTab1 = await connect(s.customer.client.token);
    const kateTab2 = await connect(s.customer.client.token);
    const delivered = Promise.all([next<{ id: string; text: string }>(kateTab1, 'chat-message'), next<{ id: string }>(kateTab2, 'chat-message'), next<{ id: string }>(olga, 'chat-message')]);
    const ack = await emit<{ ok: boolean; message: { id: string; userId: string; recipientId: string; text: string; read: boolean } }>(olga, 'chat-message', { recipientId: s.customer.id, text: '  Hello, Kate  ' });
    expect(ack.ok).toBe(true);
    expect(ack.message).toMatchObject({ userId: s.company.user.id, recipientId: s.customer.id, text: '  Hello, Kate  ', read: false });
    const [one, two, own] = await delivered;
    expect([one.id, two.id, own.id]).toEqual([ack.message.id, ack.message.id, ack.message.id]);

    expect((await s.customer.client.get('/api/v1/users/profile')).json.unreadMessage).toBe(1);
    const chats = (await s.customer.client.get('/api/v1/chats')).json.chats;
    expect(chats[0]).toMatchObject({ user: { id: s.company.user.id, name: 'Olga' }, lastMessage: { id: ack.message.id }, newMessagesCount: 1 });

    const receipt = next<{ messageIds: string[]; readerId: string }>(olga, 'chat-message-read');
    const otherTab = next<{ messageIds: string[] }>(kateTab2, 'chat-message-read');
    const read = await emit<{ ok: boolean; messageIds: string[] }>(kateTab1, 'chat-message-read', { messageIds: [ack.message.id] });
    expect(read).toEqual({ ok: true, messageIds: [ack.message.id] });
    expect(await receipt).toEqual({ messageIds: [ack.message.id], readerId: s.customer.id });
    expect((await otherTab).messageIds).toEqual([ack.message.id]);
    expect((await s.customer.client.get('/api/v1/users/profile')).json.unreadMessage).toBe(0);
    const dialog = await s.company.client.get(`/api/v1/chats/${s.customer.id}`);
    expect(dialog.json.data).toEqual([expect.objectContaining({ id: ack.message.id, read: true })]);
  });

  it('refuses whitespace-only and oversized messages and another space, storing nothing', async () => {
    const s = await space();
    const other = await space();
    const olga = await connect(s.company.client.token);
    expect(await emit(olga, 'chat-message', { recipientId: s.customer.id, text: '   \n ' })).toEqual({ ok: false, error: 'chat.error.empty' });
    expect(await emit(olga, 'chat-message', { recipientId: s.customer.id, text: 'x'.repeat(4001) })).toEqual({ ok: false, error: 'chat.error.too_long' });
    expect(await emit(olga, 'chat-message', { recipientId: other.customer.id, text: 'hi' })).toEqual({ ok: false, error: 'error.common.not_found' });
    expect(await emit(olga, 'chat-message', { text: 'hi' })).toEqual({ ok: false, error: 'validation.required' });
    expect((await s.company.client.get('/api/v1/chats')).json.chats).toEqual([]);
    // someone else's message cannot be marked read
    const sent = await emit<{ message: { id: string } }>(olga, 'chat-message', { recipientId: s.customer.id, text: 'private' });
    const intruder = await connect(s.customer2.client.token);
    expect(await emit(intruder, 'chat-message-read', { messageIds: [sent.message.id] })).toEqual({ ok: true, messageIds: [] });
    expect((await s.customer.client.get('/api/v1/users/profile')).json.unreadMessage).toBe(1);
  });

  it('a client that was offline gets the message on the next load', async () => {
    const s = await space();
    const sent = await s.company.client.post(`/api/v1/chats/${s.customer.id}`, { text: 'While you were away' });
    expect(sent.status).toBe(201);
    const chats = await s.customer.client.get('/api/v1/chats');
    expect(chats.json.chats[0]).toMatchObject({ newMessagesCount: 1, lastMessage: { text: 'While you were away' } });
    // whom one may start a chat with says what they are in the space: a customer looks for their recruiter
    expect(chats.json.contacts).toContainEqual(expect.objectContaining({ id: s.recruiter.id, role: 2 }));
    const dialog = await s.customer.client.get(`/api/v1/chats/${s.company.user.id}`);
    expect(dialog.json).toMatchObject({ user: { id: s.company.user.id }, pagination: { currentPage: 1, totalPages: 1, totalRecords: 1 } });
    expect((await s.customer.client.get(`/api/v1/chats/${(await space()).company.user.id}`)).status).toBe(404);
    expect((await new Client().get('/api/v1/chats')).status).toBe(401);
  });

  it('pages history newest first, 30 a page, each page in time order', async () => {
    const s = await space();
    // a long history, written straight to the database: the sending limit allows ten per ten seconds
    const space_ = (await db().query('select space_id from users where id = $1', [s.company.user.id])).rows[0].space_id;
    for (let i = 1; i <= 35; i++) {
      await db().query(`insert into chat_messages (space_id, sender_id, recipient_id, text, created_at) values ($1, $2, $3, $4, now() - make_interval(secs => $5))`, [
        space_, s.company.user.id, s.customer.id, `m${i}`, 100 - i,
      ]);
    }
    const first = await s.customer.client.get(`/api/v1/chats/${s.company.user.id}`);
    expect(first.json.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: 35 });
    expect(first.json.data.map((m: { text: string }) => m.text).slice(0, 2)).toEqual(['m6', 'm7']);
    expect(first.json.data.at(-1).text).toBe('m35');
    const second = await s.customer.client.get(`/api/v1/chats/${s.company.user.id}?page=2`);
    expect(second.json.data.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('refuses a socket without a valid token', async () => {
    await expect(connect(undefined)).rejects.toThrow('error.common.unauthorized');
    await expect(connect('forged.token')).rejects.toThrow('error.common.unauthorized');
  });
});

/** Staff come from the command line, against the product's own database. */
async function staffMember(name: string): Promise<Client> {
  const email = uniqueEmail('admin');
  await promisify(execFile)(process.execPath, ['scripts/user.ts', 'create', '--role', 'admin', '--email', email, '--password', PASSWORD, '--name', name, '--surname', 'Support'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: inject('dataDir') },
  });
  const client = new Client();
  client.token = (await client.post('/api/v1/auth/email/login', { email, password: PASSWORD })).json.accessToken;
  return client;
}

describe('help tickets', () => {
  it('the author sees only their tickets; staff see all, answer, and the author gets it live', async () => {
    const s = await space();
    const ticket = await s.customer.client.post('/api/v1/help', { title: 'candidates', description: 'Cannot rate a candidate' });
    expect(ticket.status).toBe(201);
    expect(ticket.json).toMatchObject({ title: 'candidates', description: 'Cannot rate a candidate', messagesCount: 0, answered: false });
    expect((await s.company.client.get(`/api/v1/help/${ticket.json.id}`)).status).toBe(404);
    expect((await s.company.client.get('/api/v1/help')).json).toEqual([]);
    const own = await s.customer.client.post(`/api/v1/help/${ticket.json.id}`, { text: 'More details' });
    expect(own.status).toBe(201);
    const list = (await s.customer.client.get('/api/v1/help')).json;
    expect(list).toEqual([expect.objectContaining({ id: ticket.json.id, messagesCount: 1, answered: false })]);
    const bad = await s.customer.client.post('/api/v1/help', { title: 'weather', description: '' });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ title: 'help.error.title', description: 'help.error.description' });
    expect((await s.customer.client.post(`/api/v1/help/${ticket.json.id}`, { text: ' ' })).json.errors).toEqual({ text: 'help.error.text' });
    expect((await new Client().get('/api/v1/help')).status).toBe(401);

    const admin = await staffMember('Ada');
    const all = (await admin.get('/api/v1/help')).json as { id: string; author?: { email: string } }[];
    expect(all.find((x) => x.id === ticket.json.id)?.author?.email).toBe(s.customer.email);
    expect(ticket.json.userId).toBe(s.customer.id);
    const authorSocket = await connect(s.customer.client.token);
    const live = next<{ ticketId: string; message: { text: string; user: { staff: boolean } } }>(authorSocket, 'help-message');
    const answer = await admin.post(`/api/v1/help/${ticket.json.id}`, { text: 'Fixed, try again' });
    expect(answer.status).toBe(201);
    expect(await live).toMatchObject({ ticketId: ticket.json.id, message: { text: 'Fixed, try again', user: { staff: true } } });
    const thread = (await s.customer.client.get(`/api/v1/help/${ticket.json.id}`)).json;
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual(['More details', 'Fixed, try again']);
    // whose turn it is: the support's answer is the last word, until the author writes again
    expect(thread.answered).toBe(true);
    expect((await s.customer.client.get('/api/v1/help')).json).toEqual([expect.objectContaining({ id: ticket.json.id, messagesCount: 2, answered: true })]);
    expect((await admin.get('/api/v1/help')).json.find((x: { id: string }) => x.id === ticket.json.id)).toMatchObject({ answered: true });
    await s.customer.client.post(`/api/v1/help/${ticket.json.id}`, { text: 'Still broken' });
    expect((await s.customer.client.get(`/api/v1/help/${ticket.json.id}`)).json.answered).toBe(false);
    expect((await admin.get('/api/v1/help')).json.find((x: { id: string }) => x.id === ticket.json.id)).toMatchObject({ answered: false, messagesCount: 3 });
  });

  it("a ticket a staff member opens is answered by another's word, and their own tab hears each message once", async () => {
    const [author, colleague] = await Promise.all([staffMember('Ada'), staffMember('Bob')]);
    const ticket = (await author.post('/api/v1/help', { title: 'other', description: 'The export stalls' })).json as { id: string };
    const answered = async () => ((await author.get('/api/v1/help')).json as { id: string; answered: boolean }[]).find((x) => x.id === ticket.id)?.answered;
    // the author is in the staff room and in their own: one message, one event
    const tab = await connect(author.token);
    const heard: string[] = [];
    tab.on('help-message', ({ message }: { message: { text: string } }) => heard.push(message.text));
    const last = new Promise<void>((resolve) => tab.on('help-message', ({ message }: { message: { text: string } }) => message.text === 'second' && resolve()));
    await author.post(`/api/v1/help/${ticket.id}`, { text: 'first' });
    await author.post(`/api/v1/help/${ticket.id}`, { text: 'second' });
    await last;
    expect(heard).toEqual(['first', 'second']);
    expect(await answered()).toBe(false);

    await colleague.post(`/api/v1/help/${ticket.id}`, { text: 'Restarted it' });
    expect(await answered()).toBe(true);
    expect((await author.get(`/api/v1/help/${ticket.id}`)).json.answered).toBe(true);
    await author.post(`/api/v1/help/${ticket.id}`, { text: 'Stalled again' });
    expect(await answered()).toBe(false);
    expect((await colleague.get(`/api/v1/help/${ticket.id}`)).json).toMatchObject({ answered: false, messagesCount: 4 });
  });

  it('the author or the support closes a ticket and opens it again; a new message opens it; others cannot', async () => {
    const s = await space();
    const admin = await staffMember('Ada');
    const ticket = (await s.customer.client.post('/api/v1/help', { title: 'account', description: 'Locked out' })).json as { id: string; closedAt: string | null };
    expect(ticket.closedAt).toBeNull();
    const state = async (client: Client) => ((await client.get('/api/v1/help')).json as { id: string; closedAt: string | null }[]).find((x) => x.id === ticket.id)?.closedAt;
    const staffTab = await connect(admin.token);
    const authorTab = await connect(s.customer.client.token);
    // the others of the space hear nothing of it
    const overheard: string[] = [];
    for (const client of [s.company.client, s.recruiter.client, s.customer2.client]) {
      const tab = await connect(client.token);
      for (const event of ['help-ticket-state', 'help-message', 'help-ticket']) tab.on(event, () => overheard.push(event));
    }
    const heard: { id: string; closedAt: string | null }[] = [];
    staffTab.on('help-ticket-state', (state: { id: string; closedAt: string | null }) => heard.push(state));
    const older = (await s.customer.client.post('/api/v1/help', { title: 'chat', description: 'An older one' })).json as { id: string };
    await s.customer.client.post(`/api/v1/help/${older.id}`, { text: 'Newer than the first' });
    expect(((await s.customer.client.get('/api/v1/help')).json as { id: string }[]).map((x) => x.id)).toEqual([older.id, ticket.id]);

    // the author closes it (its id in capitals is the same ticket): both sides hear it, both
    // lists say so, and it comes first in them as the last one changed
    const heardByStaff = next<{ id: string; closedAt: string | null }>(staffTab, 'help-ticket-state');
    const closed = await s.customer.client.put(`/api/v1/help/${ticket.id.toUpperCase()}`, { closed: true });
    expect(closed.status).toBe(200);
    expect(closed.json.id).toBe(ticket.id);
    expect(Date.parse(closed.json.closedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await heardByStaff).toEqual({ id: ticket.id, closedAt: closed.json.closedAt });
    expect(await state(admin)).toBe(closed.json.closedAt);
    expect((await s.customer.client.get(`/api/v1/help/${ticket.id}`)).json.closedAt).toBe(closed.json.closedAt);
    expect(((await s.customer.client.get('/api/v1/help')).json as { id: string }[]).map((x) => x.id)).toEqual([ticket.id, older.id]);
    // closing it again keeps the first time, and is no news to anyone
    expect((await s.customer.client.put(`/api/v1/help/${ticket.id}`, { closed: true })).json.closedAt).toBe(closed.json.closedAt);

    // a message opens it again, for the author and the staff alike
    await admin.post(`/api/v1/help/${ticket.id}`, { text: 'Try the reset link' });
    expect(await state(s.customer.client)).toBeNull();
    // the support closes it; the author hears it and opens it again
    const heardByAuthor = next<{ id: string; closedAt: string | null }>(authorTab, 'help-ticket-state');
    const heardByStaffAgain = next(staffTab, 'help-ticket-state');
    const byStaff = await admin.put(`/api/v1/help/${ticket.id}`, { closed: true });
    expect(byStaff.status).toBe(200);
    expect((await heardByAuthor).closedAt).toBe(byStaff.json.closedAt);
    await heardByStaffAgain;
    expect(heard.map((x) => x.closedAt)).toEqual([closed.json.closedAt, byStaff.json.closedAt]);
    expect((await s.customer.client.put(`/api/v1/help/${ticket.id}`, { closed: false })).json).toEqual({ id: ticket.id, closedAt: null });
    expect(await state(admin)).toBeNull();

    // nobody else: another person of the space, another customer, no session; bad bodies change nothing
    await admin.put(`/api/v1/help/${ticket.id}`, { closed: true });
    const before = await state(admin);
    for (const client of [s.company.client, s.recruiter.client, s.customer2.client]) {
      const res = await client.put(`/api/v1/help/${ticket.id}`, { closed: false });
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('error.common.not_found');
    }
    expect((await new Client().put(`/api/v1/help/${ticket.id}`, { closed: false })).status).toBe(401);
    for (const body of [{}, { closed: 'false' }, { closed: 0 }, { closed: null }, { closed: '\u0000' }, { closed: 1e308 }]) {
      const res = await s.customer.client.put(`/api/v1/help/${ticket.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.errors).toEqual({ closed: 'validation.invalid' });
    }
    expect((await s.customer.client.put(`/api/v1/help/${ticket.id}`, [false])).status).toBe(400);
    expect((await s.customer.client.put(`/api/v1/help/${ticket.id}`, { closed: false, pad: 'x'.repeat(2_000_000) })).status).toBe(413);
    expect((await s.customer.client.put('/api/v1/help/00000000-0000-4000-8000-000000000000', { closed: true })).status).toBe(404);
    expect((await s.customer.client.put('/api/v1/help/%00', { closed: true })).status).toBe(404);
    expect(await state(admin)).toBe(before);
    expect(overheard).toEqual([]);
  });

  it('of many closings of one ticket at once, one closes it and is news; the others answer that state', async () => {
    const s = await space();
    const admin = await staffMember('Ada');
    const ticket = (await s.customer.client.post('/api/v1/help', { title: 'chat', description: 'Closed twice?' })).json as { id: string };
    const staffTab = await connect(admin.token);
    const heard: string[] = [];
    staffTab.on('help-ticket-state', (state: { closedAt: string }) => heard.push(state.closedAt));
    const answers = await Promise.all(Array.from({ length: 200 }, () => s.customer.client.put(`/api/v1/help/${ticket.id}`, { closed: true })));
    const closed = answers.filter((r) => r.status === 200);
    // those that saw it open were counted (and past 60, refused); those that saw it closed were not
    expect(answers.filter((r) => r.status !== 200 && r.status !== 429)).toEqual([]);
    expect(closed.length).toBeGreaterThanOrEqual(60);
    expect(new Set(closed.map((r) => r.json.closedAt)).size).toBe(1);
    // a later change is heard after the one closing, never after a second
    await admin.put(`/api/v1/help/${ticket.id}`, { closed: false });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([closed[0]!.json.closedAt, null]);
  });

  it('counts 60 changes of state an hour per person, however many arrive at once', async () => {
    const s = await space();
    // more tickets than a person may open in an hour: each request below is a real change
    const { rows } = await db().query<{ id: string }>(
      "insert into help_tickets (user_id, title, description) select $1, 'chat', 'Dot stays on ' || i from generate_series(1, 150) i returning id",
      [s.customer.id],
    );
    const answers = await Promise.all(rows.map(({ id }) => s.customer.client.put(`/api/v1/help/${id}`, { closed: true })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.status === 429).map((r) => r.json.message)).toEqual(Array(90).fill('error.common.too_many_requests'));
    const closed = await db().query('select count(*)::int as n from help_tickets where user_id = $1 and closed_at is not null', [s.customer.id]);
    expect(closed.rows[0].n).toBe(60);
    // a call that changes nothing is not counted: it answers the state as it is
    const open = answers.findIndex((r) => r.status === 429);
    expect((await s.customer.client.put(`/api/v1/help/${rows[open]!.id}`, { closed: false })).json).toEqual({ id: rows[open]!.id, closedAt: null });
  });
});
