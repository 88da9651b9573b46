import { describe, expect, it } from 'vitest';
import { Client, signUp } from '../support/client.ts';
import { inviteAndRegister } from '../support/spaces.ts';

/** Page requests as a browser makes them: the refresh cookie is the session. */
const page = (client: Client, path: string) => client.get(path, { token: null });

describe('the route guard (SPEC.md §2)', () => {
  it('sends a visitor without a session to login with the original location, in both languages', async () => {
    const visitor = new Client();
    for (const [path, target] of [
      ['/profile', '/auth/login?from=%2Fprofile'],
      ['/recruiter?period=week', '/auth/login?from=%2Frecruiter%3Fperiod%3Dweek'],
      ['/ru/chats', '/ru/auth/login?from=%2Fchats'],
    ] as const) {
      const res = await page(visitor, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(target);
    }
    for (const open of ['/', '/ru', '/auth/login', '/ru/auth/register', '/verify/pd', '/error', '/ru/error']) {
      expect((await page(visitor, open)).status, open).toBe(200);
    }
  });

  it('sends an unverified user to the code step, and a verified one away from the auth pages', async () => {
    const { client } = await signUp('company', { verify: false });
    const res = await page(client, '/ru/profile');
    expect(res.headers.get('location')).toBe('/ru/auth/register/verify');
    expect((await page(client, '/auth/register/verify')).status).toBe(200);
    const verified = await signUp('company');
    expect((await page(verified.client, '/auth/login')).headers.get('location')).toBe('/profile');
    expect((await page(verified.client, '/ru/auth/register')).headers.get('location')).toBe('/ru/profile');
    expect((await page(verified.client, '/auth/register/verify')).headers.get('location')).toBe('/profile');
    expect((await page(verified.client, '/auth/register/profile')).status).toBe(200);
  });

  it('sends a role that is not allowed to the profile: customers stay out of the recruiter area', async () => {
    const company = await signUp('company');
    const customer = await inviteAndRegister(company.client, 'customer');
    for (const path of ['/recruiter', '/recruiter/vacancy/add', '/ru/recruiter', '/vacancy/candidates-all/00000000-0000-4000-8000-000000000000']) {
      const res = await page(customer.client, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(path.startsWith('/ru') ? '/ru/profile' : '/profile');
    }
    expect((await page(company.client, '/recruiter')).status).toBe(200);
    expect((await page(customer.client, '/chats')).status).toBe(200);
  });

  it('?lng= opens the same page in that language, keeping the rest of the query', async () => {
    const visitor = new Client();
    const res = await page(visitor, '/auth/register?email=a%40b.cc&lng=ru');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ru/auth/register?email=a%40b.cc');
    expect((await page(visitor, '/ru/auth/login?lng=en')).headers.get('location')).toBe('/auth/login');
  });

  it('answers an unknown page with the localized 404 for a signed-in user', async () => {
    const { client } = await signUp('company');
    const en = await page(client, '/no/such/page');
    expect(en.status).toBe(404);
    expect(en.text).toContain('Page not found');
    const ru = await page(client, '/ru/no/such/page');
    expect(ru.status).toBe(404);
    expect(ru.text).toContain('Страница не найдена');
  });
});
