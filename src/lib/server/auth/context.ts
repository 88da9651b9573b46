import type { AstroCookies } from 'astro';
import { env } from '../env.ts';
import { forbidden, unauthorized } from '../http.ts';
import { ROLE, STATUS, type Role } from '../../schemas/auth.ts';
import { cookieOptions, findById, findByToken, REFRESH_COOKIE, type SessionRow, type UserRow } from './sessions.ts';
import { readAccessToken } from './tokens.ts';

export interface Auth {
  user: UserRow;
  session: SessionRow;
  via: 'bearer' | 'cookie';
}

/**
 * The session of a request: the bearer token when one is sent (SPEC.md §6), else the refresh
 * cookie. An expired or forged bearer token is no session, even with a good cookie beside it,
 * so that the client learns to refresh.
 */
export async function resolveAuth(request: Request, cookies: AstroCookies): Promise<Auth | undefined> {
  const header = request.headers.get('authorization');
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match ? await readAccessToken(match[1]!) : undefined;
    if (!claims) return undefined;
    const found = await findById(claims.sid);
    return found && found.user.id === claims.sub && found.user.status !== STATUS.BANNED ? { ...found, via: 'bearer' } : undefined;
  }
  const token = cookies.get(REFRESH_COOKIE)?.value;
  if (!token) return undefined;
  const found = await findByToken(token);
  return found && found.user.status !== STATUS.BANNED ? { ...found, via: 'cookie' } : undefined;
}

export function setRefreshCookie(cookies: AstroCookies, token: string, persistent: boolean): void {
  cookies.set(REFRESH_COOKIE, token, cookieOptions(persistent, env().PUBLIC_URL.startsWith('https:')));
}

export function clearRefreshCookie(cookies: AstroCookies): void {
  cookies.delete(REFRESH_COOKIE, { path: '/' });
}

/** Staff (admin, dev) are added to every allowed-role list. */
export function roleAllowed(role: number, allowed: readonly Role[]): boolean {
  return role === ROLE.ADMIN || role === ROLE.DEV || allowed.includes(role as Role);
}

export const ALL_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER, ROLE.CUSTOMER];
export const RECRUITER_ROLES: readonly Role[] = [ROLE.COMPANY, ROLE.RECRUITER];

/** The signed-in, verified user of an API call, or a 401/403 answer. */
export function requireUser(locals: App.Locals, allowed: readonly Role[] = ALL_ROLES, { verified = true } = {}): UserRow {
  const user = locals.user;
  if (!user) throw unauthorized();
  if (verified && user.status !== STATUS.ACTIVE) throw forbidden('error.common.forbidden');
  if (!roleAllowed(user.role, allowed)) throw forbidden();
  return user;
}
