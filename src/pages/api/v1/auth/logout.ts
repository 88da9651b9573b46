import { endpoint, json, unauthorized } from '../../../../lib/server/http.ts';
import { clearRefreshCookie } from '../../../../lib/server/auth/context.ts';
import { revoke } from '../../../../lib/server/auth/sessions.ts';

export const POST = endpoint(async ({ cookies, locals }) => {
  clearRefreshCookie(cookies);
  if (!locals.session) throw unauthorized();
  await revoke(locals.session.id);
  return json({ ok: true });
});
