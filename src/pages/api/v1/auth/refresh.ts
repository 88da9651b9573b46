import { endpoint, json, unauthorized } from '../../../../lib/server/http.ts';
import { clearRefreshCookie, setRefreshCookie } from '../../../../lib/server/auth/context.ts';
import { findByToken, REFRESH_COOKIE, rotate } from '../../../../lib/server/auth/sessions.ts';
import { issueAccessToken } from '../../../../lib/server/auth/tokens.ts';

/** Trades the refresh cookie for a new one and a fresh access token. */
export const POST = endpoint(async ({ cookies }) => {
  const token = cookies.get(REFRESH_COOKIE)?.value;
  const found = token ? await findByToken(token) : undefined;
  if (!found) {
    clearRefreshCookie(cookies);
    throw unauthorized();
  }
  setRefreshCookie(cookies, await rotate(found.session), found.session.persistent);
  return json(await issueAccessToken(found.user.id, found.session.id));
});
