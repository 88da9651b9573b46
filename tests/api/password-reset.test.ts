import { describe, expect, it } from 'vitest';
import { Client, db, lastMail, mailsTo, PASSWORD, queueSettled, signUp, uniqueEmail } from '../support/client.ts';

const NEW_PASSWORD = 'Fresh-Start-2026!';

/** Asks for a reset link and reads it from the mail: the page's address and its token. */
async function resetLink(email: string, lang = 'en', count = 1) {
  const asked = await new Client().post('/api/v1/auth/password/forgot', { email, settings: { lang } });
  expect(asked.status).toBe(200);
  const mail = await lastMail(email, { count, match: (m) => /password|пароль/i.test(m.subject ?? '') });
  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
  return { mail, link, token: link.searchParams.get('token')! };
}

describe('POST /api/v1/auth/password/forgot and /reset', () => {
  it('mails a link in the page’s language; the link sets a new password once and ends every session', async () => {
    const { client, email } = await signUp('recruiter');
    const { mail, link, token } = await resetLink(email, 'ru');
    expect(mail.subject).toBe('Новый пароль для Recruit');
    expect(link.pathname).toBe('/ru/auth/reset');
    expect(link.searchParams.get('email')).toBe(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // the link's page opens for a guest, and in a browser signed in to the account
    for (const browser of [new Client(), client]) {
      const page = await browser.get(`${link.pathname}${link.search}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Новый пароль');
    }

    const reset = await new Client().post('/api/v1/auth/password/reset', { email, token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    // the session signed in with the old password is over
    expect((await client.post('/api/v1/auth/refresh')).status).toBe(401);
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: true })).json.message).toBe('error.common.wrong_email_or_password');
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: NEW_PASSWORD, remember: true })).status).toBe(200);
    // a used link does not work again
    const again = await new Client().post('/api/v1/auth/password/reset', { email, token, password: PASSWORD });
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ message: 'error.user.reset_link_invalid', errors: { token: 'error.user.reset_link_invalid' } });
  });

  it('answers alike for an unknown address and a real one, and mails only the real one', async () => {
    const unknown = uniqueEmail('nobody');
    const { email } = await signUp('customer');
    const answers = [];
    for (const address of [unknown, email]) answers.push((await new Client().post('/api/v1/auth/password/forgot', { email: address })).json);
    expect(answers).toEqual([{ sent: true }, { sent: true }]);
    await lastMail(email, { count: 2 });
    await queueSettled();
    expect(await mailsTo(unknown)).toHaveLength(0);
    // and a guess at an unknown address's link answers as a wrong token does
    const guess = await new Client().post('/api/v1/auth/password/reset', { email: unknown, token: 'a'.repeat(43), password: NEW_PASSWORD });
    expect(guess.status).toBe(422);
    expect(guess.json.message).toBe('error.user.reset_link_invalid');
  });

  it('limits the links to five an hour per address, known or not', async () => {
    for (const email of [uniqueEmail('nobody'), (await signUp('company')).email]) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await new Client().post('/api/v1/auth/password/forgot', { email })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
  });

  it('keeps the link and the password when the new password is refused, a wrong token is sent or the link expired', async () => {
    const { email } = await signUp('company');
    const { token } = await resetLink(email);
    const weak = await new Client().post('/api/v1/auth/password/reset', { email, token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.errors).toEqual({ password: 'validation.password_weak' });
    // wrong tokens, however many, neither work nor spend the link (a stranger knowing the address
    // could otherwise use up the owner's)
    for (let i = 0; i < 8; i++) {
      const wrong = await new Client().post('/api/v1/auth/password/reset', { email, token: `${'A'.repeat(42)}${i}`, password: NEW_PASSWORD });
      expect(wrong.status).toBe(422);
    }
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false })).status).toBe(200);
    const live = await db().query(`select count(*)::int as n from email_codes where purpose = 'password_reset' and used_at is null and user_id = (select id from users where email = $1)`, [email]);
    expect(live.rows[0].n).toBe(1);
    // expired: the same token an hour and a second later
    await db().query(`update email_codes set expires_at = now() - interval '1 second' where purpose = 'password_reset' and user_id = (select id from users where email = $1)`, [email]);
    const late = await new Client().post('/api/v1/auth/password/reset', { email, token, password: NEW_PASSWORD });
    expect(late.status).toBe(422);
    expect(late.json.message).toBe('error.user.reset_link_invalid');
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false })).status).toBe(200);
  });

  it('lets exactly one of 100 concurrent resets with the right token through', async () => {
    const { email } = await signUp('recruiter');
    const { token } = await resetLink(email);
    const passwords = Array.from({ length: 100 }, (_, i) => `Racer-${i}-Pass!`);
    const answers = await Promise.all(passwords.map((password) => new Client().post('/api/v1/auth/password/reset', { email, token, password })));
    const won = answers.flatMap((a, i) => (a.status === 200 ? [passwords[i]!] : []));
    expect(won).toHaveLength(1);
    // the others were refused, by the used token or by the checks' limit, never with a 500
    expect(answers.filter((a) => a.status !== 200 && a.status !== 422 && a.status !== 429).map((a) => [a.status, a.json?.message]).slice(0, 3)).toEqual([]);
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: won[0], remember: false })).status).toBe(200);
  });

  it('never lets a newer link’s predecessor work, and refuses odd tokens as a 400', async () => {
    const { email } = await signUp('customer');
    const first = await resetLink(email, 'en', 1);
    const second = await resetLink(email, 'en', 2);
    expect(second.token).not.toBe(first.token);
    expect((await new Client().post('/api/v1/auth/password/reset', { email, token: first.token, password: NEW_PASSWORD })).status).toBe(422);
    for (const token of ['', 'x', 'a'.repeat(42) + '\0', 'ä'.repeat(43), 'a'.repeat(10_000)]) {
      const res = await new Client().post('/api/v1/auth/password/reset', { email, token, password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json.errors.token).toBe('error.user.reset_link_invalid');
    }
    expect((await new Client().post('/api/v1/auth/password/reset', { email, token: second.token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('stops a link once the account moved to another address, or its password was changed meanwhile', async () => {
    const { client, email } = await signUp('customer');
    const old = await resetLink(email);
    const moved = uniqueEmail('moved');
    expect((await client.post('/api/v1/users/profile/email', { email: moved, password: PASSWORD })).status).toBe(200);
    const code = /\b(\d{4})\b/.exec((await lastMail(moved)).subject ?? '')![1]!;
    expect((await client.post('/api/v1/users/profile/email/verify', { code })).status).toBe(200);
    // whoever still reads the old mailbox cannot take the account back with the link
    for (const address of [moved, email]) {
      const res = await new Client().post('/api/v1/auth/password/reset', { email: address, token: old.token, password: NEW_PASSWORD });
      expect(res.status).toBe(422);
    }
    // a link to the new address, then the password changed by the signed-in owner: the link is void
    const fresh = await resetLink(moved);
    expect((await client.put('/api/v1/users/profile/password', { oldPassword: PASSWORD, newPassword: 'Chosen-Now-2026!' })).status).toBe(200);
    expect((await new Client().post('/api/v1/auth/password/reset', { email: moved, token: fresh.token, password: NEW_PASSWORD })).status).toBe(422);
    expect((await new Client().post('/api/v1/auth/email/login', { email: moved, password: 'Chosen-Now-2026!', remember: false })).status).toBe(200);
  });

  it('leaves one live link after a burst of requests, however they overlap', async () => {
    const { email } = await signUp('recruiter');
    const answers = await Promise.all(Array.from({ length: 40 }, () => new Client().post('/api/v1/auth/password/forgot', { email })));
    expect(answers.filter((a) => a.status === 200).length).toBe(5);
    await queueSettled();
    const live = await db().query(`select count(*)::int as n from email_codes where purpose = 'password_reset' and used_at is null and user_id = (select id from users where email = $1)`, [email]);
    expect(live.rows[0].n).toBe(1);
  });

  it("lets the owner in after a reset, though strangers had spent the address's wrong passwords", async () => {
    const { email } = await signUp('company');
    const guarded = [];
    for (let i = 0; i < 21; i++) guarded.push((await new Client().post('/api/v1/auth/email/login', { email, password: 'Wrong-Guess-1!', remember: false })).json.message);
    expect(guarded.at(-1)).toBe('error.user.login_guarded');
    const { token } = await resetLink(email);
    expect((await new Client().post('/api/v1/auth/password/reset', { email, token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await new Client().post('/api/v1/auth/email/login', { email, password: NEW_PASSWORD, remember: false })).status).toBe(200);
  });

  it('serves the link\'s page as a secret link, and shows no form for what is not a link', async () => {
    const { email } = await signUp('company');
    const { link } = await resetLink(email);
    const page = await new Client().get(`${link.pathname}${link.search}`);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain(`For ${email}.`);
    for (const query of ['', '?email=x', `?email=${encodeURIComponent('Your account is suspended. Call +1-555-0100')}&token=${'a'.repeat(43)}`, `?email=a%00b%40c.de&token=${'a'.repeat(43)}`, `?email=${encodeURIComponent(email)}&token=short`]) {
      const odd = await new Client().get(`/auth/reset${query}`);
      expect(odd.status, query).toBe(200);
      expect(odd.text).toContain('This page opens from the link in the mail we send');
      expect(odd.text).not.toContain('For Your account');
      expect(odd.text).not.toContain('\u0000');
      expect(odd.text).not.toContain('<astro-island');
    }
  });

  it('slows a client sending wrong links, but never refuses a right one (strangers may share the owner\'s address)', async () => {
    const { email } = await signUp('customer');
    const { token } = await resetLink(email);
    const office = () => new Client(undefined, { ip: '10.77.0.5' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await office().post('/api/v1/auth/password/reset', { email: uniqueEmail('nobody'), token: 'B'.repeat(43), password: NEW_PASSWORD })).status);
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await office().post('/api/v1/auth/password/reset', { email, token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('races a reset against the owner\'s own password change without an error: one order or the other', async () => {
    const { client, email } = await signUp('recruiter');
    let current = PASSWORD;
    for (let round = 0; round < 5; round++) {
      const { token } = await resetLink(email, 'en', round + 1);
      const [reset, changed] = await Promise.all([
        new Client().post('/api/v1/auth/password/reset', { email, token, password: `Reset-${round}-Pass!` }),
        client.put('/api/v1/users/profile/password', { oldPassword: current, newPassword: `Change-${round}-Pass!` }),
      ]);
      expect([200, 422]).toContain(reset.status);
      expect([200, 401]).toContain(changed.status);
      // whichever committed last holds: one of the two passwords signs in, and the next round goes on from it
      const works = async (password: string) => (await new Client().post('/api/v1/auth/email/login', { email, password, remember: false })).status === 200;
      current = (await works(`Change-${round}-Pass!`)) ? `Change-${round}-Pass!` : `Reset-${round}-Pass!`;
      const again = await client.post('/api/v1/auth/email/login', { email, password: current, remember: false });
      expect(again.status).toBe(200);
      client.token = again.json.accessToken;
    }
  });
});
