/**
 * The attacks of the security review (issue 9), each reproduced: they must fail. Concurrency
 * tests really send their requests at once, from separate clients on separate connections.
 */
import { describe, expect, it } from 'vitest';
import { Client, db, lastCode, PASSWORD, signUp, uniqueEmail } from '../support/client.ts';

/** `n` distinct wrong 4-digit codes. */
function wrongCodes(right: string, n: number): string[] {
  const codes: string[] = [];
  for (let i = 0; codes.length < n; i++) {
    const code = String(i).padStart(4, '0');
    if (code !== right) codes.push(code);
  }
  return codes;
}

describe('the 4-digit code cannot be raced', () => {
  it('300 concurrent wrong guesses at auth/verify/email: at most 5 compared, then the right code is refused', async () => {
    const { email } = await signUp('company', { verify: false });
    const code = await lastCode(email);
    const answers = await Promise.all(wrongCodes(code, 300).map((guess) => new Client().post('/api/v1/auth/verify/email', { email, code: guess })));
    const keys = answers.map((a) => a.json.message);
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    // a compared guess answers wrong_code (1st–4th) or spent (5th); every later one only spent or 429
    expect(keys.filter((k) => k === 'error.user.wrong_code').length).toBeLessThanOrEqual(4);
    const attempts = await db().query(`select attempts from email_codes c join users u on u.id = c.user_id where u.email = $1 and c.purpose = 'verify'`, [email]);
    expect(attempts.rows.map((r) => r.attempts)).toEqual([5]);
    // the right code now meets a spent code, or the address's own limit: refused either way
    const late = await new Client().post('/api/v1/auth/verify/email', { email, code });
    expect([422, 429]).toContain(late.status);
    expect(['error.user.code_send_max_attempts_reached', 'error.common.too_many_requests']).toContain(late.json.message);
    const status = await db().query('select status from users where email = $1', [email]);
    expect(status.rows[0].status).toBe(1);
  });

  it('the same holds for users/profile/email/verify', async () => {
    const { client } = await signUp('company');
    const next = uniqueEmail('next');
    expect((await client.post('/api/v1/users/profile/email', { email: next })).status).toBe(200);
    const code = await lastCode(next);
    const answers = await Promise.all(wrongCodes(code, 300).map((guess) => client.post('/api/v1/users/profile/email/verify', { code: guess })));
    expect(answers.every((a) => a.status === 422 || a.status === 429)).toBe(true);
    expect(answers.filter((a) => a.json.message === 'error.user.wrong_code').length).toBeLessThanOrEqual(4);
    const late = await client.post('/api/v1/users/profile/email/verify', { code });
    expect([422, 429]).toContain(late.status);
    expect((await client.get('/api/v1/users/profile')).json.email).not.toBe(next);
  });

  it('limits code checks per address and per client, whatever the code', async () => {
    const { email } = await signUp('company', { verify: false });
    const one = new Client();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await new Client().post('/api/v1/auth/verify/email', { email, code: '0000' })).status);
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
    // one client across many addresses
    const fromOne: number[] = [];
    for (let i = 0; i < 61; i++) fromOne.push((await one.post('/api/v1/auth/verify/email', { email: uniqueEmail('x'), code: '0000' })).status);
    expect(fromOne.slice(0, 60).every((s) => s === 422)).toBe(true);
    expect(fromOne[60]).toBe(429);
  });
});

describe('auth/verify/email leaks nothing', () => {
  it('answers a verified address exactly as a wrong code, whatever the code', async () => {
    const { email } = await signUp('company');
    const verified = await new Client().post('/api/v1/auth/verify/email', { email, code: '1234' });
    const unknown = await new Client().post('/api/v1/auth/verify/email', { email: uniqueEmail(), code: '1234' });
    expect(verified.status).toBe(422);
    expect(verified.json).toEqual({ statusCode: 422, message: 'error.user.wrong_code', errors: { code: 'error.user.wrong_code' } });
    expect(unknown.json).toEqual(verified.json);
  });
});

describe('concurrent registration of one address', () => {
  it('gives one 201 and a 4xx to every other', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(Array.from({ length: 30 }, () => new Client().post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 400 && s < 500)).toHaveLength(29);
    const users = await db().query('select count(*)::int as n from users where email = $1', [email]);
    expect(users.rows[0].n).toBe(1);
  });
});

describe('headers', () => {
  it('pages carry a CSP without unsafe-inline scripts, frame-ancestors none, nosniff and a referrer policy', async () => {
    const res = await new Client().get('/auth/login');
    const csp = res.headers.get('content-security-policy') ?? '';
    const script = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(script).toContain("'self'");
    expect(script).not.toContain('unsafe-inline');
    expect(script).toMatch(/'sha256-/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('every kind of answer says nosniff: API, files, health, errors', async () => {
    const c = new Client();
    for (const path of ['/api/v1/vacancy/soft-skills', '/api/v1/nope', '/favicon.svg', '/healthz', '/no-such-page']) {
      const res = await c.get(path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('pages with personal data are never cached; a public page may be', async () => {
    const { client } = await signUp('company');
    expect((await client.get('/profile')).headers.get('cache-control')).toBe('no-store');
    expect((await new Client().get('/verify/pd?token=abc')).headers.get('cache-control')).toBe('no-store');
    expect((await new Client().get('/')).headers.get('cache-control')).not.toBe('no-store');
  });
});
