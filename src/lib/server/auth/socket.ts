import { STATUS } from '../../schemas/auth.ts';
import { findById } from './sessions.ts';
import { readAccessToken } from './tokens.ts';

/** The user id behind an access token, when its session is live and the user verified. */
export async function resolveAuthToken(token: string): Promise<string | undefined> {
  const claims = await readAccessToken(token);
  if (!claims) return undefined;
  const found = await findById(claims.sid);
  if (!found || found.user.id !== claims.sub || found.user.status !== STATUS.ACTIVE) return undefined;
  return found.user.id;
}
