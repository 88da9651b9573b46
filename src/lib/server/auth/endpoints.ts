import type { APIContext } from 'astro';
import { clientIp, json } from '../http.ts';
import { toUserDto } from '../users.ts';
import { setRefreshCookie } from './context.ts';
import { DEVICE_COOKIE, rememberDevice } from './devices.ts';
import type { SessionGrant } from './service.ts';

export function clientInfo(context: APIContext) {
  return { ip: clientIp(context), userAgent: context.request.headers.get('user-agent') ?? undefined, device: context.cookies.get(DEVICE_COOKIE)?.value };
}

/** Answers a login or registration: the cookie for the browser, the token for the client. */
export async function grantResponse(context: APIContext, grant: SessionGrant, status = 200): Promise<Response> {
  setRefreshCookie(context.cookies, grant.refreshToken, grant.session.persistent);
  // a browser signed in without "remember me" may be a shared one: it is not remembered either
  if (grant.session.persistent) await rememberDevice(context.cookies, grant.user);
  return json(
    { accessToken: grant.accessToken, tokenExpires: grant.tokenExpires, user: await toUserDto(grant.user) },
    { status },
  );
}
