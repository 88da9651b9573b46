import { STATUS_CODES } from 'node:http';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { accessOf, homeOf, profileUnfinished, safeFrom, trimSlashes } from './lib/routes.ts';
import { LANGUAGE_COOKIE, setLanguage } from './lib/server/users.ts';
import { DEFAULT_LOCALE, isLocale, localizedPath, splitLocale, type Locale } from './lib/i18n/index.ts';
import { resolveAuth, roleAllowed } from './lib/server/auth/context.ts';
import { env } from './lib/server/env.ts';
import { acceptsGzip, AppError, errorResponse, gzippedHeaders } from './lib/server/http.ts';
import { isDatabaseUnavailable, logError, logUnavailable, RETRY_AFTER_SECONDS } from './lib/server/errors.ts';
import { withIslandBootstrapLast, withModulePreload } from './lib/server/preload.ts';
import { trimmedPolicy } from './lib/server/csp.ts';
import { STATUS } from './lib/schemas/auth.ts';
import { logContext } from './lib/server/log.ts';
import { keepPage, keptPage, pageStamp, spaceChanged } from './lib/server/page-cache.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What an account may change before registration's third step: its session, its own profile, error reports. */
const OPEN_BEFORE_PROFILE = /^\/api\/v1\/(auth\/|users\/profile(\/|$)|client-errors$)/;

function localeFromHeader(header: string | null): Locale {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}


/** A redirect chosen by the visitor's language or cookie: no shared cache may keep it for others. */
function personal(response: Response): Response {
  response.headers.set('vary', 'Accept-Language, Cookie');
  response.headers.set('cache-control', 'private, no-store');
  return response;
}

/** The pages a newcomer starts from: the landing page, login and registration. */
function entryPage(path: string): boolean {
  const bare = trimSlashes(path);
  // a careers page is where strangers arrive from a job board's link, which names no language
  return bare === '/' || bare === '/auth/login' || bare === '/auth/register' || bare.startsWith('/jobs/');
}

function ourOrigin(origin: string, url: URL): boolean {
  return origin === url.origin || origin === new URL(env().PUBLIC_URL).origin;
}

/**
 * The Origin a browser named, or undefined where it hid it: a page with `Referrer-Policy:
 * no-referrer` (the consent page) posts its forms with `Origin: null`. Then only Sec-Fetch-Site
 * tells where the request came from.
 */
function namedOrigin(request: Request): string | undefined {
  const origin = request.headers.get('origin');
  return origin && origin !== 'null' ? origin : undefined;
}

/** A cookie-authenticated change must come from this site's own pages. */
function sameOrigin(request: Request, url: URL): boolean {
  const origin = namedOrigin(request);
  if (origin) return ourOrigin(origin, url);
  return request.headers.get('sec-fetch-site') === 'same-origin';
}

/**
 * A change a browser sends from another site, session or not: a login from a foreign page
 * would sign the visitor into the attacker's account (login CSRF). Clients that are not
 * browsers send neither header and pass.
 */
function crossSite(request: Request, url: URL): boolean {
  const origin = namedOrigin(request);
  if (origin) return !ourOrigin(origin, url);
  const site = request.headers.get('sec-fetch-site');
  return site === 'cross-site' || site === 'same-site';
}

const COMPRESSIBLE = /^(text\/html|application\/json)/;

/** Pages and API answers go out gzipped: on a slow line that halves the time to interactive. */
function compress(request: Request, response: Response): Response {
  const type = response.headers.get('content-type') ?? '';
  if (
    !response.body ||
    !COMPRESSIBLE.test(type) ||
    response.headers.has('content-encoding') ||
    !acceptsGzip(request)
  ) {
    return response;
  }
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers: gzippedHeaders(response.headers),
  });
}

/**
 * The status line names its status ('404 Not Found'): the node adapter writes the Response's
 * statusText as the reason phrase, and Astro leaves it empty, or 'OK' on a page that set 404.
 */
function withReason(response: Response): Response {
  const reason = STATUS_CODES[response.status];
  if (!reason || response.statusText === reason) return response;
  return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers });
}

/**
 * The page that says something failed on our side, rendered in place of the page asked for:
 * 503 with Retry-After when the database cannot be reached (docs/decisions/0014), else 500.
 * The error is logged through logError here, never by Astro, whose log would quote the failed
 * query's values.
 */
