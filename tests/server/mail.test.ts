/**
 * Every mail goes through the job queue to SMTP_URL, here a real SMTP server on loopback that the
 * tests stop, start again and make silent (it takes the connection and never answers). Each test
 * checks what the person sees, that the mail arrives once the server is back, and that nothing
 * was half-done. The queue gives up after MAIL_MAX_ATTEMPTS tries (3 here, about ten seconds with
 * the queue's backoff, instead of the day it takes with the default).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD, uniqueEmail } from '../support/client.ts';
import { queueSettled } from '../support/queue.ts';
import { createTestDatabase, type RunningServer, type TestDatabase } from '../support/server.ts';
import { TestSmtp } from './smtp.ts';
import { embeddedUrl, Processes, waitUntil } from './support.ts';

const processes = new Processes();
const smtp = new TestSmtp();
let database: TestDatabase;
let product: RunningServer;
let pool: pg.Pool;

/** Three tries; a silent server is given up on after 3 s (the default is 10 s). */
const mailEnv = () => ({ SMTP_URL: smtp.url, SMTP_TIMEOUT_MS: '3000', MAIL_MAX_ATTEMPTS: '3' });

beforeAll(async () => {
  await smtp.up();
  database = await createTestDatabase(processes.tempDir('recruit-mail-db-'));
  product = await processes.spawn({ ...mailEnv(), DATABASE_URL: database.url });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await processes.cleanup();
  await database?.drop();
  await smtp.down();
}, 60_000);

const codeOf = (mail: ParsedMail) => /\b(\d{4})\b/.exec(mail.subject ?? '')![1]!;

/** The queue's job under `key` (undefined once it finished and was deleted). */
async function job(key: string, db: pg.Pool | pg.Client = pool) {
  const { rows } = await db.query<{ attempts: number; max_attempts: number; last_error: string | null }>(
    'select attempts, max_attempts, last_error from graphile_worker.jobs where key = $1',
    [key],
  );
  return rows[0];
}

/** Waits until some mail job failed at least once since `since` (the server refused or was silent). */
async function aMailFailed(db: pg.Pool = pool, since = new Date(0)): Promise<void> {
  await waitUntil(
    async () => (await db.query(`select 1 from graphile_worker.jobs where task_identifier in ('mail', 'code-mail') and last_error is not null and updated_at >= $1`, [since])).rowCount! > 0,
    20_000,
    'a mail job fails',
  );
}

/** Waits until no mail job is left at all, waiting retries included. */
async function queueEmpty(db: pg.Pool = pool): Promise<void> {
  await waitUntil(
    async () => (await db.query(`select 1 from graphile_worker.jobs where task_identifier in ('mail', 'code-mail') and attempts < max_attempts`)).rowCount === 0,
    40_000,
    'the mail queue is empty',
  );
}

/** A verified company (registered while the mail server answers), signed in. */
async function company(base = product.url, databaseUrl = database.url) {
  const client = new Client(base);
  const email = uniqueEmail('company');
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
  expect(registered.status, registered.text).toBe(201);
  client.token = registered.json.accessToken;
  const code = codeOf(await smtp.waitFor(email));
  await queueSettled(databaseUrl);
  expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
  await client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', companyName: 'Acme' });
  return { client, email, id: registered.json.user.id as string };
}

