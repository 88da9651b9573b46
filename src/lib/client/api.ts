import { $auth, removeToken, setToken } from '../stores/auth.ts';

export const API_BASE = '/api/v1';

/** What the API answers on failure: an error key, and field errors keyed the same way. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors?: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
}

const NO_REFRESH = new Set(['auth/email/login', 'auth/refresh']);

let refreshing: Promise<boolean> | null = null;

/** One refresh at a time: requests that meet a 401 meanwhile wait for the same result. */
export function refreshToken(fetcher: typeof fetch = fetch): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await fetcher(`${API_BASE}/auth/refresh`, { method: 'POST', credentials: 'include' });
      if (!response.ok) return false;
      const data = (await response.json()) as { accessToken?: string; tokenExpires?: number };
      if (!data.accessToken || !data.tokenExpires) return false;
      setToken(data.accessToken, data.tokenExpires);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '' && !(typeof value === 'number' && Number.isNaN(value))) {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return `${API_BASE}/${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions, fetcher: typeof fetch): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const auth = $auth.get();
  if (auth) headers.authorization = `Bearer ${auth.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetcher(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

async function parseError(response: Response): Promise<ApiError> {
  let body: ApiErrorBody;
  try {
    body = (await response.json()) as ApiErrorBody;
    if (typeof body?.message !== 'string') throw new Error('no message');
  } catch {
    body = { statusCode: response.status, message: 'error.internal' };
  }
  return new ApiError(response.status, body);
}

/**
 * Calls the API. On a 401 (except for login and refresh) it refreshes the session once and
 * retries; when the refresh fails the original 401 stands (SPEC.md §4).
 */
export async function api<T>(path: string, options: RequestOptions = {}, fetcher: typeof fetch = fetch): Promise<T> {
  let response = await send(path, options, fetcher);
  if (response.status === 401 && !NO_REFRESH.has(path)) {
    if (await refreshToken(fetcher)) response = await send(path, options, fetcher);
    else removeToken();
  }
  if (!response.ok) throw await parseError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * The translation key of any failure: the server's key, or the default text; with `field`, that
 * field's own message when the server named one (a form of one text says what is wrong with it).
 */
export function errorKey(error: unknown, field?: string): string {
  if (error instanceof ApiError) return (field && error.body.errors?.[field]) || error.body.message;
  return 'error.internal';
}
