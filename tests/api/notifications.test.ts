/**
 * Notifications (issue 14, item 3): who hears of what, the API of the bell, the live count over
 * the socket, and the mails, at once or in the morning digest (the digest runs with its clock
 * moved, the chat's 15 minutes with the messages' time moved back: no test waits for them).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { baseUrl, Client, db, lastMail, mailsTo, queueSettled, signUp, uniqueEmail, waitFor } from '../support/client.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';
import { space } from '../support/spaces.ts';
import { consentGiven } from '../support/consent.ts';

interface Notice {
  id: string;
  kind: string;
  text: string;
  link: string;
  createdAt: string;
  read: boolean;
}

const form = (client: Client, path: string, fields: [string, string][]) =>
  client.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** A vacancy of the recruiter's with both customers (the first the main one) and a candidate on it. */
async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id, s.customer2.id]))).json as { id: string };
  const email = uniqueEmail('cand');
  const anna = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Anna', surname: 'Smirnova', email, vacancyId: vacancy.id }))).json.id as string;
  return { s, c, vacancy, anna, email };
}

async function notices(client: Client, page = 1): Promise<{ data: Notice[]; unread: number; pagination: { totalRecords: number } }> {
  const res = await client.get(`/api/v1/notifications${page > 1 ? `?page=${page}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Everyone's notifications of one kind about one candidate, by recipient. */
async function recipients(kind: string, candidateId: string): Promise<string[]> {
  const { rows } = await db().query('select user_id from notifications where kind = $1 and candidate_id = $2 order by user_id', [kind, candidateId]);
  return rows.map((r) => r.user_id as string);
}

const sorted = (ids: string[]) => [...ids].sort();

const move = (client: Client, vacancyId: string, candidateId: string, from: number, stage: number) =>
  client.put(`/api/v1/candidates/vacancy/${vacancyId}/${candidateId}/stage`, { stage, from });

/** Adds a job of the product's queue now and waits until the queue has worked it. */
async function runJob(task: string, payload: object): Promise<void> {
  const { rows } = await db().query(`select id from graphile_worker.add_job($1, $2::json)`, [task, JSON.stringify(payload)]);
  const id = rows[0].id;
  await waitFor(async () => (await db().query('select 1 from graphile_worker.jobs where id = $1', [id])).rowCount === 0, `the ${task} job ran`);
  await queueSettled();
}

const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});

