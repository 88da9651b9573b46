/**
 * Mail limits (issue 9: no mail flood): per recipient address and day, by kind, counted where
 * every mail is queued; a refused request is a translated 429 and changes nothing. The limits
 * per space and per client address are tested on a product of their own (tests/server).
 */
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/lib/i18n/messages.ts';
import { Client, db, mailsTo, PASSWORD, queueSettled, signUp, uniqueEmail } from '../support/client.ts';

describe('mails per recipient address and day', () => {
  it('the sixth invite to one address in a day is refused with error.mail.recipient_limit and changes nothing', async () => {
    const { client } = await signUp('company');
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      statuses.push((await client.post('/api/v1/users/invite', { email, name: `Name${i}`, surname: 'Flood', role: 'customer' })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await client.post('/api/v1/users/invite', { email, name: 'Name7', surname: 'Flood', role: 'customer' });
    expect(refused.json).toMatchObject({ statusCode: 429, message: 'error.mail.recipient_limit' });
    // the entry is the fifth invite's, not a refused one's
    const rows = await db().query('select name from invites where email = $1', [email]);
    expect(rows.rows).toEqual([{ name: 'Name5' }]);
    await queueSettled();
    expect((await mailsTo(email)).length).toBeLessThanOrEqual(5);
  });

  it('the sixth consent request to one candidate in a day is refused; the fifth link still works', async () => {
    const { client } = await signUp('company');
    const email = uniqueEmail('cand');
    const candidate = (await client.post('/api/v1/candidates', { name: 'Anna', surname: 'Flood', positionName: 'Designer', email })).json;
    for (let i = 0; i < 5; i++) expect((await client.post('/api/v1/candidates/pd', { candidateId: candidate.id })).status).toBe(200);
    const refused = await client.post('/api/v1/candidates/pd', { candidateId: candidate.id });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe('error.mail.recipient_limit');
    // five requests, the newest still open: the refused one superseded nothing
    const open = await db().query('select count(*)::int as n from pd_requests where candidate_id = $1 and superseded_at is null', [candidate.id]);
    expect(open.rows[0].n).toBe(1);
    expect((await db().query('select count(*)::int as n from pd_requests where candidate_id = $1', [candidate.id])).rows[0].n).toBe(5);
    await queueSettled();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(5);
    const token = /\/verify\/pd\?token=([\w-]+)/.exec(mails.at(-1)!.text ?? '')![1]!;
    expect((await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved' })).status).toBe(200);
  });

  it("another space's consent requests and invitations to an address leave this space's limits for it whole", async () => {
    const stranger = (await signUp('company')).client;
    const own = (await signUp('company')).client;
    const email = uniqueEmail('shared');
    const theirs = (await stranger.post('/api/v1/candidates', { name: 'Anna', surname: 'Theirs', positionName: 'Designer', email })).json;
    for (let i = 0; i < 5; i++) expect((await stranger.post('/api/v1/candidates/pd', { candidateId: theirs.id })).status).toBe(200);
    expect((await stranger.post('/api/v1/candidates/pd', { candidateId: theirs.id })).status).toBe(429);
    for (let i = 1; i <= 5; i++) expect((await stranger.post('/api/v1/users/invite', { email, name: `Name${i}`, surname: 'Theirs', role: 'customer' })).status).toBe(201);
    expect((await stranger.post('/api/v1/users/invite', { email, name: 'Name6', surname: 'Theirs', role: 'customer' })).status).toBe(429);

    const ours = (await own.post('/api/v1/candidates', { name: 'Anna', surname: 'Ours', positionName: 'Designer', email })).json;
    expect((await own.post('/api/v1/candidates/pd', { candidateId: ours.id })).status).toBe(200);
    expect((await own.post('/api/v1/users/invite', { email, name: 'Anna', surname: 'Ours', role: 'customer' })).status).toBe(201);
  });

  it('bounds one address across spaces too: four spaces\' worth of consent mails a day, then refused for every space', async () => {
    const email = uniqueEmail('many');
    const spaces = await Promise.all(Array.from({ length: 5 }, async () => (await signUp('company')).client));
    for (const [n, client] of spaces.entries()) {
      const candidate = (await client.post('/api/v1/candidates', { name: 'Anna', surname: `Space${n}`, positionName: 'Designer', email })).json;
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await client.post('/api/v1/candidates/pd', { candidateId: candidate.id })).status);
      expect(statuses, `space ${n}`).toEqual(n < 4 ? [200, 200, 200, 200, 200] : [429, 429, 429, 429, 429]);
    }
  });

  it('counts one mailbox however its domain is written (fullwidth letters, an ideographic full stop, an IDN or its ASCII form)', async () => {
    const { mailbox } = await import('../../src/lib/server/mail.ts');
    const plain = mailbox('victim@corp.com');
    for (const spelt of ['victim@ｃorp.com', 'victim@CORP.ＣＯＭ', 'victim@corp。com', 'victim@corp\uFE0F.com', 'Victim@corp.com']) expect(mailbox(spelt), spelt).toBe(plain);
    expect(mailbox('a@почта.рф')).toBe(mailbox('a@xn--80a1acny.xn--p1ai'));
  });

  it('refuses addresses written with header syntax, which the mailer would send to another mailbox under other limits', async () => {
    const { client } = await signUp('company');
    const email = uniqueEmail('syntax');
    for (const written of [`${email},1`, `${email};x`, `x<${email}>`, `${email}>`, `a(b)${email}`, `"a b"${email}`]) {
      const registered = await new Client().post('/api/v1/auth/email/register', { email: written, password: 'Passw0rd!', role: 'company' });
      expect(registered.status, written).toBe(400);
      expect((await client.post('/api/v1/candidates', { name: 'Anna', surname: 'Syntax', email: written })).status, written).toBe(400);
      expect((await client.post('/api/v1/users/invite', { email: written, name: 'Anna', surname: 'Syntax', role: 'customer' })).status, written).toBe(400);
    }
    // one stored before the check knew header syntax is not mailed
    const candidate = (await client.post('/api/v1/candidates', { name: 'Anna', surname: 'Legacy', email })).json;
    await db().query('update candidates set email = $2 where id = $1', [candidate.id, `${email},1`]);
    const refused = await client.post('/api/v1/candidates/pd', { candidateId: candidate.id });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe('validation.email_invalid');
    await queueSettled();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('register, delete, register again: the sixth code to one address in an hour is refused', async () => {
    const email = uniqueEmail('again');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = new Client();
      const res = await client.post('/api/v1/auth/email/register', { email, password: 'Passw0rd!', role: 'company' });
      statuses.push(res.status);
      if (res.status !== 201) {
        expect(res.json.message).toBe('error.user.email_send_max_attempts_reached');
        break;
      }
      client.token = res.json.accessToken;
      expect((await client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(200);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // the refused registration left no account behind
    expect((await db().query('select count(*)::int as n from users where email = $1 and deleted_at is null', [email])).rows[0].n).toBe(0);
  });
});

describe('e-mail change sends', () => {
  it('a refused request spends none of the hourly sends', async () => {
    const { client } = await signUp('customer');
    const { email: taken } = await signUp('customer');
    for (let i = 0; i < 6; i++) expect((await client.post('/api/v1/users/profile/email', { email: taken, password: PASSWORD })).status).toBe(422);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/v1/users/profile/email', { email: uniqueEmail('next'), password: PASSWORD })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the limit answers', () => {
  it('are translated in both languages', () => {
    for (const key of ['error.mail.recipient_limit', 'error.mail.space_limit', 'error.mail.client_limit', 'error.user.email_send_max_attempts_reached']) {
      const en = translator('en')(key);
      const ru = translator('ru')(key);
      expect(en).not.toBe(key);
      expect(ru).not.toBe(key);
      expect(ru).not.toBe(en);
    }
  });
});
