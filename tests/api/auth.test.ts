import { describe, expect, it } from 'vitest';
import { Client, db, lastCode, lastMail, mailsTo, PASSWORD, queueSettled, signUp, uniqueEmail } from '../support/client.ts';

describe('POST /api/v1/auth/email/register', () => {
  it('creates a NOT_VERIFIED user, signs them in and mails a 4-digit code in their language', async () => {
    const client = new Client();
    const email = uniqueEmail();
    const res = await client.post('/api/v1/auth/email/register', { email: email.toUpperCase(), password: PASSWORD, role: 'recruiter', settings: { lang: 'ru' } });
    expect(res.status).toBe(201);
    expect(res.json.accessToken).toEqual(expect.any(String));
    expect(res.json.tokenExpires).toBeGreaterThan(Date.now());
    expect(res.json.user).toMatchObject({ email, role: 2, status: 1, settings: { lang: 'ru' } });
    expect(client.cookies.get('rt')).toBeTruthy();
    const mail = await lastMail(email);
    expect(mail?.subject).toMatch(/^Ваш код подтверждения: \d{4}$/);
    const profile = await client.get('/api/v1/users/profile');
    expect(profile.status).toBe(200);
    expect(profile.json.email).toBe(email);
  });

  it('refuses a taken address with error.user.email_exists', async () => {
    const { email } = await signUp();
    const res = await new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ statusCode: 422, message: 'error.user.email_exists' });
  });

  it('rejects a weak password, a bad email and an unknown role field by field, and creates nobody', async () => {
    const email = 'not-an-email';
    const res = await new Client().post('/api/v1/auth/email/register', { email, password: 'short', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('error.common.invalid_body');
    expect(res.json.errors).toEqual({ email: 'validation.email_invalid', password: 'validation.password_weak', role: 'validation.role_invalid' });
    const rows = await db().query('select count(*)::int as n from users where email = $1', [email]);
    expect(rows.rows[0].n).toBe(0);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await new Client().request('POST', '/api/v1/auth/email/register', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('error.common.invalid_body');
  });
});

describe('POST /api/v1/auth/verify/email', () => {
  it('activates the user with the mailed code and returns them', async () => {
    const { client, email } = await signUp('company', { verify: false });
    const wrong = (await lastCode(email)) === '0000' ? '1111' : '0000';
    const bad = await client.post('/api/v1/auth/verify/email', { email, code: wrong });
    expect(bad.status).toBe(422);
    expect(bad.json.message).toBe('error.user.wrong_code');
    const ok = await client.post('/api/v1/auth/verify/email', { email, code: (await lastCode(email)) });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ email, status: 2 });
  });

  it('stops after five wrong codes with error.user.code_send_max_attempts_reached', async () => {
    const { client, email } = await signUp('company', { verify: false });
    const code = (await lastCode(email));
    const wrong = code === '0000' ? '1111' : '0000';
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) keys.push((await client.post('/api/v1/auth/verify/email', { email, code: wrong })).json.message);
    expect(keys.slice(0, 4)).toEqual(Array(4).fill('error.user.wrong_code'));
    expect(keys[4]).toBe('error.user.code_send_max_attempts_reached');
    const late = await client.post('/api/v1/auth/verify/email', { email, code });
    expect(late.json.message).toBe('error.user.code_send_max_attempts_reached');
  });

  it('rejects a code that is not 4 digits', async () => {
    const res = await new Client().post('/api/v1/auth/verify/email', { email: uniqueEmail(), code: '12a' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ code: 'validation.code_invalid' });
  });
});

