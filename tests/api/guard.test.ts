import { describe, expect, it } from 'vitest';
import { translator } from '../../src/lib/i18n/messages.ts';
import { Client, mailsTo, PASSWORD, signUp, uniqueEmail } from '../support/client.ts';
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

  it('greets a guest in the language their browser asks for on the pages a newcomer starts from, until they choose one', async () => {
    const russian = { 'accept-language': 'ru-RU,ru;q=0.9,en-US;q=0.8' };
    const guest = new Client();
    const home = await guest.get('/', { token: null, headers: russian });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/ru');
    expect((await guest.get('/auth/login?from=%2Fprofile', { token: null, headers: russian })).headers.get('location')).toBe('/ru/auth/login?from=%2Fprofile');
    expect((await guest.get('/auth/register', { token: null, headers: russian })).headers.get('location')).toBe('/ru/auth/register');
    // so does a careers page, where strangers arrive from a job board's link
    expect((await guest.get('/jobs/acme-works?utm=board', { token: null, headers: russian })).headers.get('location')).toBe('/ru/jobs/acme-works?utm=board');
    expect((await guest.get('/jobs/acme-works', { token: null, headers: { 'accept-language': 'en' } })).headers.get('location')).toBeNull();
    // a page reached by a link keeps the link's language
    for (const open of ['/verify/pd', '/error']) expect((await guest.get(open, { token: null, headers: russian })).status, open).toBe(200);
    // English asked, or nothing: English
    const english = await guest.get('/', { token: null, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(english.status).toBe(200);
    expect(english.headers.get('vary')).toMatch(/Accept-Language/i);
    expect((await new Client().get('/', { token: null })).status).toBe(200);
    // the switcher's choice wins over the browser's from then on: its links go through ?lng=
    const landing = (await guest.get('/ru', { token: null, headers: russian })).text;
    expect(landing).toContain('href="/?lng=en"');
    expect((await guest.get('/ru/auth/login', { token: null, headers: russian })).text).toContain('href="/auth/login?lng=en"');
    const chose = await guest.get('/?lng=en', { token: null, headers: russian });
    expect(chose.headers.get('location')).toBe('/');
    expect(guest.cookies.get('lng')).toBe('en');
    expect((await guest.get('/', { token: null, headers: russian })).status).toBe(200);
    expect((await guest.get('/auth/login', { token: null, headers: russian })).status).toBe(200);
  });

  it("tells an invited newcomer on every registration step that the role comes with the invite", async () => {
    const { client: company } = await signUp('company');
    const email = uniqueEmail('recruiter');
    expect((await company.post('/api/v1/users/invite', { email, name: 'Rita', surname: 'Recruiter', role: 'recruiter' })).status).toBe(201);
    const invited = new Client();
    expect((await invited.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'recruiter' })).status).toBe(201);
    const invitedText = 'the role and the company come with the invite';
    expect((await page(invited, '/auth/register/verify')).text).toContain(invitedText);
    const own = await signUp('company', { verify: false });
    const verify = (await page(own.client, '/auth/register/verify')).text;
    expect(verify).not.toContain(invitedText);
    expect(verify).toContain('Pick your role');
  });

  it('carries a language chosen with the switcher before signing in into the account, once', async () => {
    const { email } = await signUp('company', { lang: 'ru' });
    const guest = new Client();
    expect((await guest.get('/ru/auth/login?lng=en', { token: null })).headers.get('location')).toBe('/auth/login');
    expect(guest.cookies.get('lng')).toBe('en');
    const signedIn = await guest.post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false });
    expect(signedIn.status, signedIn.text).toBe(200);
    // the login form goes on in the answer's language: the one chosen on its page
    expect(signedIn.json.user.settings.lang).toBe('en');
    expect(guest.cookies.has('lng')).toBe(false);
    guest.token = signedIn.json.accessToken;
    expect((await guest.get('/api/v1/users/profile')).json.settings.lang).toBe('en');
    // the account's language, changed elsewhere since, is not undone by the next sign-in here
    expect((await guest.get('/ru/profile?lng=ru')).status).toBe(302);
    const again = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false });
    expect(again.json.user.settings.lang).toBe('ru');
    // without a choice the account's language stands
    const plain = await new Client().post('/api/v1/auth/email/login', { email, password: PASSWORD, remember: false });
    expect(plain.json.user.settings.lang).toBe('ru');
  });

  it('sends an unverified user to the code step, and a verified one away from the auth pages to their home', async () => {
    const { client } = await signUp('company', { verify: false });
    const res = await page(client, '/ru/profile');
    expect(res.headers.get('location')).toBe('/ru/auth/register/verify');
    expect((await page(client, '/auth/register/verify')).status).toBe(200);
    const verified = await signUp('company', { profile: false });
    // registration's third step is not skipped by typing another address (or by signing in again)
    for (const [path, to] of [['/recruiter', '/auth/register/profile'], ['/ru/candidates', '/ru/auth/register/profile'], ['/profile', '/auth/register/profile'], ['/chats', '/auth/register/profile'], ['/auth/login', '/auth/register/profile'], ['/', '/auth/register/profile'], ['/auth/register/verify', '/auth/register/profile']]) {
      expect((await page(verified.client, path)).headers.get('location'), path).toBe(to);
    }
    expect((await page(verified.client, '/auth/register/profile')).status).toBe(200);
    // nor through the API, where what it did would show others a blank for its author
    const invite = { email: uniqueEmail('nameless'), name: 'Rita', surname: 'Recruiter', role: 'recruiter' };
    for (const [method, path, body] of [['POST', '/api/v1/users/invite', invite], ['POST', '/api/v1/help', { title: 'other', description: 'Hello' }], ['POST', '/api/v1/vacancy', {}]] as const) {
      const refused = await verified.client.request(method, path, { body });
      expect(refused.status, path).toBe(403);
      expect(refused.json.message).toBe('error.user.profile_unfinished');
    }
    expect((await verified.client.get('/api/v1/users/invite')).status).toBe(200);
    expect(await mailsTo(invite.email)).toHaveLength(0);
    // a name without the company's is not enough for a company
    expect((await verified.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner' })).status).toBe(400);
    expect((await page(verified.client, '/recruiter')).headers.get('location')).toBe('/auth/register/profile');
    expect((await verified.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', companyName: 'Acme' })).status).toBe(200);
    expect((await page(verified.client, '/recruiter')).status).toBe(200);
    // a team of one has nobody to write to yet: the chats say who will be there, and where to invite them
    const lonely = await page(verified.client, '/ru/chats');
    expect(lonely.text).toContain(translator('ru')('chat.nobody'));
    expect(lonely.text).toContain(`href="/ru/profile#invites-recruiter">${translator('ru')('chat.invite')}</a>`);
    // and its dashboard, with no registered customer, says a vacancy needs one and where to invite them
    const first = await page(verified.client, '/ru/recruiter');
    expect(first.text).toContain(translator('ru')('dashboard.need_customer'));
    expect(first.text).toContain(`href="/ru/profile#invites-customer">${translator('ru')('dashboard.invite_customer')}</a>`);
    expect((await verified.client.post('/api/v1/users/invite', invite)).status).toBe(201);
    expect((await page(verified.client, '/auth/login')).headers.get('location')).toBe('/recruiter');
    expect((await page(verified.client, '/ru/auth/register')).headers.get('location')).toBe('/ru/recruiter');
    expect((await page(verified.client, '/auth/register/verify')).headers.get('location')).toBe('/recruiter');
    expect((await page(verified.client, '/auth/register/profile')).status).toBe(200);
    const company = await signUp('company');
    const customer = await inviteAndRegister(company.client, 'customer');
    expect((await page(customer.client, '/auth/login')).headers.get('location')).toBe('/workspace');
    // the landing page is for guests: a signed-in person who types the site's address goes home
    expect((await page(customer.client, '/')).headers.get('location')).toBe('/workspace');
    // a customer with no vacancy yet is not told they rated everyone
    const home = await page(customer.client, '/workspace');
    expect(home.text).toContain(translator('en')('workspace.unrated_none'));
    expect(home.text).not.toContain(translator('en')('workspace.unrated_empty'));
    expect((await page(verified.client, '/ru')).headers.get('location')).toBe('/ru/recruiter');
    // one who has not confirmed the address yet still sees it, and logs out from the code step
    expect((await page(client, '/')).status).toBe(200);
  });

  it('sends a role that is not allowed to its home: customers stay out of the recruiter area, the others out of the workspace', async () => {
    const company = await signUp('company');
    const customer = await inviteAndRegister(company.client, 'customer');
    for (const path of ['/recruiter', '/recruiter/vacancy/add', '/ru/recruiter', '/vacancy/candidates-all/00000000-0000-4000-8000-000000000000', '/candidates']) {
      const res = await page(customer.client, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toBe(path.startsWith('/ru') ? '/ru/workspace' : '/workspace');
    }
    const refused = await page(company.client, '/workspace');
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/recruiter');
    for (const path of ['/recruiter', '/candidates', '/interviews']) expect((await page(company.client, path)).status, path).toBe(200);
    for (const path of ['/workspace', '/interviews', '/chats']) expect((await page(customer.client, path)).status, path).toBe(200);
    // the installed app's start page is the home of whoever opens it
    expect((await page(customer.client, '/home')).headers.get('location')).toBe('/workspace');
    expect((await page(company.client, '/ru/home')).headers.get('location')).toBe('/ru/recruiter');
  });

  it('opens unprefixed addresses in a signed-in user\'s own language; the header\'s switch makes the choice theirs', async () => {
    const russian = await signUp('company', { lang: 'ru' });
    const res = await page(russian.client, '/recruiter?period=week');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ru/recruiter?period=week');
    expect((await page(russian.client, '/ru/recruiter')).status).toBe(200);
    // an explicit /ru or ?lng= choice is kept, and from then on wins on unprefixed addresses
    const switched = await page(russian.client, '/ru/recruiter?lng=en');
    expect(switched.headers.get('location')).toBe('/recruiter');
    expect((await page(russian.client, '/recruiter')).status).toBe(200);
    const profile = await russian.client.get('/api/v1/users/profile');
    expect(profile.json.settings.lang).toBe('en');
    // a visitor without a session keeps the unprefixed English pages
    expect((await page(new Client(), '/auth/login')).status).toBe(200);
  });

  it('?lng= opens the same page in that language, keeping the rest of the query', async () => {
    const visitor = new Client();
    const res = await page(visitor, '/auth/register?email=a%40b.cc&lng=ru');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/ru/auth/register?email=a%40b.cc');
    expect((await page(visitor, '/ru/auth/login?lng=en')).headers.get('location')).toBe('/auth/login');
  });

  it('a page\'s own form post that says Origin: null (no-referrer pages) passes only when the browser calls it same-origin', async () => {
    const visitor = new Client();
    const form = { raw: 'token=nonsense&response=approved', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' } };
    const own = await visitor.request('POST', '/verify/pd', { ...form, headers: { ...form.headers, 'sec-fetch-site': 'same-origin' } });
    // past the cross-site check: the page itself answers that the link is unknown
    expect(own.status).toBe(404);
    expect(own.text).toContain('<html');
    const foreign = await visitor.request('POST', '/verify/pd', { ...form, headers: { ...form.headers, 'sec-fetch-site': 'cross-site' } });
    expect(foreign.status).toBe(403);
  });

  it('names the status in the status line: 404 Not Found, 302 Found', async () => {
    const { client } = await signUp('company');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${client.base}/no/such/page`, { redirect: 'manual', headers: { cookie } });
    expect([res.status, res.statusText]).toEqual([404, 'Not Found']);
    const consent = await fetch(`${client.base}/verify/pd?token=nonsense`);
    expect([consent.status, consent.statusText]).toEqual([404, 'Not Found']);
    const redirect = await fetch(`${new Client().base}/profile`, { redirect: 'manual' });
    expect([redirect.status, redirect.statusText]).toEqual([302, 'Found']);
    const api = await fetch(`${new Client().base}/api/v1/no-such-call`);
    expect([api.status, api.statusText]).toEqual([404, 'Not Found']);
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
