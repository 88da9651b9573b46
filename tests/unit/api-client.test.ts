import { beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError, errorKey, refreshToken } from '../../src/lib/client/api.ts';
import { $auth, setToken } from '../../src/lib/stores/auth.ts';

/*
 * A unit test of the islands' client logic: `fetcher` is a stub standing in for the network, so the
 * order and the timing of the answers are under the test's control.
 */

interface Call {
  url: string;
  method: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: Call) => Response | Promise<Response>;

function stub(handler: Handler) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: Call = {
      url: String(input),
      method: init.method ?? 'GET',
      authorization: headers.authorization,
      contentType: headers['content-type'],
      body: init.body,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return { fetcher, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json(401, { statusCode: 401, message: 'error.common.unauthorized' });
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const REFRESH_URL = '/api/v1/auth/refresh';
const PROFILE_URL = '/api/v1/users/profile';

beforeEach(() => {
  $auth.set(null);
});

describe('api(): 401 → one refresh → retry', () => {
  it('refreshes once for three parallel 401s, stores the new token and retries each request once with it', async () => {
    setToken('old-token', Date.now() + 60_000);
    const expires = Date.now() + 15 * 60_000;
    const { fetcher, calls } = stub(async (call) => {
      if (call.url === REFRESH_URL) {
        await delay(20); // a refresh takes a while; the other 401s arrive meanwhile
        return json(200, { accessToken: 'new-token', tokenExpires: expires });
      }
      return call.authorization === 'Bearer new-token' ? json(200, { id: 'u1', email: 'a@b.io' }) : unauthorized();
    });

    const results = await Promise.all([api('users/profile', {}, fetcher), api('users/profile', {}, fetcher), api('users/profile', {}, fetcher)]);

    expect(results).toEqual([
      { id: 'u1', email: 'a@b.io' },
      { id: 'u1', email: 'a@b.io' },
      { id: 'u1', email: 'a@b.io' },
    ]);
    const refreshes = calls.filter((c) => c.url === REFRESH_URL);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toMatchObject({ method: 'POST', credentials: 'include' });
    const profiles = calls.filter((c) => c.url === PROFILE_URL);
    expect(profiles.map((c) => c.authorization)).toEqual([
      'Bearer old-token',
      'Bearer old-token',
      'Bearer old-token',
      'Bearer new-token',
      'Bearer new-token',
      'Bearer new-token',
    ]);
    expect($auth.get()).toEqual({ token: 'new-token', tokenExpires: expires });
  });

  it('also holds one refresh when the refresh answers at once', async () => {
    setToken('old-token', Date.now() + 60_000);
    const { fetcher, calls } = stub((call) => {
      if (call.url === REFRESH_URL) return json(200, { accessToken: 'new-token', tokenExpires: Date.now() + 60_000 });
      return call.authorization === 'Bearer new-token' ? json(200, { ok: true }) : unauthorized();
    });
    await Promise.all([api('users/profile', {}, fetcher), api('users/profile', {}, fetcher), api('users/profile', {}, fetcher)]);
    expect(calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
    expect(calls.filter((c) => c.url === PROFILE_URL)).toHaveLength(6);
  });

  it('starts a new refresh for a later 401 once the previous refresh is over (the lock is released)', async () => {
    let token = 1;
    const { fetcher, calls } = stub((call) => {
      if (call.url === REFRESH_URL) return json(200, { accessToken: `t${++token}`, tokenExpires: Date.now() + 60_000 });
      return call.authorization === `Bearer t${token}` ? json(200, { token }) : unauthorized();
    });
    setToken('t0', 1);
    await expect(api('users/profile', {}, fetcher)).resolves.toEqual({ token: 2 });
    token = 3; // the server rotated again: t2 is now stale
    await expect(api('users/profile', {}, fetcher)).resolves.toEqual({ token: 4 });
    expect(calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(2);
    expect($auth.get()?.token).toBe('t4');
  });

  it('when the refresh fails with 401 the call rejects with the original 401, $auth is emptied, and nothing is retried', async () => {
    setToken('old-token', Date.now() + 60_000);
    const { fetcher, calls } = stub((call) =>
      call.url === REFRESH_URL ? json(401, { statusCode: 401, message: 'error.common.unauthorized' }) : json(401, { statusCode: 401, message: 'error.common.unauthorized', errors: { x: 'y' } }),
    );

    const error = await api('users/profile', {}, fetcher).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body).toEqual({ statusCode: 401, message: 'error.common.unauthorized', errors: { x: 'y' } });
    expect((error as ApiError).message).toBe('error.common.unauthorized');
    expect($auth.get()).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([PROFILE_URL, REFRESH_URL]);
  });

  it('three parallel calls share one failed refresh and all reject with 401', async () => {
    setToken('old-token', Date.now() + 60_000);
    const { fetcher, calls } = stub(async (call) => {
      if (call.url === REFRESH_URL) {
        await delay(10);
        return unauthorized();
      }
      return unauthorized();
    });
    const settled = await Promise.allSettled([api('users/profile', {}, fetcher), api('users/profile', {}, fetcher), api('users/profile', {}, fetcher)]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const s of settled) expect(((s as PromiseRejectedResult).reason as ApiError).status).toBe(401);
    expect(calls.filter((c) => c.url === REFRESH_URL)).toHaveLength(1);
    expect(calls.filter((c) => c.url === PROFILE_URL)).toHaveLength(3);
    expect($auth.get()).toBeNull();
  });

  it.each([
    ['a 200 without a token', () => json(200, {})],
    ['a 200 without tokenExpires', () => json(200, { accessToken: 'x' })],
    ['a 500', () => new Response('boom', { status: 500 })],
    [
      'a network failure',
      () => {
        throw new TypeError('fetch failed');
      },
    ],
  ])('treats %s from the refresh as a failed refresh', async (_, refreshAnswer) => {
    setToken('old-token', Date.now() + 60_000);
    const { fetcher, calls } = stub((call) => (call.url === REFRESH_URL ? refreshAnswer() : unauthorized()));
    await expect(api('users/profile', {}, fetcher)).rejects.toMatchObject({ status: 401 });
    expect($auth.get()).toBeNull();
    expect(calls.filter((c) => c.url === PROFILE_URL)).toHaveLength(1);
  });

  it('a retry that meets 401 again rejects without a second refresh or retry', async () => {
    setToken('old-token', Date.now() + 60_000);
    const { fetcher, calls } = stub((call) => (call.url === REFRESH_URL ? json(200, { accessToken: 'new-token', tokenExpires: Date.now() + 60_000 }) : unauthorized()));
    await expect(api('users/profile', {}, fetcher)).rejects.toMatchObject({ status: 401, body: { message: 'error.common.unauthorized' } });
    expect(calls.map((c) => `${c.url} ${c.authorization ?? ''}`)).toEqual([`${PROFILE_URL} Bearer old-token`, `${REFRESH_URL} `, `${PROFILE_URL} Bearer new-token`]);
  });

  it('a 401 from auth/email/login does not trigger a refresh', async () => {
    const { fetcher, calls } = stub(() => json(401, { statusCode: 401, message: 'error.common.wrong_email_or_password' }));
    const error = await api('auth/email/login', { method: 'POST', body: { email: 'a@b.io', password: 'x' } }, fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).body.message).toBe('error.common.wrong_email_or_password');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/auth/email/login']);
  });

  it('a 401 from auth/refresh called through api() does not recurse into another refresh', async () => {
    const { fetcher, calls } = stub(() => unauthorized());
    await expect(api('auth/refresh', { method: 'POST' }, fetcher)).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
  });

  it('refreshToken() on its own stores the token and reports success', async () => {
    const { fetcher } = stub(() => json(200, { accessToken: 'fresh', tokenExpires: 123 }));
    await expect(refreshToken(fetcher)).resolves.toBe(true);
    expect($auth.get()).toEqual({ token: 'fresh', tokenExpires: 123 });
  });
});

describe('api(): requests', () => {
  it('builds the query string, dropping undefined, null, empty and NaN values but keeping 0 and false', async () => {
    const { fetcher, calls } = stub(() => json(200, []));
    await api('vacancies', { query: { q: 'a b&c', page: 2, a: undefined, b: null, c: '', d: Number.NaN, zero: 0, off: false } }, fetcher);
    expect(calls[0]!.url).toBe('/api/v1/vacancies?q=a+b%26c&page=2&zero=0&off=false');
  });

  it('leaves out the "?" when every query value is dropped', async () => {
    const { fetcher, calls } = stub(() => json(200, {}));
    await api('vacancies', { query: { a: undefined, b: null, c: '', d: Number.NaN } }, fetcher);
    expect(calls[0]!.url).toBe('/api/v1/vacancies');
  });

  it('sends JSON bodies as JSON, with the bearer token when there is one', async () => {
    setToken('tok', Date.now() + 60_000);
    const { fetcher, calls } = stub(() => json(200, { ok: true }));
    await expect(api('users/profile', { method: 'PATCH', body: { name: 'Ann' } }, fetcher)).resolves.toEqual({ ok: true });
    expect(calls[0]).toMatchObject({ method: 'PATCH', authorization: 'Bearer tok', contentType: 'application/json', body: '{"name":"Ann"}', credentials: 'include' });
  });

  it('sends no authorization header when signed out, and FormData without a content-type', async () => {
    const { fetcher, calls } = stub(() => new Response(null, { status: 204 }));
    const form = new FormData();
    form.set('name', 'Ann');
    await expect(api('files', { method: 'POST', body: form }, fetcher)).resolves.toBeUndefined();
    expect(calls[0]!.authorization).toBeUndefined();
    expect(calls[0]!.contentType).toBeUndefined();
    expect(calls[0]!.body).toBe(form);
  });
});

describe('api(): errors', () => {
  it('turns a non-JSON error body into an ApiError with message error.internal', async () => {
    const { fetcher } = stub(() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await api('users/profile', {}, fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe('error.internal');
    expect((error as ApiError).body).toEqual({ statusCode: 502, message: 'error.internal' });
    expect(errorKey(error)).toBe('error.internal');
  });

  it('turns a JSON error body without a message into error.internal', async () => {
    const { fetcher } = stub(() => json(500, { oops: true }));
    await expect(api('users/profile', {}, fetcher)).rejects.toMatchObject({ status: 500, body: { message: 'error.internal' } });
  });

  it('keeps the server key and the field errors of a JSON error body', async () => {
    const body = { statusCode: 400, message: 'error.common.invalid_body', errors: { email: 'validation.email_invalid' } };
    const { fetcher } = stub(() => json(400, body));
    const error = await api('auth/email/register', { method: 'POST', body: {} }, fetcher).catch((e: unknown) => e);
    expect((error as ApiError).body).toEqual(body);
    expect(errorKey(error)).toBe('error.common.invalid_body');
  });

  it('errorKey of anything else is error.internal', () => {
    expect(errorKey(new Error('x'))).toBe('error.internal');
    expect(errorKey('x')).toBe('error.internal');
  });
});