describe('POST /api/v1/auth/verify/email/resend', () => {
  it('mails a new code that replaces the old one once it is sent, and limits the sends', async () => {
    const { client, email } = await signUp('customer', { verify: false });
    const first = await lastCode(email);
    const answers: { status: number; message?: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await client.post('/api/v1/auth/verify/email/resend', { email, settings: { lang: 'en' } });
      answers.push({ status: res.status, message: res.json.message });
    }
    // five resends fit in the hour, counted apart from the registration's mail; the sixth is refused
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.message).toBe('error.user.email_send_max_attempts_reached');
    await queueSettled();
    // resends that found the previous mail still waiting replaced it: at least one more mail
    const mails = await mailsTo(email);
    expect(mails.length).toBeGreaterThan(1);
    const code = /\b(\d{4})\b/.exec(mails.at(-1)!.subject ?? '')![1]!;
    if (code !== first) {
      const old = await client.post('/api/v1/auth/verify/email', { email, code: first });
      expect(old.json.message).toBe('error.user.wrong_code');
    }
    const ok = await client.post('/api/v1/auth/verify/email', { email, code });
    expect(ok.status).toBe(200);
  });

  it('answers alike for an unknown, a confirmed and an unconfirmed address, and mails only the last', async () => {
    const unknown = uniqueEmail('nobody');
    const { email: confirmed } = await signUp('company');
    const { email: waiting } = await signUp('company', { verify: false });
    await lastMail(waiting);
    const answers = [];
    for (const email of [unknown, confirmed, waiting]) {
      const res = await new Client().post('/api/v1/auth/verify/email/resend', { email, settings: { lang: 'en' } });
      answers.push({ status: res.status, body: res.json });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, body: { sent: true } }));
    await lastMail(waiting, { count: 2 });
    await queueSettled();
    expect(await mailsTo(unknown)).toHaveLength(0);
    expect(await mailsTo(confirmed)).toHaveLength(1);
  });

  it('counts the same hourly limit for an address whether or not it has an account', async () => {
    const unknown = uniqueEmail('nobody');
    const { email: waiting } = await signUp('company', { verify: false });
    const limits = async (email: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await new Client().post('/api/v1/auth/verify/email/resend', { email })).status);
      return statuses;
    };
    expect(await limits(unknown)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await limits(waiting)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/v1/auth/email/login', () => {
  it('returns accessToken and tokenExpires and sets the refresh cookie', async () => {
    const { email } = await signUp();
    const client = new Client();
    const res = await client.post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ accessToken: expect.any(String), tokenExpires: expect.any(Number) });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('rt='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    // without "remember" the cookie ends with the browser session
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
    const remembered = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(remembered.headers.getSetCookie().find((c) => c.startsWith('rt='))).toMatch(/Max-Age=2592000/);
  });

  it('says error.common.wrong_email_or_password for a wrong password and for an unknown address', async () => {
    const { email } = await signUp();
    const wrong = await new Client().post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.message).toBe('error.common.wrong_email_or_password');
    const unknown = await new Client().post('/api/v1/auth/email/login', { email: uniqueEmail(), password: PASSWORD });
    expect(unknown.json.message).toBe('error.common.wrong_email_or_password');
  });

  it('limits attempts per address from one client, without locking the owner out elsewhere', async () => {
    const { email } = await signUp();
    const stranger = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await stranger.post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect((await stranger.post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(429);
    // the owner, at another address, still signs in with the right password
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('does not count a right password: signing in again and again from one client never locks the person out, and wrong ones still do', async () => {
    const { email } = await signUp();
    const office = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await office.post('/api/v1/auth/email/login', { email, password: PASSWORD })).status);
    expect(statuses).toEqual(Array(15).fill(200));
    const wrong: number[] = [];
    for (let i = 0; i < 11; i++) wrong.push((await office.post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' })).status);
    expect(wrong).toEqual([...Array(10).fill(422), 429]);
  });

  it('caps guesses at one address from many clients at once, and not the browser that signed in before (decision 0034)', async () => {
    const { client: owner, email } = await signUp();
    expect(owner.cookies.get('dv')).toEqual(expect.any(String));
    const guesses = await Promise.all(Array.from({ length: 200 }, () => new Client().post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' })));
    expect(guesses.filter((g) => g.status === 422)).toHaveLength(20);
    const refused = guesses.filter((g) => g.status === 429);
    expect(refused).toHaveLength(180);
    expect(refused.every((g) => g.json.message === 'error.user.login_guarded')).toBe(true);
    // a browser new to the address waits, even with the right password
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD })).json.message).toBe('error.user.login_guarded');
    // as does one that signed in to another address, or carries a made-up cookie
    const { client: elsewhere } = await signUp();
    expect((await elsewhere.post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(429);
    const forger = new Client();
    forger.cookies.set('dv', `${owner.cookies.get('dv')!.split('.')[0]}.${'A'.repeat(43)}`);
    expect((await forger.post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(429);
    // the owner's browser signs in
    expect((await owner.post('/api/v1/auth/email/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('remembers a browser only with "remember me", and forgets every one when the password changes', async () => {
    const { client: owner, email } = await signUp();
    const shared = new Client();
    expect((await shared.post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false })).status).toBe(200);
    expect(shared.cookies.has('dv')).toBe(false);
    // someone who signed in once, before the password changed, and kept the cookie
    const former = new Client();
    await former.post('/api/v1/auth/email/login', { email, password: PASSWORD });
    const kept = former.cookies.get('dv')!;
    const before = owner.cookies.get('dv');
    expect((await owner.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'N3w-Passw0rd' })).status).toBe(200);
    // the browser that changed it is known under the new password, with a new cookie
    expect(owner.cookies.get('dv')).not.toBe(before);
    for (let i = 0; i < 20; i++) await new Client().post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' });
    const stale = new Client();
    stale.cookies.set('dv', kept);
    expect((await stale.post('/api/v1/auth/email/login', { email, password: 'Wrong-passw0rd' })).json.message).toBe('error.user.login_guarded');
    expect((await owner.post('/api/v1/auth/email/login', { email, password: 'N3w-Passw0rd' })).status).toBe(200);
  });

  it('counts an IPv6 client by its /64: hopping addresses inside it is one client', async () => {
    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    const statuses: number[] = [];
    for (let i = 0; i < 55; i++) {
      const hopper = new Client(undefined, { ip: `${prefix}:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}` });
      statuses.push((await hopper.post('/api/v1/auth/email/login', { email: uniqueEmail('nobody'), password: 'Wrong-passw0rd' })).status);
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(50);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    // the next /64 is another client
    expect((await new Client(undefined, { ip: `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:2::1` }).post('/api/v1/auth/email/login', { email: uniqueEmail('nobody'), password: 'Wrong-passw0rd' })).status).toBe(422);
  });

  it('slows one client that tries many addresses', async () => {
    const flood = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await flood.post('/api/v1/auth/email/login', { email: uniqueEmail('nobody'), password: 'Wrong-passw0rd' })).status);
    expect(statuses.slice(0, 50).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(50).every((s) => s === 429)).toBe(true);
    expect((await new Client().post('/api/v1/auth/email/login', { email: uniqueEmail('nobody'), password: 'Wrong-passw0rd' })).status).toBe(422);
  });

  it('refuses a login sent from another site (login CSRF)', async () => {
    const { email } = await signUp();
    const foreign = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD }, { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe('error.common.bad_origin');
    expect(foreign.headers.getSetCookie()).toEqual([]);
    const fetchMeta = await new Client().request('POST', '/api/v1/auth/email/login', { body: { email, password: PASSWORD }, headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expect(fetchMeta.status).toBe(403);
    // a sandboxed frame on another site hides its origin as "null", but not where it comes from
    const hidden = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD }, { headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } });
    expect(hidden.status).toBe(403);
    // our own no-referrer page (the consent page) posts with Origin: null from the same origin
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD }, { headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } })).status).toBe(200);
    // a client that is not a browser sends no Origin and signs in
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD }, { headers: { origin: '' } })).status).toBe(200);
  });
});