describe('registration', () => {
  it('sends the code at once while the mail server answers', async () => {
    await smtp.up();
    const email = uniqueEmail('smtp');
    const registered = await new Client(product.url).post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(201);
    const mail = await smtp.waitFor(email);
    expect([mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address)).toEqual([email]);
    expect(mail.subject).toMatch(/\b\d{4}\b/);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(fs.existsSync(path.join(product.dataDir, 'outbox'))).toBe(false);
    // nothing personal in the log: no address, no code
    expect(product.output()).not.toContain(email);
    expect(product.output()).not.toContain(codeOf(mail));
  });

  it('on the embedded database, with the mail server down: keeps the account, says the code is on its way, mails it once the server is back', async () => {
    await smtp.down();
    const server = await processes.spawn(mailEnv());
    const db = new pg.Pool({ connectionString: embeddedUrl(server.dataDir), max: 1 });
    try {
      const client = new Client(server.url);
      const email = uniqueEmail('kept');
      const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
      expect(registered.status, registered.text).toBe(201);
      const userId = registered.json.user.id as string;
      await waitUntil(async () => Boolean((await job(`code:verify:${userId}`, db))?.last_error), 20_000, 'the code mail fails');

      // the account is there and signed in; the verify page says the code is coming
      expect((await client.get('/api/v1/users/profile')).json).toMatchObject({ email, status: 1 });
      const page = await client.get('/auth/register/verify');
      expect(page.status).toBe(200);
      expect(page.text).toContain(`Your code is on its way to ${email}`);
      const ru = await client.get('/ru/auth/register/verify');
      expect(ru.text).toContain(`Код уже в пути на ${email}`);
      expect((await new Client(server.url).post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(200);

      await smtp.up();
      const code = codeOf(await smtp.waitFor(email));
      await queueEmpty(db);
      expect((await client.get('/auth/register/verify')).text).toContain(`We sent a 4-digit code to ${email}`);
      const verified = await client.post('/api/v1/auth/verify/email', { email, code });
      expect(verified.status, verified.text).toBe(200);
      // one account, one space, one mail
      expect((await db.query('select count(*)::int as n from users where email = $1', [email])).rows[0].n).toBe(1);
      expect((await db.query('select count(*)::int as n from spaces')).rows[0].n).toBe(1);
      expect(smtp.mailsTo(email)).toHaveLength(1);
    } finally {
      await db.end();
    }
  }, 90_000);

  it('with a silent mail server: answers before the server is given up on, and the code comes later', async () => {
    await smtp.silence();
    const client = new Client(product.url);
    const email = uniqueEmail('silent');
    const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'recruiter' });
    expect(registered.status).toBe(201);
    const key = `code:verify:${registered.json.user.id}`;
    // the answer came while the mail was still waiting for the silent server's first word
    expect((await job(key))?.last_error ?? null).toBeNull();
    await waitUntil(() => smtp.holding > 0, 10_000, 'the product connects to the silent server');
    await waitUntil(async () => Boolean((await job(key))?.last_error), 20_000, 'the silent server is given up on');
    expect((await job(key))!.last_error).toMatch(/greeting|timeout/i);
    client.token = registered.json.accessToken;
    expect((await client.get('/auth/register/verify')).text).toContain(`Your code is on its way to ${email}`);

    await smtp.up();
    const code = codeOf(await smtp.waitFor(email));
    await queueEmpty();
    expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
  }, 60_000);
});

describe('resend', () => {
  it('keeps the code the person holds valid while the new mail cannot go out', async () => {
    await smtp.up();
    const client = new Client(product.url);
    const email = uniqueEmail('resend');
    const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    const first = codeOf(await smtp.waitFor(email));
    await queueSettled(database.url);

    await smtp.down();
    const since = new Date();
    const resent = await client.post('/api/v1/auth/verify/email/resend', { email });
    expect(resent.status).toBe(200);
    await aMailFailed(pool, since);
    // the old code still works: the resend voided nothing
    const verified = await client.post('/api/v1/auth/verify/email', { email, code: first });
    expect(verified.status, verified.text).toBe(200);

    // once the server is back the queued mail finds the address confirmed and sends nothing
    await smtp.up();
    await queueEmpty();
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(registered.status).toBe(201);
  }, 60_000);

  it('replaces the old code only when the new one went out', async () => {
    await smtp.up();
    const client = new Client(product.url);
    const email = uniqueEmail('resend');
    await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    const first = codeOf(await smtp.waitFor(email));
    await queueSettled(database.url);

    await smtp.down();
    const since = new Date();
    expect((await client.post('/api/v1/auth/verify/email/resend', { email })).status).toBe(200);
    await aMailFailed(pool, since);
    const unused = await pool.query(`select count(*)::int as n from email_codes c join users u on u.id = c.user_id where u.email = $1 and c.used_at is null`, [email]);
    expect(unused.rows[0].n).toBe(1);

    await smtp.up();
    const second = codeOf(await smtp.waitFor(email, 2));
    await queueEmpty();
    if (second !== first) {
      expect((await client.post('/api/v1/auth/verify/email', { email, code: first })).json.message).toBe('error.user.wrong_code');
    }
    expect((await client.post('/api/v1/auth/verify/email', { email, code: second })).status).toBe(200);
  }, 60_000);
});

