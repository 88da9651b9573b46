import { ROLE, type Role } from './roles.ts';

/** Open to everyone, signed in or not. */
// a password's reset too: its mailed link may be opened in a browser signed in to the account
const PUBLIC = new Set(['/', '/logout', '/verify/pd', '/privacy', '/privacy/export', '/shortlist', '/shortlist/resume', '/error', '/404', '/server-error', '/docs/api', '/auth/forgot', '/auth/reset']);

/** The recruiter area of DECISIONS.md: company and recruiter (staff are always added). */
const RECRUITER_AREA = [/^\/recruiter(\/|$)/, /^\/vacancy\/candidates-all(\/|$)/, /^\/candidates$/, /^\/candidates\/[^/]+\/merge\/[^/]+$/, /^\/retention$/, /^\/careers$/];
/** Staff's own pages (browser errors): no other role (staff are added to every list). */
const STAFF_AREA = [/^\/staff(\/|$)/];
/** The company's own pages: the personal-data log (docs/decisions/0025). */
const COMPANY_AREA = [/^\/audit$/, /^\/webhooks$/];
/** The customer's workspace: their home, no one else's (docs/decisions/0007). */
const CUSTOMER_AREA = [/^\/workspace$/];

export const RECRUITER_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER];
export const SIGNED_IN_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER, ROLE.CUSTOMER];
export const CUSTOMER_ROLES: readonly Role[] = [ROLE.CUSTOMER];
export const COMPANY_ROLES: readonly Role[] = [ROLE.COMPANY];

export type Access =
  | { kind: 'public' }
  /** The auth pages: a verified user is sent to the profile. */
  | { kind: 'auth' }
  /** Registration step 3: for a verified user completing the profile. */
  | { kind: 'onboarding' }
  /** Registration step 2: for a signed-in user whose address is not confirmed yet. */
  | { kind: 'verify' }
  | { kind: 'private'; roles: readonly Role[] };

/** The path without trailing slashes; a loop, since /\/+$/ is quadratic on a path of slashes. */
export function trimSlashes(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}

/** A careers page and its vacancies (docs/decisions/0027): /jobs/{slug} and /jobs/{slug}/{id}. */
const CAREERS = /^\/jobs\/[^/]+(\/[^/]+)?$/;

export function accessOf(path: string): Access {
  const clean = trimSlashes(path);
  if (PUBLIC.has(clean) || CAREERS.test(clean)) return { kind: 'public' };
  if (clean === '/auth/register/verify') return { kind: 'verify' };
  if (clean === '/auth/register/profile') return { kind: 'onboarding' };
  if (clean === '/auth' || clean.startsWith('/auth/')) return { kind: 'auth' };
  if (RECRUITER_AREA.some((re) => re.test(clean))) return { kind: 'private', roles: RECRUITER_ROLES };
  if (CUSTOMER_AREA.some((re) => re.test(clean))) return { kind: 'private', roles: CUSTOMER_ROLES };
  if (STAFF_AREA.some((re) => re.test(clean))) return { kind: 'private', roles: [] };
  if (COMPANY_AREA.some((re) => re.test(clean))) return { kind: 'private', roles: COMPANY_ROLES };
  return { kind: 'private', roles: SIGNED_IN_ROLES };
}

/**
 * A signed-in user's home, where the logo, login and the guard's refusals lead: the customer's
 * workspace for customers, the recruiter dashboard for everyone else (staff included).
 */
export function homeOf(role: number): string {
  return role === ROLE.CUSTOMER ? '/workspace' : '/recruiter';
}

/**
 * Whether registration's third step is still to do: a space's member without a name, or a
 * company without its name. Typing another address does not skip it, as every page would then
 * show them, to colleagues and customers too, as a blank. Staff, made by the CLI, may have none.
 */
export function profileUnfinished(user: { role: number; name: string; surname: string; companyName: string | null }): boolean {
  if (!SIGNED_IN_ROLES.includes(user.role as Role)) return false;
  return user.name === '' || user.surname === '' || (user.role === ROLE.COMPANY && !user.companyName);
}

/** The sections of the signed-in header's menu. */
export type Section = 'workspace' | 'vacancies' | 'candidates' | 'interviews' | 'chats' | 'help' | 'profile' | 'staff';

/** The menu of a role, in order, with each section's page (docs/decisions/0007). */
export function menuOf(role: number): { section: Section; path: string }[] {
  const first: { section: Section; path: string }[] =
    role === ROLE.CUSTOMER
      ? [{ section: 'workspace', path: '/workspace' }]
      : [
          { section: 'vacancies', path: '/recruiter' },
          { section: 'candidates', path: '/candidates' },
        ];
  return [
    ...first,
    { section: 'interviews', path: '/interviews' },
    { section: 'chats', path: '/chats' },
    { section: 'help', path: '/help' },
    ...(role === ROLE.ADMIN || role === ROLE.DEV ? [{ section: 'staff' as const, path: '/staff/errors' }] : []),
  ];
}

/**
 * The section a page belongs to, for `aria-current` in the menu. A vacancy's pages and a
 * candidate seen on a vacancy belong to the vacancies (the customer's workspace); the database
 * and a candidate without a vacancy to the candidates.
 */
export function sectionOf(path: string, role: number): Section | undefined {
  const clean = trimSlashes(path);
  const vacancies: Section = role === ROLE.CUSTOMER ? 'workspace' : 'vacancies';
  if (clean === '/workspace') return 'workspace';
  if (/^\/recruiter(\/|$)/.test(clean) || /^\/vacancy\//.test(clean)) return vacancies;
  if (/^\/candidates\/(?!edit\/)[^/]+\/(?!-$)[^/]+$/.test(clean)) return vacancies;
  if (/^\/candidates(\/|$)/.test(clean)) return role === ROLE.CUSTOMER ? undefined : 'candidates';
  if (/^\/interviews(\/|$)/.test(clean)) return 'interviews';
  if (/^\/chats(\/|$)/.test(clean)) return 'chats';
  if (/^\/help(\/|$)/.test(clean)) return 'help';
  if (clean === '/profile') return 'profile';
  if (/^\/staff(\/|$)/.test(clean)) return 'staff';
  return undefined;
}

/** A `from` value is followed only when it is a path of this site. */
export function safeFrom(from: string | null | undefined): string | undefined {
  if (!from || !from.startsWith('/')) return undefined;
  // URL parsers drop tabs and newlines and read a backslash as '/': '/\t/evil.com' is '//evil.com'
  if (/[\x00-\x1f\x7f\\]/.test(from)) return undefined;
  const base = 'http://site.invalid';
  try {
    return new URL(from, base).origin === base ? from : undefined;
  } catch {
    return undefined;
  }
}
