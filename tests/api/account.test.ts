import { describe, expect, it } from 'vitest';
import { Client, db, lastCode, lastMail, mailsTo, PASSWORD, signUp, uniqueEmail } from '../support/client.ts';
import { translator } from '../../src/lib/i18n/messages.ts';

describe('PUT /api/v1/users/profile', () => {
  it('updates name, surname, language and (company) the company name', async () => {
    const { client } = await signUp('company', { profile: false });
    const res = await client.put('/api/v1/users/profile', { name: 'Anna', surname: 'Petrova', companyName: 'Acme', settings: { lang: 'ru' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Anna', surname: 'Petrova', companyName: 'Acme', settings: { lang: 'ru' } });
  });

  it('ignores a company name from a recruiter and requires one of a company', async () => {
    const { client: recruiter } = await signUp('recruiter');
    const res = await recruiter.put('/api/v1/users/profile', { name: 'R', surname: 'S', companyName: 'Sneaky' });
    expect(res.json.companyName).toBeNull();
    const { client: company } = await signUp('company', { profile: false });
    const missing = await company.put('/api/v1/users/profile', { name: 'A', surname: 'B' });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ companyName: 'validation.company_required' });
  });

  it('rejects empty names and a bad language, changing nothing', async () => {
    const { client } = await signUp('customer');
    await client.put('/api/v1/users/profile', { name: 'Keep', surname: 'Me' });
    const res = await client.put('/api/v1/users/profile', { name: '', surname: '  ', settings: { lang: 'de' } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ name: 'validation.name_required', surname: 'validation.surname_required', 'settings.lang': 'validation.lang_invalid' });
    expect((await client.get('/api/v1/users/profile')).json).toMatchObject({ name: 'Keep', surname: 'Me' });
  });

  it('needs a session', async () => {
    expect((await new Client().put('/api/v1/users/profile', { name: 'A', surname: 'B' })).status).toBe(401);
  });
});

describe('the time zone (docs/decisions/0018)', () => {
  it('is the one registration sent, else the default, and the profile changes it', async () => {
    const client = new Client();
    const email = uniqueEmail('zone');
    const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company', settings: { lang: 'en', timeZone: 'asia/novosibirsk' } });
    expect(registered.status).toBe(201);
    client.token = registered.json.accessToken;
    // kept in the canonical spelling
    expect((await client.get('/api/v1/users/profile')).json.settings).toEqual({ lang: 'en', timeZone: 'Asia/Novosibirsk', notifyMail: 'instant' });
    const { client: plain } = await signUp('customer');
    expect((await plain.get('/api/v1/users/profile')).json.settings.timeZone).toBe('Europe/Moscow');
    const changed = await plain.put('/api/v1/users/profile', { name: 'Kate', surname: 'Client', settings: { timeZone: 'America/New_York' } });
    expect(changed.status).toBe(200);
    expect(changed.json.settings).toEqual({ lang: 'en', timeZone: 'America/New_York', notifyMail: 'instant' });
    // a change without a zone keeps it
    await plain.put('/api/v1/users/profile', { name: 'Kate', surname: 'Client' });
    expect((await plain.get('/api/v1/users/profile')).json.settings.timeZone).toBe('America/New_York');
  });

  it('refuses what is no IANA zone with a translated 400, changing nothing', async () => {
    const { client } = await signUp('customer');
    for (const timeZone of ['Mars/Olympus', '+05:00', 'UTC+3', '', 42, ['Europe/Moscow'], 'Europe/Moscow\nX', 'x'.repeat(500)]) {
      const res = await client.put('/api/v1/users/profile', { name: 'Kate', surname: 'Client', settings: { timeZone } });
      expect(res.status, JSON.stringify(timeZone)).toBe(400);
      expect(res.json.errors).toEqual({ 'settings.timeZone': 'validation.time_zone_invalid' });
    }
    for (const lang of ['en', 'ru'] as const) expect(translator(lang)('validation.time_zone_invalid')).not.toBe('validation.time_zone_invalid');
    expect((await client.get('/api/v1/users/profile')).json.settings.timeZone).toBe('Europe/Moscow');
  });

  it('registers with the default zone when the browser names one the server does not know', async () => {
    const newcomer = new Client();
    const registered = await newcomer.post('/api/v1/auth/email/register', { email: uniqueEmail('zone'), password: PASSWORD, role: 'company', settings: { timeZone: 'Nowhere/City' } });
    expect(registered.status).toBe(201);
    newcomer.token = registered.json.accessToken;
    expect((await newcomer.get('/api/v1/users/profile')).json.settings.timeZone).toBe('Europe/Moscow');
  });
});

describe('email change', () => {
  it('mails a code to the new address; the code changes the email and returns newEmail', async () => {
    const { client } = await signUp('customer');
    const next = uniqueEmail('new');
    const res = await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await lastMail(next))?.subject).toMatch(/^Code to confirm your new email: \d{4}$/);
    const confirmed = await client.post('/api/v1/users/profile/email/verify', { code: await lastCode(next) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json).toEqual({ newEmail: next });
    expect((await client.get('/api/v1/users/profile')).json.email).toBe(next);
    expect((await new Client().post('/api/v1/auth/email/login', { email: next, password: PASSWORD })).status).toBe(200);
  });

  it('tells the old address, in the person’s language, once the new one is confirmed', async () => {
    const { client, email } = await signUp('recruiter');
    await client.put('/api/v1/users/profile', { name: 'Ира', surname: 'Адресова', settings: { lang: 'ru' } });
    const next = uniqueEmail('moved');
    await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD });
    expect(await mailsTo(email)).toHaveLength(1); // the registration's code only: nothing before the change is confirmed
    await client.post('/api/v1/users/profile/email/verify', { code: await lastCode(next) });
    const notice = await lastMail(email, { count: 2 });
    const t = translator('ru');
    expect(notice.subject).toBe(t('mail.email_changed_subject'));
    expect(notice.text).toContain(`с ${email} на ${next}`);
  });

  it('tells the old address even when its notices for the day are spent (a flood of applications, say)', async () => {
    const { client, email } = await signUp('recruiter');
    // a day's notices used up, as strangers' applications could have done before they had a budget of their own
    await db().query(`insert into rate_limits (key, window_start, count) values ($1, to_timestamp(floor(extract(epoch from now()) / 86400) * 86400), 10000)`, [`mail-to:notice:${email.toLowerCase()}`]);
    const next = uniqueEmail('moved');
    await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD });
    await client.post('/api/v1/users/profile/email/verify', { code: await lastCode(next) });
    const notice = await lastMail(email, { count: 2 });
    expect(notice.subject).toBe(translator('en')('mail.email_changed_subject'));
  });

  it('refuses the same address and a taken one', async () => {
    const { client, email } = await signUp('customer');
    const same = await client.post('/api/v1/users/profile/email', { email, password: PASSWORD });
    expect(same.status).toBe(400);
    expect(same.json.errors).toEqual({ email: 'validation.email_same' });
    const { email: taken } = await signUp('customer');
    const res = await client.post('/api/v1/users/profile/email', { email: taken, password: PASSWORD });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('error.user.email_exists');
  });

  it('a wrong code is refused and changes nothing', async () => {
    const { client, email } = await signUp('customer');
    const next = uniqueEmail('new');
    await client.post('/api/v1/users/profile/email', { email: next, password: PASSWORD });
    const code = await lastCode(next);
    const res = await client.post('/api/v1/users/profile/email/verify', { code: code === '0000' ? '1111' : '0000' });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('error.user.wrong_code');
    expect((await client.get('/api/v1/users/profile')).json.email).toBe(email);
  });

  it('asks for the current password first: a wrong one mails nothing and does not say whether the address is taken (decision 0034)', async () => {
    const { client, user } = await signUp('customer');
    const next = uniqueEmail('thief');
    const wrong = await client.post('/api/v1/users/profile/email', { email: next, password: 'Nope-passw0rd' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ message: 'error.user.wrong_password', errors: { password: 'error.user.wrong_password' } });
    const { email: taken } = await signUp('customer');
    expect((await client.post('/api/v1/users/profile/email', { email: taken, password: 'Nope-passw0rd' })).json.message).toBe('error.user.wrong_password');
    const missing = await client.post('/api/v1/users/profile/email', { email: next });
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toEqual({ password: 'validation.password_required' });
    const codes = await db().query("select count(*)::int as n from email_codes where user_id = $1 and purpose = 'email_change'", [user.id]);
    expect(codes.rows[0].n).toBe(0);
    expect(await mailsTo(next)).toEqual([]);
  });

  it('needs a session; a bad body is a 400', async () => {
    expect((await new Client().post('/api/v1/users/profile/email', { email: uniqueEmail(), password: PASSWORD })).status).toBe(401);
    const { client } = await signUp('customer');
    expect((await client.post('/api/v1/users/profile/email/verify', { code: 'x' })).json.errors).toEqual({ code: 'validation.code_invalid' });
  });
});