describe('e-mail change', () => {
  it('with the mail server down: answers at once, changes nothing until the code comes back, and the code arrives later', async () => {
    await smtp.up();
    const { client, email } = await company();
    const next = uniqueEmail('next');
    await smtp.down();
    const since = new Date();
    const asked = await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD });
    expect(asked.status, asked.text).toBe(200);
    await aMailFailed(pool, since);
    expect((await client.get('/api/v1/users/profile')).json.email).toBe(email);

    await smtp.up();
    const code = codeOf(await smtp.waitFor(next));
    await queueEmpty();
    const confirmed = await client.post('/api/v1/users/profile/email/verify', { code });
    expect(confirmed.json).toEqual({ newEmail: next });
    expect((await client.get('/api/v1/users/profile')).json.email).toBe(next);
  }, 60_000);
});

describe('invites', () => {
  it('an invite that cannot be delivered is listed as not delivered; sent again, it arrives', async () => {
    await smtp.up();
    const { client } = await company();
    const email = uniqueEmail('invitee');
    await smtp.down();
    const invited = await client.post('/api/v1/users/invite', { email, name: 'Ivan', surname: 'Petrov', role: 'recruiter' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json).toMatchObject({ email, mail: 'queued' });

    // three tries, then the queue gives up and the list says so
    const entry = async () => ((await client.get('/api/v1/users/invite')).json as { email: string; mail: string }[]).find((i) => i.email === email);
    await waitUntil(async () => (await entry())?.mail === 'failed', 40_000, 'the invite is marked not delivered');
    expect((await pool.query('select count(*)::int as n from invites where email = $1', [email])).rows[0].n).toBe(1);

    await smtp.up();
    const again = await client.post('/api/v1/users/invite', { email, name: 'Ivan', surname: 'Petrov', role: 'recruiter' });
    expect(again.status).toBe(201);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe('Olga Owner of Acme invites you to Recruit');
    await queueEmpty();
    expect(await entry()).toMatchObject({ mail: 'sent' });
    expect(smtp.mailsTo(email)).toHaveLength(1);
  }, 90_000);

  it('an invite queued while the server is down arrives once it is back', async () => {
    await smtp.up();
    const { client } = await company();
    const email = uniqueEmail('invitee');
    await smtp.down();
    const since = new Date();
    expect((await client.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'Client', role: 'customer' })).status).toBe(201);
    await aMailFailed(pool, since);
    await smtp.up();
    await smtp.waitFor(email);
    await queueEmpty();
    const list = (await client.get('/api/v1/users/invite')).json as { email: string; mail: string }[];
    expect(list.find((i) => i.email === email)).toMatchObject({ mail: 'sent' });
  }, 60_000);
});