describe('POST /api/v1/auth/refresh and /auth/logout', () => {
  it('rotates the refresh cookie and issues a new token', async () => {
    const { client } = await signUp();
    const before = client.cookies.get('rt');
    const res = await client.post('/api/v1/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.json.accessToken).toEqual(expect.any(String));
    expect(client.cookies.get('rt')).not.toBe(before);
    const profile = await client.get('/api/v1/users/profile', { token: res.json.accessToken });
    expect(profile.status).toBe(200);
  });

  it('answers 401 without a cookie', async () => {
    const res = await new Client().post('/api/v1/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.json.message).toBe('error.common.unauthorized');
  });

  it('logout revokes the session: the cookie and the token stop working', async () => {
    const { client } = await signUp();
    const cookie = client.cookies.get('rt')!;
    const token = client.token!;
    expect((await client.post('/api/v1/auth/logout')).status).toBe(200);
    const replay = new Client();
    replay.cookies.set('rt', cookie);
    expect((await replay.post('/api/v1/auth/refresh')).status).toBe(401);
    expect((await new Client().get('/api/v1/users/profile', { token })).status).toBe(401);
  });

  it('refuses a cookie-authenticated change from another origin', async () => {
    const { client } = await signUp();
    const res = await client.post('/api/v1/auth/logout', undefined, { token: null, headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('error.common.bad_origin');
  });
});

describe('POST /logout (the menu\'s plain form)', () => {
  it('ends the session and goes home in the page\'s language; from another site it is refused', async () => {
    const { client } = await signUp('company');
    const foreign = await client.request('POST', '/logout', { headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect((await client.get('/api/v1/users/profile')).status).toBe(200);
    const out = await client.request('POST', '/ru/logout');
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/ru');
    expect((await client.get('/api/v1/users/profile')).status).toBe(401);
    expect((await client.post('/api/v1/auth/refresh', {})).status).toBe(401);
    // without a session it only goes home
    expect((await new Client().request('POST', '/logout')).status).toBe(303);
  });
});

describe('GET /api/v1/users/profile', () => {
  it('returns every field of the User entity', async () => {
    const { client, email } = await signUp('company');
    const res = await client.get('/api/v1/users/profile');
    expect(Object.keys(res.json).sort()).toEqual(
      ['companyName', 'createdAt', 'email', 'id', 'image', 'inviteUser', 'name', 'resume', 'role', 'settings', 'status', 'surname', 'unreadMessage'].sort(),
    );
    expect(res.json).toMatchObject({ email, role: 1, status: 2, settings: { lang: 'en' }, unreadMessage: 0 });
  });

  it('answers 401 without a session and for a forged token', async () => {
    expect((await new Client().get('/api/v1/users/profile')).status).toBe(401);
    const forged = await new Client().get('/api/v1/users/profile', { token: 'eyJzdWIiOiJ4In0.bad' });
    expect(forged.status).toBe(401);
  });
});

describe('the API in general', () => {
  it('answers an unknown path with a JSON 404', async () => {
    const res = await new Client().get('/api/v1/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ statusCode: 404, message: 'error.common.not_found' });
  });

  it('answers an unsupported method in the same JSON shape', async () => {
    const res = await new Client().request('DELETE', '/api/v1/auth/email/login');
    expect([404, 405]).toContain(res.status);
    expect(res.json.statusCode).toBe(res.status);
    expect(res.json.message).toMatch(/^error\.common\./);
  });
});
