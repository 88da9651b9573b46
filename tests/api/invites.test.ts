import { describe, expect, it } from 'vitest';
import { translator } from '../../src/lib/i18n/messages.ts';
import { Client, db, lastCode, lastMail, PASSWORD, queueSettled, signUp, uniqueEmail } from '../support/client.ts';
import { inviteAndRegister, space } from '../support/spaces.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';

async function registerInvited(email: string, formRole: 'company' | 'recruiter' | 'customer') {
  const client = new Client();
  const res = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: formRole });
  expect(res.status).toBe(201);
  client.token = res.json.accessToken;
  await client.post('/api/v1/auth/verify/email', { email, code: await lastCode(email) });
  return { client, user: res.json.user };
}

describe('POST /api/v1/users/invite', () => {
  it('company invites a recruiter: the entry comes back, the invitee gets a mail with a registration link', async () => {
    const { client } = await signUp('company');
    await client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Ivanova', companyName: 'Acme' });
    const email = uniqueEmail('rec');
    const res = await client.post('/api/v1/users/invite', { email, name: 'Ivan', surname: 'Petrov', role: 'recruiter' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email, name: 'Ivan', surname: 'Petrov', role: 2 });
    expect(res.json.id).toBeUndefined();
    const mail = await lastMail(email);
    expect(mail?.subject).toBe('Olga Ivanova of Acme invites you to Recruit');
    expect(mail?.text).toContain('Olga Ivanova invites you to join the Acme team on Recruit as a recruiter.');
    expect(mail?.text).toMatch(/\/auth\/register\?invite=[\w-]{40,}/);
  });

  it('names the company in the inviter\'s language, a recruiter\'s invite too', async () => {
    const { client } = await signUp('company', { lang: 'ru', profile: false });
    await client.put('/api/v1/users/profile', { name: 'Ольга', surname: 'Иванова', companyName: 'Ромашка' });
    const email = uniqueEmail('cust');
    expect((await client.post('/api/v1/users/invite', { email, name: 'Катя', surname: 'Смирнова', role: 'customer' })).status).toBe(201);
    const mail = await lastMail(email);
    expect(mail?.subject).toBe('Ольга Иванова («Ромашка») приглашает вас в Recruit');
    expect(mail?.text).toContain('приглашает вас в команду «Ромашка» в Recruit');
  });

  it('registering with the invited address joins the space with the invited role, whatever the form said', async () => {
    const { client: company, user: companyUser } = await signUp('company');
    await company.put('/api/v1/users/profile', { name: 'Olga', surname: 'Ivanova', companyName: 'Acme' });
    const email = uniqueEmail('cust');
    await company.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'Smith', role: 'customer' });
    const { client, user } = await registerInvited(email, 'company');
    expect(user.role).toBe(3);
    const profile = await client.get('/api/v1/users/profile');
    expect(profile.json).toMatchObject({ role: 3, name: 'Kate', surname: 'Smith', inviteUser: { name: 'Olga', surname: 'Ivanova', companyName: 'Acme' } });
    const spaces = await db().query('select space_id from users where id = any($1::uuid[])', [[companyUser.id, user.id]]);
    expect(new Set(spaces.rows.map((r) => r.space_id)).size).toBe(1);
    const list = await company.get('/api/v1/users/invite');
    expect(list.json.find((i: { email: string }) => i.email === email)).toMatchObject({ id: user.id, role: 3 });
  });

  it('an invite to an address already on the list replaces the entry and moves it first', async () => {
    const { client } = await signUp('company');
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    await client.post('/api/v1/users/invite', { email: a, name: 'A', surname: 'One', role: 'customer' });
    await client.post('/api/v1/users/invite', { email: b, name: 'B', surname: 'Two', role: 'customer' });
    await client.post('/api/v1/users/invite', { email: a, name: 'A2', surname: 'Again', role: 'recruiter' });
    const list = await client.get('/api/v1/users/invite');
    expect(list.json.map((i: { email: string }) => i.email)).toEqual([a, b]);
    expect(list.json[0]).toMatchObject({ name: 'A2', surname: 'Again', role: 2 });
  });

  it('a recruiter invites customers only; customers invite nobody', async () => {
    const { client: company } = await signUp('company');
    const recruiterEmail = uniqueEmail('rec');
    await company.post('/api/v1/users/invite', { email: recruiterEmail, name: 'R', surname: 'R', role: 'recruiter' });
    const { client: recruiter } = await registerInvited(recruiterEmail, 'recruiter');
    const customer = await recruiter.post('/api/v1/users/invite', { email: uniqueEmail(), name: 'C', surname: 'C', role: 'customer' });
    expect(customer.status).toBe(201);
    const colleague = await recruiter.post('/api/v1/users/invite', { email: uniqueEmail(), name: 'R2', surname: 'R2', role: 'recruiter' });
    expect(colleague.status).toBe(403);
    expect(colleague.json.message).toBe('error.user.invite_forbidden');
    const { client: lone } = await signUp('customer');
    const byCustomer = await lone.post('/api/v1/users/invite', { email: uniqueEmail(), name: 'X', surname: 'X', role: 'customer' });
    expect(byCustomer.status).toBe(403);
    expect((await lone.get('/api/v1/users/invite')).status).toBe(403);
  });

  it('refuses an address that already has an account', async () => {
    const { client } = await signUp('company');
    const { email } = await signUp('customer');
    const res = await client.post('/api/v1/users/invite', { email, name: 'X', surname: 'Y', role: 'customer' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('error.user.email_exists');
  });

  it('rejects bad bodies field by field and writes nothing', async () => {
    const { client } = await signUp('company');
    const res = await client.post('/api/v1/users/invite', { email: 'nope', name: ' ', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ email: 'validation.email_invalid', name: 'validation.name_required', surname: 'validation.surname_required', role: 'validation.role_invalid' });
    expect((await client.get('/api/v1/users/invite')).json).toEqual([]);
  });

  it('needs a session and a verified address', async () => {
    expect((await new Client().post('/api/v1/users/invite', { email: uniqueEmail(), name: 'X', surname: 'Y', role: 'customer' })).status).toBe(401);
    const { client } = await signUp('company', { verify: false });
    expect((await client.post('/api/v1/users/invite', { email: uniqueEmail(), name: 'X', surname: 'Y', role: 'customer' })).status).toBe(403);
  });
});