describe('consent requests', () => {
  it('a request that cannot be delivered shows Send error; the retry sends a link that works', async () => {
    await smtp.up();
    const { client } = await company();
    const candidateEmail = uniqueEmail('cand');
    const created = await client.post('/api/v1/candidates', { name: 'Anna', surname: 'Smirnova', positionName: 'Designer', email: candidateEmail });
    expect(created.status).toBe(201);
    const id = created.json.id as string;

    await smtp.down();
    const requested = await client.post('/api/v1/candidates/pd', { candidateId: id });
    expect(requested.status).toBe(200);
    expect(requested.json).toEqual({ pdStatus: 2 });
    expect((await client.get(`/api/v1/candidates/${id}`)).json).toMatchObject({ pdStatus: 2, pdMail: 'queued' });

    await waitUntil(async () => (await client.get(`/api/v1/candidates/${id}`)).json.pdStatus === 5, 40_000, 'the status turns to Send error');
    const failed = (await client.get(`/api/v1/candidates/${id}`)).json;
    expect(failed.pdMail).toBe('failed');
    expect(failed.pdHistory.map((e: { kind: string }) => e.kind)).toEqual(['send_failed', 'requested']);
    // the profile page carries the status for the consent dialog (the island renders it in the browser)
    expect(smtp.mailsTo(candidateEmail)).toHaveLength(0);

    await smtp.up();
    const retried = await client.post('/api/v1/candidates/pd', { candidateId: id });
    expect(retried.json).toEqual({ pdStatus: 2 });
    const mail = await smtp.waitFor(candidateEmail);
    await queueEmpty();
    expect((await client.get(`/api/v1/candidates/${id}`)).json).toMatchObject({ pdStatus: 2, pdMail: 'sent' });
    const token = /\/verify\/pd\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const answered = await new Client(product.url).post('/api/v1/verify/candidate/pd', { token, response: 'approved' });
    expect(answered.status, answered.text).toBe(200);
    expect((await client.get(`/api/v1/candidates/${id}`)).json.pdStatus).toBe(4);
    // one request failed, one was answered: nothing else was written
    expect((await pool.query('select count(*)::int as n from pd_requests where candidate_id = $1', [id])).rows[0].n).toBe(2);
  }, 90_000);
});

describe('interviews', () => {
  it('with a silent mail server: stored at once, and every participant gets the invitation with its .ics later', async () => {
    await smtp.up();
    const owner = await company();
    const colleagueEmail = uniqueEmail('rec');
    expect((await owner.client.post('/api/v1/users/invite', { email: colleagueEmail, name: 'Ivan', surname: 'Petrov', role: 'recruiter' })).status).toBe(201);
    await smtp.waitFor(colleagueEmail);
    const colleague = new Client(product.url);
    const registered = await colleague.post('/api/v1/auth/email/register', { email: colleagueEmail, password: PASSWORD, role: 'recruiter' });
    colleague.token = registered.json.accessToken;
    const code = codeOf(await smtp.waitFor(colleagueEmail, 2));
    await queueSettled(database.url);
    expect((await colleague.post('/api/v1/auth/verify/email', { email: colleagueEmail, code })).status).toBe(200);
    const candidate = (await owner.client.post('/api/v1/candidates', { name: 'Pavel', surname: 'Orlov', positionName: 'Sales' })).json;

    await smtp.silence();
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = await owner.client.post('/api/v1/interviews', {
      candidateId: candidate.id, startsAt, durationMinutes: 30, kind: 'phone', location: 'Office 5', participants: [registered.json.user.id],
    });
    expect(created.status, created.text).toBe(201);
    // stored and listed while no mail went out
    expect((await colleague.get('/api/v1/interviews')).json.map((i: { id: string }) => i.id)).toEqual([created.json.id]);
    await waitUntil(() => smtp.holding > 0, 10_000, 'the product connects to the silent server');

    await smtp.up();
    const mails = await Promise.all([smtp.waitFor(owner.email, 2), smtp.waitFor(colleagueEmail, 3)]);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^Interview with Pavel Orlov/);
      const ics = mail.attachments.find((a) => a.filename === 'interview.ics')!;
      expect(ics.content.toString()).toContain('BEGIN:VEVENT');
    }
    await queueEmpty();
    expect(smtp.mailsTo(owner.email)).toHaveLength(2);
    expect(smtp.mailsTo(colleagueEmail)).toHaveLength(3);
  }, 90_000);
});