async function failurePage(context: APIContext, next: MiddlewareNext, error: unknown): Promise<Response> {
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) logUnavailable('page', error);
  else logError('page', error);
  context.locals.failure = unavailable ? 'unavailable' : 'internal';
  context.locals.retryTo = localizedPath(context.locals.path, context.locals.locale) + context.url.search;
  const page = await next('/server-error');
  const response = new Response(page.body, { status: unavailable ? 503 : 500, headers: page.headers });
  response.headers.set('cache-control', 'no-store');
  if (unavailable) response.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
  return compress(context.request, response);
}

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await handle(context, next);
  // a change answered here shows on its author's next page, before its notice comes back
  const space = context.locals.user?.spaceId;
  if (space && !SAFE_METHODS.has(context.request.method)) spaceChanged(space);
  return withReason(response);
});

/**
 * Where a page or an API answer of this request may be kept (docs/decisions/0020): a person's
 * own, by its address, language and their zone, sent gzipped.
 */
function keptPageKey(request: Request, url: URL, user: App.Locals['user'], locale: Locale): string | undefined {
  if (request.method !== 'GET' || !user?.spaceId || !acceptsGzip(request)) return undefined;
  return `${user.id} ${user.timeZone} ${locale} ${url.pathname}${url.search}`;
}