describe('GET /api/v1/users/invite', () => {
  it('lists only the own space: another company sees none of it', async () => {
    const { client: one } = await signUp('company');
    const { client: other } = await signUp('company');
    const email = uniqueEmail();
    await one.post('/api/v1/users/invite', { email, name: 'X', surname: 'Y', role: 'customer' });
    expect((await other.get('/api/v1/users/invite')).json).toEqual([]);
    expect((await one.get('/api/v1/users/invite')).json).toHaveLength(1);
  });

  it('?role=customer&invite=registered lists the registered customers of the space', async () => {
    const { client: company } = await signUp('company');
    const registered = uniqueEmail('reg');
    const pending = uniqueEmail('pend');
    await company.post('/api/v1/users/invite', { email: registered, name: 'Reg', surname: 'Istered', role: 'customer' });
    await company.post('/api/v1/users/invite', { email: pending, name: 'Pen', surname: 'Ding', role: 'customer' });
    const { user } = await registerInvited(registered, 'customer');
    const res = await company.get('/api/v1/users/invite?role=customer&invite=registered');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([expect.objectContaining({ id: user.id, email: registered, role: 3 })]);
    const bad = await company.get('/api/v1/users/invite?role=boss');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ role: 'validation.role_invalid' });
  });

  it('a deleted account leaves the list', async () => {
    const { client: company } = await signUp('company');
    const email = uniqueEmail();
    await company.post('/api/v1/users/invite', { email, name: 'Gone', surname: 'Soon', role: 'customer' });
    const { client } = await registerInvited(email, 'customer');
    expect((await client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(200);
    const list = await company.get('/api/v1/users/invite');
    expect(list.json.find((i: { email: string }) => i.email === email)).toBeUndefined();
    expect((await company.get('/api/v1/users/invite?role=customer&invite=registered')).json).toEqual([]);
  });
});