describe('the queue across processes and restarts', () => {
  it('two processes on one database send each queued mail once', async () => {
    await smtp.up();
    const second = await processes.spawn({ ...mailEnv(), DATABASE_URL: database.url });
    const { client } = await company();
    await smtp.down();
    const addresses = Array.from({ length: 12 }, () => uniqueEmail('twice'));
    for (const email of addresses) {
      expect((await client.post('/api/v1/users/invite', { email, name: 'A', surname: 'B', role: 'customer' })).status).toBe(201);
    }
    await smtp.up();
    await Promise.all(addresses.map((email) => smtp.waitFor(email)));
    await queueEmpty();
    await new Promise((r) => setTimeout(r, 500));
    expect(addresses.map((email) => smtp.mailsTo(email).length)).toEqual(addresses.map(() => 1));
    expect(await second.stop()).toBe(0);
  }, 90_000);

  /** Pushes every waiting retry six hours on, as late in the queue's backoff. */
  async function lateInBackoff(addresses: string[]): Promise<void> {
    await waitUntil(
      async () => (await pool.query(`select 1 from graphile_worker.jobs where task_identifier = 'mail' and last_error is not null and attempts < max_attempts`)).rowCount === addresses.length,
      20_000,
      'every invite failed once',
    );
    await pool.query(`
      select graphile_worker.reschedule_jobs(
        array(select id from graphile_worker.jobs where task_identifier = 'mail' and attempts > 0 and attempts < max_attempts),
        run_at => now() + interval '6 hours')`);
  }

  it('mails waiting hours for their retry go as soon as the minute\'s probe finds the server answering', async () => {
    await smtp.up();
    const { client } = await company();
    await smtp.down();
    const addresses = [uniqueEmail('late'), uniqueEmail('later')];
    for (const email of addresses) await client.post('/api/v1/users/invite', { email, name: 'A', surname: 'B', role: 'customer' });
    await lateInBackoff(addresses);
    await smtp.up();
    // the crontab runs the probe every minute; here it runs now
    await pool.query(`select graphile_worker.add_job('mail-probe')`);
    await Promise.all(addresses.map((email) => smtp.waitFor(email, 1, 15_000)));
    await queueEmpty();
  }, 60_000);

  it('mails waiting hours for their retry go as soon as another mail gets through', async () => {
    await smtp.up();
    const { client } = await company();
    await smtp.down();
    const late = uniqueEmail('late');
    await client.post('/api/v1/users/invite', { email: late, name: 'A', surname: 'B', role: 'customer' });
    await lateInBackoff([late]);
    await smtp.up();
    const fresh = uniqueEmail('fresh');
    await client.post('/api/v1/users/invite', { email: fresh, name: 'C', surname: 'D', role: 'customer' });
    await smtp.waitFor(fresh);
    await smtp.waitFor(late, 1, 15_000);
    await queueEmpty();
  }, 60_000);

  it('SIGTERM while a mail waits for a silent server exits promptly, and the next process sends the mail', async () => {
    await smtp.up();
    const dbFor = await createTestDatabase(processes.tempDir('recruit-mail-db-'));
    try {
      const first = await processes.spawn({ ...mailEnv(), SMTP_TIMEOUT_MS: '60000', DATABASE_URL: dbFor.url });
      const { client } = await company(first.url, dbFor.url);
      const email = uniqueEmail('term');
      await smtp.silence();
      expect((await client.post('/api/v1/users/invite', { email, name: 'A', surname: 'B', role: 'customer' })).status).toBe(201);
      await waitUntil(() => smtp.holding > 0, 10_000, 'the product connects to the silent server');
      // 0, not the forced exit after 15 s: the job got a few seconds, not the minute the server may take
      expect(await first.stop('SIGTERM')).toBe(0);

      await smtp.up();
      await processes.spawn({ ...mailEnv(), DATABASE_URL: dbFor.url });
      const mail = await smtp.waitFor(email, 1, 40_000);
      expect(mail.subject).toMatch(/invites you/);
    } finally {
      await processes.cleanup();
      await dbFor.drop();
      // the shared product of this file went with the cleanup: the tests after this one need none
    }
  }, 120_000);
});