/** The kept answer for `key`, unless a hard reload asks for a new one (whose answer is kept then). */
function keptFor(request: Request, key: string | undefined): Response | undefined {
  return key && !/\bno-cache\b/.test(request.headers.get('cache-control') ?? '') ? keptPage(key) : undefined;
}

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url, cookies, locals } = context;
  // before the session is read: a change to the person's own row noticed after that read must
  // keep what is rendered with it from being kept
  const stamp = pageStamp();
  // the metrics count answers by the route's pattern, not by the path with its ids
  const log = logContext.getStore();
  if (log) log.route = context.routePattern;

  if (url.pathname.startsWith('/api/')) {
    try {
      if (!SAFE_METHODS.has(request.method) && crossSite(request, url)) throw new AppError(403, 'error.common.bad_origin');
      const auth = await resolveAuth(request, cookies);
      if (auth) {
        if (auth.via === 'cookie' && !SAFE_METHODS.has(request.method) && !sameOrigin(request, url)) {
          throw new AppError(403, 'error.common.bad_origin');
        }
        locals.user = auth.user;
        locals.session = auth.session;
        locals.authVia = auth.via;
        // what a nameless account does is shown to others with a blank for its author (an
        // invite, a message, a comment, a vacancy): it completes the profile first (0004)
        if (!SAFE_METHODS.has(request.method) && profileUnfinished(auth.user) && !OPEN_BEFORE_PROFILE.test(url.pathname)) {
          throw new AppError(403, 'error.user.profile_unfinished');
        }
      }
      const lng = url.searchParams.get('lng');
      locals.locale = isLocale(lng) ? lng : ((auth?.user.lang as Locale | undefined) ?? localeFromHeader(request.headers.get('accept-language')));
      locals.path = url.pathname;
      const answerKey = keptPageKey(request, url, auth?.user, locals.locale);
      const kept = keptFor(request, answerKey);
      if (kept) return kept;
      const response = await next();
      // an unknown path or method still answers in the API's JSON shape
      if (response.status >= 400 && !response.headers.get('content-type')?.includes('application/json')) {
        const key = response.status === 404 ? 'error.common.not_found' : response.status === 405 ? 'error.common.method_not_allowed' : 'error.internal';
        return errorResponse(new AppError(response.status === 404 || response.status === 405 ? response.status : 500, key));
      }
      if (answerKey && locals.keep && response.status === 200 && auth?.user.spaceId) return keepPage(answerKey, auth.user.spaceId, stamp, response);
      return compress(request, response);
    } catch (error) {
      return errorResponse(error);
    }
  }

  const { locale, path } = splitLocale(url.pathname);
  locals.locale = locale;
  locals.path = path;

  // the failure page itself needs no session (and asks the database nothing)
  if (trimSlashes(path) === '/server-error' && locals.failure) return next();

  let auth: Awaited<ReturnType<typeof resolveAuth>>;
  try {
    auth = await resolveAuth(request, cookies);
  } catch (error) {
    // a database that cannot be reached says nothing about the session: not a sign-out
    if (isDatabaseUnavailable(error)) return failurePage(context, next, error);
    logError('auth', error);
  }

  // ?lng=ru sends the visitor to the same page in that locale; a signed-in user keeps it as theirs
  const lng = url.searchParams.get('lng');
  if (lng !== null && SAFE_METHODS.has(request.method)) {
    const params = new URLSearchParams(url.search);
    params.delete('lng');
    const query = params.size ? `?${params}` : '';
    const chosen = isLocale(lng) ? lng : locale;
    if (auth && isLocale(lng) && auth.user.lang !== lng) {
      await setLanguage(auth.user.id, lng).catch((error: unknown) => logError('i18n', error));
    }
    // a guest's choice outlives the page: their browser's language no longer overrides it
    if (!auth && isLocale(lng)) cookies.set(LANGUAGE_COOKIE, lng, { path: '/', maxAge: 365 * 86_400, sameSite: 'lax', httpOnly: true });
    return personal(context.redirect(localizedPath(path, chosen) + query, 302));
  }

  // an unprefixed address names no language: a signed-in user's own language wins there
  const saved = auth?.user.lang;
  if (auth && locale === DEFAULT_LOCALE && isLocale(saved) && saved !== DEFAULT_LOCALE && SAFE_METHODS.has(request.method)) {
    return context.redirect(localizedPath(path, saved) + url.search, 302);
  }
  if (auth) {
    locals.user = auth.user;
    locals.session = auth.session;
    locals.authVia = auth.via;
  }
  // a guest at an unprefixed page a newcomer starts from: the language they chose before, else
  // the one their browser asks for (docs/decisions/0002)
  if (!auth && locale === DEFAULT_LOCALE && SAFE_METHODS.has(request.method) && entryPage(path)) {
    const kept = cookies.get(LANGUAGE_COOKIE)?.value;
    const wanted = isLocale(kept) ? kept : localeFromHeader(request.headers.get('accept-language'));
    if (wanted !== DEFAULT_LOCALE) return personal(context.redirect(localizedPath(path, wanted) + url.search, 302));
  }
  const user = auth?.user;
  // a page's form post that rides on the session cookie must come from this site (plain-form CSRF);
  // so must an application on a careers page, session or not (docs/decisions/0027)
  const careersPost = path.startsWith('/jobs/');
  if (!SAFE_METHODS.has(request.method) && (crossSite(request, url) || ((user || careersPost) && !sameOrigin(request, url)))) {
    return new Response(null, { status: 403 });
  }
  const to = (target: string) => context.redirect(localizedPath(target, locale), 302);
  const access = accessOf(path);
  const verified = user?.status === STATUS.ACTIVE;
  const onboarded = !user || !profileUnfinished(user);
  const home = (role: number) => to(onboarded ? homeOf(role) : '/auth/register/profile');

  switch (access.kind) {
    case 'public':
      // the landing page speaks to guests; a signed-in person's own home is where they go
      if (verified && path === '/' && SAFE_METHODS.has(request.method)) return home(user.role);
      break;
    case 'auth':
      if (verified) return home(user.role);
      break;
    case 'verify':
      if (!user) return to('/auth/register');
      if (verified) return home(user.role);
      break;
    case 'onboarding':
      if (!user) return to(`/auth/login?from=${encodeURIComponent(path)}`);
      if (!verified) return to('/auth/register/verify');
      break;
    case 'private':
      if (!user) {
        const from = safeFrom(path + url.search) ?? '/profile';
        return to(`/auth/login?from=${encodeURIComponent(from)}`);
      }
      if (!verified) return to('/auth/register/verify');
      if (!onboarded) return to('/auth/register/profile');
      if (!roleAllowed(user.role, access.roles)) return to(homeOf(user.role));
      break;
  }

  const pageKey = keptPageKey(request, url, user, locale);
  const kept = keptFor(request, pageKey);
  if (kept) return kept;

  // one tree of pages serves every locale: /ru/auth/login renders /auth/login
  let response: Response;
  try {
    response = locale !== DEFAULT_LOCALE ? await next(path + url.search) : await next();
    // (a 404 page Astro rendered through this middleware already is, and comes back gzipped)
    if (response.body && !response.headers.has('content-encoding') && response.headers.get('content-type')?.startsWith('text/html')) {
      // the whole page is rendered before its first byte anyway (its data is awaited in the
      // frontmatter), so reading it costs no time to first byte; the head gains the preloads
      // (on an answer of 400 with its form too: its islands need their message files), the
      // policy loses the hashes of other pages' inline styles; Astro's island bootstrap goes last
      const html = withIslandBootstrapLast(withModulePreload(await response.text()));
      const policy = response.headers.get('content-security-policy');
      if (policy) response.headers.set('content-security-policy', trimmedPolicy(policy, html));
      response = new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
    }
  } catch (error) {
    return failurePage(context, next, error);
  }
  // the same address answers guests in their language: a cache must not hand one's to another
  if (!user && entryPage(path)) response.headers.append('vary', 'Accept-Language, Cookie');
  // what a signed-in person sees, and a candidate's consent page, stay out of every cache
  if ((user || trimSlashes(path) === '/verify/pd') && response.headers.get('content-type')?.startsWith('text/html')) {
    response.headers.set('cache-control', 'no-store');
  }
  if (pageKey && locals.keep && response.status === 200 && user?.spaceId) return keepPage(pageKey, user.spaceId, stamp, response);
  return compress(request, response);
}

