import { ROLE, type Role } from './schemas/auth.ts';

/** Open to everyone, signed in or not. */
const PUBLIC = new Set(['/', '/verify/pd', '/error', '/404']);

/** The recruiter area of DECISIONS.md: company and recruiter (staff are always added). */
const RECRUITER_AREA = [/^\/recruiter(\/|$)/, /^\/vacancy\/candidates-all(\/|$)/];

export const RECRUITER_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER];
export const SIGNED_IN_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER, ROLE.CUSTOMER];

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

export function accessOf(path: string): Access {
  const clean = trimSlashes(path);
  if (PUBLIC.has(clean)) return { kind: 'public' };
  if (clean === '/auth/register/verify') return { kind: 'verify' };
  if (clean === '/auth/register/profile') return { kind: 'onboarding' };
  if (clean === '/auth' || clean.startsWith('/auth/')) return { kind: 'auth' };
  if (RECRUITER_AREA.some((re) => re.test(clean))) return { kind: 'private', roles: RECRUITER_ROLES };
  return { kind: 'private', roles: SIGNED_IN_ROLES };
}

/** Where the logo leads: the recruiter home for company and recruiters (and staff), else the profile. */
export function homeOf(role: number): string {
  return role === ROLE.CUSTOMER ? '/profile' : '/recruiter';
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