describe('invites cannot be hijacked', () => {
  /** The token of the newest invite link mailed to `email`. */
  async function inviteToken(email: string): Promise<string> {
    // every queued mail sent first: a second invite's mail may follow the first one
    await queueSettled();
    const text = (await lastMail(email))?.text ?? '';
    const token = /\/auth\/register\?invite=([\w-]+)/.exec(text)?.[1];
    if (!token) throw new Error(`no invite link mailed to ${email}`);
    return token;
  }

  async function company(name: string) {
    const { client } = await signUp('company');
    await client.put('/api/v1/users/profile', { name: 'Boss', surname: name, companyName: name });
    return client;
  }

  async function spaceOf(userId: string) {
    return (await db().query('select u.space_id, c.company_name from users u join users c on c.space_id = u.space_id and c.role = 1 where u.id = $1', [userId])).rows[0];
  }

  it('registering through a link joins that invite\'s space, even when another space invited the address later', async () => {
    const first = await company('First');
    const email = uniqueEmail('wanted');
    await first.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'customer' });
    const firstToken = await inviteToken(email);
    const second = await company('Second');
    await second.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'recruiter' });
    const client = new Client();
    const res = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company', invite: firstToken });
    expect(res.status).toBe(201);
    expect(res.json.user.role).toBe(3);
    expect((await spaceOf(res.json.user.id)).company_name).toBe('First');
  });

  it('a link whose invite was replaced says so on the sign-up page, in both languages', async () => {
    const boss = await company('Replaced');
    const email = uniqueEmail('twice');
    await boss.post('/api/v1/users/invite', { email, name: 'Ivan', surname: 'P', role: 'recruiter' });
    const old = await inviteToken(email);
    await boss.post('/api/v1/users/invite', { email, name: 'Oleg', surname: 'S', role: 'customer' });
    const fresh = await inviteToken(email);
    expect(fresh).not.toBe(old);
    const visitor = new Client();
    const en = translator('en');
    const ru = translator('ru');
    expect((await visitor.get(`/auth/register?invite=${old}`)).text).toContain(en('auth.invite_gone'));
    expect((await visitor.get(`/ru/auth/register?invite=${old}`)).text).toContain(ru('auth.invite_gone'));
    expect((await visitor.get(`/auth/register?invite=${fresh}`)).text).not.toContain(en('auth.invite_gone'));
    expect((await visitor.get('/auth/register')).text).not.toContain(en('auth.invite_gone'));
  });

  it('without a link an address joins its oldest open invite, not the newest', async () => {
    const first = await company('Older');
    const email = uniqueEmail('both');
    await first.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'customer' });
    const later = await company('Newer');
    await later.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'recruiter' });
    const res = await new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(res.status).toBe(201);
    expect((await spaceOf(res.json.user.id)).company_name).toBe('Older');
  });

  it("a link's token joins only the address it was sent to", async () => {
    const inviter = await company('Owner');
    const email = uniqueEmail('invited');
    await inviter.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'recruiter' });
    const token = await inviteToken(email);
    const stranger = uniqueEmail('stranger');
    const res = await new Client().post('/api/v1/auth/email/register', { email: stranger, password: PASSWORD, role: 'company', invite: token });
    expect(res.status).toBe(201);
    expect(res.json.user.role).toBe(1);
    const list = await inviter.get('/api/v1/users/invite');
    expect(list.json.find((i: { email: string }) => i.email === email).id).toBeUndefined();
  });

  it('the registration page names the space and role of the invite its link names, and nothing for a bare address', async () => {
    const inviter = await company('Acme');
    const email = uniqueEmail('page');
    await inviter.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'customer' });
    const token = await inviteToken(email);
    const page = await new Client().get(`/auth/register?invite=${token}`);
    expect(page.text).toContain('Acme');
    expect(page.text).toContain(email);
    const bare = await new Client().get(`/auth/register?email=${encodeURIComponent(email)}`);
    expect(bare.text).not.toContain('Acme');
    const forged = await new Client().get(`/auth/register?invite=${'x'.repeat(43)}`);
    expect(forged.status).toBe(200);
    expect(forged.text).not.toContain('Acme');
  });

  it('a new invite of the address replaces the link: the old token no longer names it', async () => {
    const inviter = await company('Again');
    const email = uniqueEmail('again');
    await inviter.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'customer' });
    const old = await inviteToken(email);
    await inviter.post('/api/v1/users/invite', { email, name: 'Kate', surname: 'K', role: 'customer' });
    const fresh = await inviteToken(email);
    expect(fresh).not.toBe(old);
    expect((await new Client().get(`/auth/register?invite=${old}`)).text).not.toContain('Again');
    expect((await new Client().get(`/auth/register?invite=${fresh}`)).text).toContain('Again');
  });
});

