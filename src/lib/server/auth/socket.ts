import { ROLE, STATUS } from '../../schemas/auth.ts';
import { findById } from './sessions.ts';
import { readAccessToken } from './tokens.ts';

/** The user behind an access token, when its session is live and the user verified. */
export async function resolveSocketUser(token: string): Promise<{ id: string; staff: boolean } | undefined> {
  const claims = await readAccessToken(token);
  if (!claims) return undefined;
  const found = await findById(claims.sid);
  if (!found || found.user.id !== claims.sub || found.user.status !== STATUS.ACTIVE) return undefined;
  return { id: found.user.id, staff: found.user.role === ROLE.ADMIN || found.user.role === ROLE.DEV };
}