describe('PUT /api/v1/users/profile/password', () => {
  it('changes the password and ends the other sessions', async () => {
    const { client, email } = await signUp('company');
    const other = new Client();
    await other.post('/api/v1/auth/email/login', { email, password: PASSWORD });
    const res = await client.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd' });
    expect(res.status).toBe(200);
    expect((await other.post('/api/v1/auth/refresh')).status).toBe(401);
    expect((await client.get('/api/v1/users/profile')).status).toBe(200);
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: 'N3w-Passw0rd' })).status).toBe(200);
  });

  it("says 'Wrong password' for a wrong old one and refuses a weak new one", async () => {
    const { client } = await signUp('company');
    const wrong = await client.put('/api/v1/users/profile/password', { oldPassword: 'Nope-passw0rd', newPassword: 'N3w-Passw0rd' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ message: 'error.user.wrong_password', errors: { oldPassword: 'error.user.wrong_password' } });
    const weak = await client.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.json.errors).toEqual({ newPassword: 'validation.password_weak' });
  });

  it('takes ten tries of the old password in 15 minutes per session, even sent at once, then refuses the right one too', async () => {
    const { client } = await signUp('company');
    const tries = await Promise.all(Array.from({ length: 200 }, () => client.put('/api/v1/users/profile/password', { oldPassword: 'Nope-passw0rd', newPassword: 'N3w-Passw0rd' })));
    const statuses = tries.map((t) => t.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(190);
    const right = await client.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd' });
    expect(right.status).toBe(429);
    // the tries are the session's: the owner, signed in elsewhere, still changes it (and ends the guesser's session)
    const owner = new Client();
    const email = (await client.get('/api/v1/users/profile')).json.email as string;
    const signedIn = await owner.post('/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    owner.token = signedIn.json.accessToken;
    expect((await owner.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd' })).status).toBe(200);
    expect((await client.get('/api/v1/users/profile')).status).toBe(401);
  });

  it('counts only the wrong tries: the owner typing it right spends none', async () => {
    const { client } = await signUp('company');
    const wrong = () => client.put('/api/v1/users/profile/password', { oldPassword: 'Nope-passw0rd', newPassword: 'N3w-Passw0rd' });
    for (let i = 0; i < 9; i++) expect((await wrong()).status).toBe(422);
    for (const [from, to] of [[PASSWORD, 'N3w-Passw0rd'], ['N3w-Passw0rd', PASSWORD], [PASSWORD, 'N3w-Passw0rd']]) {
      expect((await client.put('/api/v1/users/profile/password', { oldPassword: from, newPassword: to })).status).toBe(200);
    }
    expect((await wrong()).status).toBe(422);
    expect((await wrong()).status).toBe(429);
  });

  it('needs a session', async () => {
    expect((await new Client().put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd' })).status).toBe(401);
  });
});

describe('DELETE /api/v1/users/profile', () => {
  it("revokes every session at once; logging in again says 'Account is deleted'", async () => {
    const { client, email, user } = await signUp('company');
    await client.put('/api/v1/users/profile', { name: 'Del', surname: 'Me', companyName: 'Acme' });
    const other = new Client();
    const second = await other.post('/api/v1/auth/email/login', { email, password: PASSWORD });
    const res = await client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect((await other.post('/api/v1/auth/refresh')).status).toBe(401);
    expect((await new Client().get('/api/v1/users/profile', { token: second.json.accessToken })).status).toBe(401);
    const login = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(login.status).toBe(422);
    expect(login.json.message).toBe('error.common.deleted_account');
    const row = await db().query('select name, surname, image, deleted_at from users where id = $1', [user.id]);
    expect(row.rows[0]).toMatchObject({ name: '', surname: '', image: null });
    expect(row.rows[0].deleted_at).not.toBeNull();
  });

  it('asks for the current password: none is a 400, a wrong one a 422, and the account stays (decision 0034)', async () => {
    const { client, email } = await signUp('recruiter');
    const none = await client.request('DELETE', '/api/v1/users/profile');
    expect(none.status).toBe(400);
    expect(none.json.errors).toEqual({ password: 'validation.password_required' });
    const wrong = await client.request('DELETE', '/api/v1/users/profile', { body: { password: 'Nope-passw0rd' } });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ message: 'error.user.wrong_password', errors: { password: 'error.user.wrong_password' } });
    expect((await client.get('/api/v1/users/profile')).status).toBe(200);
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('shares ten tries per session with the password and address changes, however many come at once', async () => {
    const { client, email } = await signUp('customer');
    const wrong = 'Nope-passw0rd';
    const tries = await Promise.all(
      Array.from({ length: 210 }, (_, i) =>
        i % 3 === 0
          ? client.request('DELETE', '/api/v1/users/profile', { body: { password: wrong } })
          : i % 3 === 1
            ? client.post('/api/v1/users/profile/email', { email: uniqueEmail('guess'), password: wrong })
            : client.put('/api/v1/users/profile/password', { oldPassword: wrong, newPassword: 'N3w-Passw0rd' }),
      ),
    );
    const statuses = tries.map((t) => t.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200);
    expect((await client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(429);
    // the guesser's session cannot, the owner signed in elsewhere can
    const owner = new Client();
    owner.token = (await owner.post('/api/v1/auth/email/login', { email, password: PASSWORD })).json.accessToken;
    expect((await owner.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(200);
  });

  it('frees the address for a new registration', async () => {
    const { client, email } = await signUp('customer');
    await client.request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } });
    const again = await new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'customer' });
    expect(again.status).toBe(201);
  });

  it('needs a session', async () => {
    expect((await new Client().request('DELETE', '/api/v1/users/profile', { body: { password: PASSWORD } })).status).toBe(401);
  });
});