describe('DELETE /api/v1/users/invite/{id}: taking an entry off the team lists (decision 0035)', () => {
  /** The entry of `email` on the remover's lists. */
  async function entryOf(remover: Client, email: string): Promise<{ inviteId: string; id?: string; role: number }> {
    const list = (await remover.get('/api/v1/users/invite')).json as { inviteId: string; id?: string; email: string; role: number }[];
    const entry = list.find((e) => e.email === email);
    if (!entry) throw new Error(`${email} is not on the list`);
    return entry;
  }

  it('withdraws an open invitation: it leaves the list and its link stops working', async () => {
    const { client: company } = await signUp('company');
    const email = uniqueEmail('withdrawn');
    await company.post('/api/v1/users/invite', { email, name: 'Ivan', surname: 'P', role: 'recruiter' });
    await queueSettled();
    const token = /\/auth\/register\?invite=([\w-]+)/.exec((await lastMail(email)).text ?? '')?.[1];
    const { inviteId } = await entryOf(company, email);
    const res = await company.request('DELETE', `/api/v1/users/invite/${inviteId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ removed: 'invite' });
    expect((await company.get('/api/v1/users/invite')).json.map((e: { email: string }) => e.email)).not.toContain(email);
    expect((await new Client().get(`/auth/register?invite=${token}`)).text).toContain(translator('en')('auth.invite_gone'));
    // registering anyway joins no space of theirs: the address makes its own company
    const joined = await new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company', invite: token });
    expect(joined.json.user.role).toBe(1);
  });

  it('takes a registered person out of the space: their sessions end, they cannot sign in, and they leave every list', async () => {
    const { client: company } = await signUp('company');
    await company.put('/api/v1/users/profile', { name: 'Boss', surname: 'Owner', companyName: 'Acme Removals' });
    const recruiter = await inviteAndRegister(company, 'recruiter', 'Ivan', 'Gone');
    expect((await recruiter.client.get('/api/v1/users/profile')).status).toBe(200);
    const { inviteId } = await entryOf(company, recruiter.email);
    const res = await company.request('DELETE', `/api/v1/users/invite/${inviteId}`);
    expect(res.json).toEqual({ removed: 'member' });
    expect((await recruiter.client.get('/api/v1/users/profile')).status).toBe(401);
    expect((await recruiter.client.post('/api/v1/auth/refresh')).status).toBe(401);
    const login = await new Client().post('/api/v1/auth/email/login', { email: recruiter.email, password: PASSWORD });
    expect(login.json.message).toBe('error.common.deleted_account');
    expect((await company.get('/api/v1/users/invite?role=recruiter&invite=registered')).json).toEqual([]);
    // their name stays on what they did
    expect((await db().query('select name, surname from users where id = $1', [recruiter.id])).rows[0]).toEqual({ name: 'Ivan', surname: 'Gone' });
    // and they are told, in their language
    const told = await lastMail(recruiter.email, { match: (mail) => mail.subject === translator('en')('mail.removed_subject', { company: 'Acme Removals' }) });
    expect(told.text).toContain('Boss Owner closed your access');
  });

  it('lets a recruiter remove the customers they invited and nobody else; other spaces see nothing', async () => {
    const s = await space();
    const mine = await inviteAndRegister(s.recruiter.client, 'customer', 'Mine', 'Customer');
    const theirs = await entryOf(s.company.client, s.customer.email);
    const recruiterEntry = await entryOf(s.company.client, s.recruiter.email);
    // a customer the company invited, and a fellow recruiter: not the recruiter's to remove
    expect((await s.recruiter.client.request('DELETE', `/api/v1/users/invite/${theirs.inviteId}`)).status).toBe(404);
    expect((await s.recruiter.client.request('DELETE', `/api/v1/users/invite/${recruiterEntry.inviteId}`)).status).toBe(404);
    // a customer has no team
    expect((await s.customer.client.request('DELETE', `/api/v1/users/invite/${theirs.inviteId}`)).status).toBe(403);
    // another company: no such entry
    const { client: other } = await signUp('company');
    expect((await other.request('DELETE', `/api/v1/users/invite/${theirs.inviteId}`)).status).toBe(404);
    expect((await s.customer.client.get('/api/v1/users/profile')).status).toBe(200);
    const own = await entryOf(s.recruiter.client, mine.email);
    expect((await s.recruiter.client.request('DELETE', `/api/v1/users/invite/${own.inviteId}`)).json).toEqual({ removed: 'member' });
    expect((await mine.client.get('/api/v1/users/profile')).status).toBe(401);
  });

  it('a departing recruiter\'s open invitations go with them; the customers who joined stay', async () => {
    const s = await space();
    const joined = await inviteAndRegister(s.recruiter.client, 'customer', 'Joined', 'Before');
    const pending = uniqueEmail('pending');
    await s.recruiter.client.post('/api/v1/users/invite', { email: pending, name: 'Private', surname: 'Address', role: 'customer' });
    await queueSettled();
    const token = /\/auth\/register\?invite=([\w-]+)/.exec((await lastMail(pending)).text ?? '')?.[1];
    const recruiter = await entryOf(s.company.client, s.recruiter.email);
    expect((await s.company.client.request('DELETE', `/api/v1/users/invite/${recruiter.inviteId}`)).json).toEqual({ removed: 'member' });
    const emails = ((await s.company.client.get('/api/v1/users/invite')).json as { email: string }[]).map((e) => e.email);
    expect(emails).not.toContain(pending);
    expect(emails).toContain(joined.email);
    expect((await joined.client.get('/api/v1/users/profile')).status).toBe(200);
    expect((await new Client().get(`/auth/register?invite=${token}`)).text).toContain(translator('en')('auth.invite_gone'));
  });

  it('a removed main customer hands the vacancy to the customer left, who then moves candidates', async () => {
    const s = await space();
    const c = await catalogue();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id, s.customer2.id]))).json.id as string;
    const candidate = (await s.company.client.post('/api/v1/candidates', candidateBody(c, { email: uniqueEmail('cand'), vacancyId: vacancy }))).json.id as string;
    const stage = (who: Client, to: number, from: number) => who.put(`/api/v1/candidates/vacancy/${vacancy}/${candidate}/stage`, { stage: to, from });
    expect((await stage(s.company.client, 4, 1)).status).toBe(200);
    // two customers: only the main one moves candidates
    expect((await stage(s.customer2.client, 5, 4)).status).toBe(403);
    const main = await entryOf(s.company.client, s.customer.email);
    expect((await s.company.client.request('DELETE', `/api/v1/users/invite/${main.inviteId}`)).status).toBe(200);
    const after = (await s.company.client.get(`/api/v1/vacancy/${vacancy}`)).json;
    expect(after.mainCustomer).toBe(s.customer2.id);
    expect(after.customers.map((x: { id: string }) => x.id)).toEqual([s.customer2.id]);
    expect((await stage(s.customer2.client, 5, 4)).status).toBe(200);
  });

  it('an entry nobody else may take over: a recruiter cannot replace the company\'s invitation, and a member who changed address stays on the list', async () => {
    const s = await space();
    const email = uniqueEmail('companys');
    const original = (await s.company.client.post('/api/v1/users/invite', { email, name: 'Rita', surname: 'R', role: 'recruiter' })).json as { inviteId: string };
    const taken = await s.recruiter.client.post('/api/v1/users/invite', { email, name: 'X', surname: 'Y', role: 'customer' });
    expect(taken.status).toBe(403);
    expect(taken.json.message).toBe('error.user.invite_forbidden');
    expect(await entryOf(s.company.client, email)).toMatchObject({ inviteId: original.inviteId, role: 2 });
    // the recruiter moves to a new address and invites the old one: their own entry is not touched
    const old = s.recruiter.email;
    const next = uniqueEmail('moved');
    expect((await s.recruiter.client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD })).status).toBe(200);
    expect((await s.recruiter.client.post('/api/v1/users/profile/email/verify', { code: await lastCode(next) })).status).toBe(200);
    const fresh = await s.recruiter.client.post('/api/v1/users/invite', { email: old, name: 'X', surname: 'Y', role: 'customer' });
    expect(fresh.status).toBe(201);
    const member = await entryOf(s.company.client, next);
    expect(member).toMatchObject({ id: s.recruiter.id });
    expect(fresh.json.inviteId).not.toBe(member.inviteId);
    expect((await s.company.client.request('DELETE', `/api/v1/users/invite/${member.inviteId}`)).json).toEqual({ removed: 'member' });
    expect((await s.recruiter.client.get('/api/v1/users/profile')).status).toBe(401);
  });

  it('of 100 removals sent at once, one removes and the others find nothing', async () => {
    const { client: company } = await signUp('company');
    const customer = await inviteAndRegister(company, 'customer');
    const { inviteId } = await entryOf(company, customer.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => company.request('DELETE', `/api/v1/users/invite/${inviteId}`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(99);
  });

  it('needs a session, and answers 404 for ids that are none', async () => {
    expect((await new Client().request('DELETE', '/api/v1/users/invite/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    const { client: company } = await signUp('company');
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', '%00', 'x'.repeat(5000)]) {
      expect((await company.request('DELETE', `/api/v1/users/invite/${id}`)).status, id).toBe(404);
    }
  });
});
