import { endpoint, json, unauthorized } from '../../../../lib/server/http.ts';
import { clearRefreshCookie, setRefreshCookie } from '../../../../lib/server/auth/context.ts';
import { findByToken, REFRESH_COOKIE, rotate } from '../../../../lib/server/auth/sessions.ts';
import { issueAccessToken } from '../../../../lib/server/auth/tokens.ts';

const ROTATE_EVERY_MS = 5 * 60_000;

/** Trades the refresh cookie for a fresh access token, and for a new cookie at most every 5 minutes. */
export const POST = endpoint(async ({ cookies }) => {
  const token = cookies.get(REFRESH_COOKIE)?.value;
  const found = token ? await findByToken(token) : undefined;
  if (!found) {
    clearRefreshCookie(cookies);
    throw unauthorized();
  }
  // every page with a live header asks for a token; rotating on each would churn the cookie
  const recentlyRotated = found.session.rotatedAt && Date.now() - found.session.rotatedAt.getTime() < ROTATE_EVERY_MS;
  if (!recentlyRotated) setRefreshCookie(cookies, await rotate(found.session), found.session.persistent);
  return json(await issueAccessToken(found.user.id, found.session.id));
});