function connect(token: string | undefined): Promise<Socket> {
  const socket = io(baseUrl(), { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('who hears of what', () => {
  it('a candidate reaching a stage: its owners (the customers for theirs, the recruiter for theirs), never the mover', async () => {
    const { s, vacancy, anna } = w;
    expect((await move(s.recruiter.client, vacancy.id, anna, 1, 4)).status).toBe(200);
    expect(await recipients('stage', anna)).toEqual(sorted([s.customer.id, s.customer2.id]));

    // back to the recruiter's stage by the company: the recruiter hears, the company does not
    expect((await move(s.company.client, vacancy.id, anna, 4, 2)).status).toBe(200);
    const { rows } = await db().query(`select user_id, params from notifications where kind = 'stage' and candidate_id = $1 and params->>'stage' = '2'`, [anna]);
    expect(rows.map((r) => r.user_id)).toEqual([s.recruiter.id]);
    expect(rows[0].params).toMatchObject({ actor: 'Olga Owner', candidate: 'Anna Smirnova', vacancy: 'Project manager', stage: 2 });

    const recruiterList = await notices(s.recruiter.client);
    expect(recruiterList.data[0]).toMatchObject({ kind: 'stage', text: 'Olga Owner moved Anna Smirnova to “Recruiter interview” (Project manager)', link: `/candidates/${anna}/${vacancy.id}`, read: false });
    const companyList = await notices(s.company.client);
    expect(companyList.data).toEqual([]);
  });

  it('a customer\'s decision and rating reach the vacancy\'s recruiter (and the other customer for their stage)', async () => {
    const c = await catalogue();
    const { s, vacancy } = w;
    const boris = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Boris', surname: 'Ivanov', email: uniqueEmail('cand'), vacancyId: vacancy.id }))).json.id as string;
    await move(s.recruiter.client, vacancy.id, boris, 1, 4);
    // the main customer moves Boris on: the other customer owns the finalist stage too, the recruiter hears the answer
    expect((await move(s.customer.client, vacancy.id, boris, 4, 5)).status).toBe(200);
    const { rows } = await db().query(`select user_id from notifications where kind = 'stage' and candidate_id = $1 and params->>'stage' = '5' order by user_id`, [boris]);
    expect(rows.map((r) => r.user_id)).toEqual(sorted([s.customer2.id, s.recruiter.id]));

    expect((await s.customer2.client.post(`/api/v1/candidates/vacancy/${vacancy.id}/${boris}/rating`, { score: 4, comment: 'Strong' })).status).toBe(201);
    expect(await recipients('rated', boris)).toEqual([s.recruiter.id]);
    // a recruiter's own rating is no customer's answer
    expect((await s.company.client.post(`/api/v1/candidates/vacancy/${vacancy.id}/${boris}/rating`, { score: 3, comment: '' })).status).toBe(201);
    expect(await recipients('rated', boris)).toEqual([s.recruiter.id]);
    const list = await notices(s.recruiter.client);
    expect(list.data[0]!.text).toBe('Lena Second rated Boris Ivanov 4 of 5 (Project manager)');
  });

  it('answers through a shortlist link are the customer\'s: the recruiter hears of them', async () => {
    const c = await catalogue();
    const { s, vacancy } = w;
    const vera = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Vera', surname: 'Orlova', email: uniqueEmail('cand'), vacancyId: vacancy.id }))).json.id as string;
    expect((await form(s.recruiter.client, `/vacancy/shortlist/${vacancy.id}`, [['candidates', vera], ['customers', s.customer2.id]])).status).toBe(303);
    const mail = await lastMail(s.customer2.email, { match: (m) => /shortlist\?token=/.test(m.text ?? '') });
    const token = /\/shortlist\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    expect((await form(new Client(), '/shortlist', [['token', token], ['candidateId', vera], ['action', 'rate'], ['score', '5'], ['comment', '']])).status).toBe(303);
    expect((await form(new Client(), '/shortlist', [['token', token], ['candidateId', vera], ['action', 'interview'], ['note', 'Monday?']])).status).toBe(303);
    expect(await recipients('rated', vera)).toEqual([s.recruiter.id]);
    expect(await recipients('interview_requested', vera)).toEqual([s.recruiter.id]);
  });

  it('a consent answered: the recruiter who asked for it', async () => {
    const { s, anna, email } = w;
    expect((await s.recruiter.client.post('/api/v1/candidates/pd', { candidateId: anna })).status).toBe(200);
    const token = /\/verify\/pd\?token=([\w-]+)/.exec((await lastMail(email)).text ?? '')![1]!;
    expect((await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved' })).status).toBe(200);
    expect(await recipients('consent', anna)).toEqual([s.recruiter.id]);
    const list = await notices(s.recruiter.client);
    expect(list.data[0]).toMatchObject({ kind: 'consent', text: 'Anna Smirnova agreed to the processing of personal data', link: `/candidates/${anna}/-` });
  });

  it('an interview scheduled, changed and cancelled: its participants, not whoever did it', async () => {
    const { s, vacancy, anna } = w;
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const created = await s.company.client.post('/api/v1/interviews', { candidateId: anna, vacancyId: vacancy.id, startsAt, durationMinutes: 45, kind: 'video', location: '', participants: [s.customer.id, s.recruiter.id] });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const of = async (kind: string) => (await db().query('select user_id from notifications where kind = $1 and interview_id = $2 order by user_id', [kind, id])).rows.map((r) => r.user_id);
    expect(await of('interview_scheduled')).toEqual(sorted([s.customer.id, s.recruiter.id]));
    // the recruiter moves it and drops the customer: the organiser (the company) hears of the
    // change, the customer of the cancellation, the recruiter of nothing
    const later = new Date(Date.now() + 4 * 86_400_000).toISOString();
    expect((await s.recruiter.client.put(`/api/v1/interviews/${id}`, { startsAt: later, durationMinutes: 30, kind: 'phone', location: '', participants: [s.recruiter.id] })).status).toBe(200);
    expect(await of('interview_changed')).toEqual([s.company.user.id]);
    expect(await of('interview_cancelled')).toEqual([s.customer.id]);
    expect((await s.recruiter.client.post(`/api/v1/interviews/${id}/cancel`, {})).status).toBe(200);
    expect(await of('interview_cancelled')).toEqual(sorted([s.customer.id, s.company.user.id]));
    // the invitation mail already told them: nothing more is owed by mail
    expect((await db().query('select count(*)::int as n from notifications where interview_id = $1 and mailed_at is null', [id])).rows[0].n).toBe(0);
    const list = await notices(s.company.client);
    expect(list.data[0]).toMatchObject({ kind: 'interview_cancelled', link: `/interviews/${id}` });
    expect(list.data[0]!.text).toMatch(/^Ivan Petrov cancelled the interview with Anna Smirnova on \d+ \w+ \d{4} at \d\d:\d\d$/);
  });

  it('a chat message unread for 15 minutes: its reader, once, after a check timed 15 minutes on', async () => {
    const s = await space();
    const sent = await s.customer.client.post(`/api/v1/chats/${s.recruiter.id}`, { text: 'Any news?' });
    expect(sent.status, sent.text).toBe(201);
    await s.customer.client.post(`/api/v1/chats/${s.recruiter.id}`, { text: 'About Anna' });
    const key = `chat-unread:${s.recruiter.id}:${s.customer.id}`;
    const job = (await db().query(`select run_at, (select min(created_at) from chat_messages where recipient_id = $2) as first from graphile_worker.jobs where key = $1`, [key, s.recruiter.id])).rows[0];
    // one check, timed by the first message (the second did not push it back)
    expect(new Date(job.run_at).getTime() - new Date(job.first).getTime()).toBe(15 * 60_000);

    // 16 minutes pass: the messages' time moves back, and the check runs now
    await db().query(`update chat_messages set created_at = created_at - interval '16 minutes' where recipient_id = $1`, [s.recruiter.id]);
    await db().query(`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = $1), run_at => now())`, [key]);
    await waitFor(async () => (await recipients2('chat_unread', s.recruiter.id)).length === 1, 'the check notifies');
    const list = await notices(s.recruiter.client);
    expect(list.data[0]).toMatchObject({ kind: 'chat_unread', text: '2 messages from Kate First have been waiting for you for 15 minutes', link: `/chats/${s.customer.id}` });
    // the same messages are never told of twice
    await runJob('chat-unread', { readerId: s.recruiter.id, senderId: s.customer.id });
    expect(await recipients2('chat_unread', s.recruiter.id)).toHaveLength(1);

    // a message read within its 15 minutes tells nobody
    await s.recruiter.client.post(`/api/v1/chats/${s.customer.id}`, { text: 'Reading' });
    const reply = (await db().query(`select id from chat_messages where recipient_id = $1`, [s.customer.id])).rows[0].id;
    await connect(s.customer.client.token).then((socket) => socket.timeout(5000).emitWithAck('chat-message-read', { messageIds: [reply] }));
    await db().query(`update chat_messages set created_at = created_at - interval '16 minutes' where recipient_id = $1`, [s.customer.id]);
    await runJob('chat-unread', { readerId: s.customer.id, senderId: s.recruiter.id });
    expect(await recipients2('chat_unread', s.customer.id)).toEqual([]);
  });
});

async function recipients2(kind: string, userId: string): Promise<string[]> {
  return (await db().query('select id from notifications where kind = $1 and user_id = $2', [kind, userId])).rows.map((r) => r.id as string);
}

describe('a vacancy\'s customers', () => {
  it('hear that a published vacancy is theirs: on publishing, then whoever is added; a draft tells nobody', async () => {
    const c = await catalogue();
    const s = await space();
    const told = async (vacancyId: string) => (await db().query(`select user_id, params from notifications where kind = 'vacancy_customer' and vacancy_id = $1 order by created_at, user_id`, [vacancyId])).rows;
    const draft = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id], { status: 2, positionName: 'Quiet draft' }))).json.id as string;
    expect(await told(draft)).toEqual([]);
    // published: the customer named hears, in their list, with a link to the vacancy's page
    expect((await s.recruiter.client.put(`/api/v1/vacancy/${draft}`, vacancyBody(c, [s.customer.id], { positionName: 'Quiet draft' }))).status).toBe(200);
    const first = await told(draft);
    expect(first.map((r) => r.user_id)).toEqual([s.customer.id]);
    expect(first[0].params.vacancy).toBe('Quiet draft');
    const list = await notices(s.customer.client);
    expect(list.data[0]).toMatchObject({ kind: 'vacancy_customer', link: `/vacancy/candidates/${draft}` });
    expect(list.data[0]!.text).toMatch(/: you are a customer of the vacancy “Quiet draft”$/);
    // an edit that adds a second customer tells only them; one that changes nothing tells nobody
    expect((await s.recruiter.client.put(`/api/v1/vacancy/${draft}`, vacancyBody(c, [s.customer.id, s.customer2.id], { positionName: 'Quiet draft' }))).status).toBe(200);
    expect((await s.recruiter.client.put(`/api/v1/vacancy/${draft}`, vacancyBody(c, [s.customer.id, s.customer2.id], { positionName: 'Quiet draft' }))).status).toBe(200);
    expect((await told(draft)).map((r) => r.user_id)).toEqual([s.customer.id, s.customer2.id]);
    const ru = await s.customer2.client.get('/api/v1/notifications?lng=ru');
    expect(ru.json.data[0].text).toMatch(/: вы — заказчик вакансии «Quiet draft»$/);
  });
});

describe('the API of the bell', () => {
  it('asks for a session', async () => {
    expect((await new Client().get('/api/v1/notifications')).status).toBe(401);
    expect((await new Client().post('/api/v1/notifications/read', { all: true })).status).toBe(401);
    expect((await new Client().put('/api/v1/users/profile/notifications', { notifyMail: 'off' })).status).toBe(401);
    // the page sends a stranger to sign in
    expect((await new Client().get('/notifications')).status).toBe(302);
  });

  it('shows and marks only one\'s own notifications; another person\'s ids change nothing', async () => {
    const { s } = w;
    const mine = await notices(s.customer.client);
    const theirs = await notices(s.recruiter.client);
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.some((n) => theirs.data.some((t) => t.id === n.id))).toBe(false);
    const foreign = theirs.data.find((n) => !n.read)!;
    const res = await s.customer.client.post('/api/v1/notifications/read', { ids: [foreign.id] });
    expect(res.status).toBe(200);
    expect(res.json.read).toEqual([]);
    expect((await notices(s.recruiter.client)).data.find((n) => n.id === foreign.id)!.read).toBe(false);

    const own = mine.data.find((n) => !n.read)!;
    const marked = await s.customer.client.post('/api/v1/notifications/read', { ids: [own.id] });
    expect(marked.json).toEqual({ read: [own.id], unread: mine.unread - 1 });
    const all = await s.customer.client.post('/api/v1/notifications/read', { all: true });
    expect(all.json.unread).toBe(0);
    expect((await notices(s.customer.client)).data.every((n) => n.read)).toBe(true);
    // marking again is harmless, 200 times at once too
    const again = await Promise.all(Array.from({ length: 200 }, () => s.customer.client.post('/api/v1/notifications/read', { all: true })));
    expect(again.map((r) => r.status)).toEqual(Array(200).fill(200));
    expect(again.every((r) => r.json.unread === 0 && r.json.read.length === 0)).toBe(true);
  });

  it('refuses odd input with a translated 4xx, never a 500', async () => {
    const { s } = w;
    for (const page of ['0', '-1', 'abc', '1e400', '99999999999999999999', '1.5', '%00']) {
      const res = await s.recruiter.client.get(`/api/v1/notifications?page=${page}`);
      expect(res.status, page).toBe(400);
    }
    const bodies: unknown[] = [{}, { ids: [] }, { ids: 'x' }, { ids: ['a\u0000b'] }, { ids: Array.from({ length: 201 }, () => crypto.randomUUID()) }, { all: false }, { all: 'yes' }, [], null, 'text', { ids: ['x'.repeat(65)] }];
    for (const body of bodies) {
      const res = await s.recruiter.client.post('/api/v1/notifications/read', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(/^(error|validation)\./);
    }
    // ids that are no notification's: passed over
    const res = await s.recruiter.client.post('/api/v1/notifications/read', { ids: ['not-a-uuid', '00000000-0000-4000-8000-000000000000'] });
    expect(res.status).toBe(200);
    expect(res.json.read).toEqual([]);
    const huge = await s.recruiter.client.request('POST', '/api/v1/notifications/read', { raw: JSON.stringify({ ids: ['x'.repeat(2_000_000)] }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    for (const notifyMail of ['sometimes', '', null, 1, 'instant\u0000']) {
      expect((await s.recruiter.client.put('/api/v1/users/profile/notifications', { notifyMail })).status).toBe(400);
    }
    // a page past the end is an empty page
    const far = await notices(s.recruiter.client, 5000);
    expect(far.data).toEqual([]);
  });

  it('an empty list says what will come, for a customer in a customer\'s words', async () => {
    const fresh = await space();
    expect((await fresh.customer.client.get('/notifications')).text).toContain('interviews you take part in');
    expect((await fresh.customer.client.get('/ru/notifications')).text).toContain('собеседования с вашим участием');
    expect((await fresh.recruiter.client.get('/notifications')).text).toContain("customers' answers".replace("'", '&#39;'));
  });

  it('the list page shows them in both languages, with links, and marks read by a plain form', async () => {
    const { s } = w;
    const en = await s.recruiter.client.get('/notifications');
    expect(en.status).toBe(200);
    expect(en.text).not.toMatch(/<script/i);
    expect(en.text).toContain('Lena Second rated Boris Ivanov 4 of 5');
    const ru = await s.recruiter.client.get('/ru/notifications');
    expect(ru.text).toContain('Lena Second: Boris Ivanov — оценка 4 из 5');
    // an unread one's link opens it through the list: it is read from then on, and leads on
    const unread = (await notices(s.recruiter.client)).data.find((n: { read: boolean }) => !n.read) as { id: string; link: string };
    expect(ru.text).toContain(`href="/ru/notifications?open=${unread.id}"`);
    const before = (await notices(s.recruiter.client)).unread;
    expect(before).toBeGreaterThan(1);
    const opened = await s.recruiter.client.get(`/ru/notifications?open=${unread.id}`, { token: null });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/ru${unread.link}`);
    expect(opened.headers.get('location')).toMatch(/^\/ru\/(?:candidates|interviews|chats)\/[0-9a-f-]+/);
    expect((await notices(s.recruiter.client)).unread).toBe(before - 1);
    const after = await s.recruiter.client.get('/ru/notifications');
    expect(after.text).toContain(`href="/ru${unread.link}"`);
    // someone else's id, or none, leads back to the list and reads nothing
    const stranger = await w.s.customer.client.get(`/notifications?open=${unread.id}`, { token: null });
    expect(stranger.headers.get('location')).toBe('/notifications');
    expect((await s.recruiter.client.get('/notifications?open=x%00', { token: null })).headers.get('location')).toBe('/notifications');
    expect((await notices(s.recruiter.client)).unread).toBe(before - 1);
    const posted = await form(s.recruiter.client, '/ru/notifications', [['all', '1']]);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/ru/notifications');
    expect((await notices(s.recruiter.client)).unread).toBe(0);
  });
});

describe('live over the one socket', () => {
  it('the count reaches every tab of the recipient when the change commits, and drops when read elsewhere', async () => {
    const c = await catalogue();
    const s = await space();
    const vacancy = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    const gleb = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Gleb', email: uniqueEmail('cand'), vacancyId: vacancy }))).json.id as string;
    const tab = await connect(s.customer.client.token);
    const counts: number[] = [];
    tab.on('notifications', ({ unread }: { unread: number }) => counts.push(unread));
    const mover = await connect(s.recruiter.client.token);
    const moverHeard: number[] = [];
    mover.on('notifications', ({ unread }: { unread: number }) => moverHeard.push(unread));

    // one unread already: the vacancy is theirs
    await move(s.recruiter.client, vacancy, gleb, 1, 4);
    await waitFor(() => counts.length === 1, 'the customer\'s tab hears the count');
    expect(counts).toEqual([2]);
    await move(s.recruiter.client, vacancy, gleb, 4, 5);
    await waitFor(() => counts.length === 2, 'the second count');
    expect(counts).toEqual([2, 3]);
    await s.customer.client.post('/api/v1/notifications/read', { all: true });
    await waitFor(() => counts.length === 3, 'the read count');
    expect(counts).toEqual([2, 3, 0]);
    expect(moverHeard).toEqual([]);
  });
});

describe('mail', () => {
  it('at once by default, in the reader\'s language; not at all when off', async () => {
    const c = await catalogue();
    const s = await space();
    await s.customer.client.put('/api/v1/users/profile', { name: 'Kate', surname: 'First', settings: { lang: 'ru' } });
    expect((await s.customer2.client.put('/api/v1/users/profile/notifications', { notifyMail: 'off' })).json).toEqual({ notifyMail: 'off' });
    expect((await s.customer2.client.get('/api/v1/users/profile')).json.settings.notifyMail).toBe('off');
    const vacancy = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id, s.customer2.id]))).json.id as string;
    const dina = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Dina', surname: 'Kim', email: uniqueEmail('cand'), vacancyId: vacancy }))).json.id as string;
    await consentGiven(dina, [s.customer.id]);
    await move(s.recruiter.client, vacancy, dina, 1, 4);
    const mail = await lastMail(s.customer.email, { match: (m) => /Dina Kim/.test(m.subject ?? '') });
    expect(mail.subject).toBe('Ivan Petrov: Dina Kim → этап «Собеседование с заказчиком» (Project manager)');
    expect(mail.text).toContain(`/ru/candidates/${dina}/${vacancy}`);
    expect(mail.text).toContain('/ru/profile');
    await queueSettled();
    expect((await mailsTo(s.customer2.email)).filter((m) => /Dina Kim/.test(m.subject ?? ''))).toEqual([]);
    // the vacancy's own notice and the stage's, neither owed by mail
    expect((await db().query('select mailed_at is not null as settled from notifications where user_id = $1', [s.customer2.id])).rows).toEqual([{ settled: true }, { settled: true }]);
  });

  it('as a digest at 08:00 in the reader\'s zone, once, with the times in that zone (the clock moved)', async () => {
    const c = await catalogue();
    const s = await space();
    await s.customer.client.put('/api/v1/users/profile', { name: 'Kate', surname: 'First', settings: { timeZone: 'Asia/Novosibirsk' } });
    expect((await form(s.customer.client, '/profile', [['notifyMail', 'digest']])).status).toBe(303);
    expect((await s.customer.client.get('/api/v1/users/profile')).json.settings.notifyMail).toBe('digest');
    const vacancy = (await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
    const eva = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Eva', surname: 'Lind', email: uniqueEmail('cand'), vacancyId: vacancy }))).json.id as string;
    const zhan = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { name: 'Zhan', surname: 'Li', email: uniqueEmail('cand'), vacancyId: vacancy }))).json.id as string;
    // Eva agreed to be shown to Kate; Zhan did not (docs/decisions/0022)
    await consentGiven(eva, [s.customer.id]);
    await move(s.recruiter.client, vacancy, eva, 1, 4);
    await move(s.recruiter.client, vacancy, zhan, 1, 4);
    // one made at a known moment: 10:30 UTC is 17:30 in Novosibirsk
    await db().query(`update notifications set created_at = '2030-01-14T10:30:00Z' where user_id = $1 and candidate_id = $2`, [s.customer.id, eva]);
    await db().query(`update notifications set created_at = '2030-01-14T11:00:00Z' where user_id = $1 and candidate_id = $2`, [s.customer.id, zhan]);
    await queueSettled();
    const digests = async () => (await mailsTo(s.customer.email)).filter((m) => /notification/.test(m.subject ?? ''));
    expect(await digests()).toEqual([]);

    // 07:00 in Novosibirsk (00:00 UTC): not yet
    await runJob('notification-digest', { now: '2030-01-15T00:00:00Z' });
    expect(await digests()).toEqual([]);
    // 08:00 there (01:00 UTC): the digest, with both, times in Novosibirsk
    await runJob('notification-digest', { now: '2030-01-15T01:00:00Z' });
    const [digest] = await digests();
    // the two moves, and that the vacancy is theirs
    expect(digest!.subject).toBe('Recruit: 3 notifications, 15 January 2030');
    expect(digest!.text).toContain('Ivan Petrov: you are a customer of the vacancy “Project manager”');
    expect(digest!.text).toContain('14 January 2030 at 17:30: Ivan Petrov moved Eva Lind to “Customer interview” (Project manager)');
    const zhanNumber = (await db().query('select number from candidates where id = $1', [zhan])).rows[0].number;
    expect(digest!.text).toContain(`Ivan Petrov moved Candidate ${zhanNumber} to`);
    expect(digest!.text).not.toContain('Zhan');
    // in the product too, and the recruiter still sees the name
    expect((await notices(s.customer.client)).data.map((n) => n.text).join('\n')).not.toContain('Zhan');
    expect(digest!.text).toContain(`/candidates/${eva}/${vacancy}`);
    // the same hour again, five runs at once (several processes): nothing more
    await Promise.all(Array.from({ length: 5 }, () => runJob('notification-digest', { now: '2030-01-15T01:00:00Z' })));
    expect(await digests()).toHaveLength(1);

    // what was read in the product before the morning is not mailed
    await move(s.recruiter.client, vacancy, eva, 4, 5);
    await s.customer.client.post('/api/v1/notifications/read', { all: true });
    await runJob('notification-digest', { now: '2030-01-16T01:00:00Z' });
    expect(await digests()).toHaveLength(1);
  });
});

describe('another space', () => {
  it('never hears of this one', async () => {
    const stranger = await signUp('company');
    expect((await notices(stranger.client)).data).toEqual([]);
  });
});
