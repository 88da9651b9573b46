import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { DEVICE_COOKIE, knownDevice, rememberDevice } from '../../../../../lib/server/auth/devices.ts';
import { changePassword } from '../../../../../lib/server/account.ts';
import { PasswordChangeSchema } from '../../../../../lib/schemas/user.ts';

export const PUT = endpoint(async ({ locals, request, cookies }) => {
  const user = requireUser(locals);
  const { oldPassword, newPassword } = parse(PasswordChangeSchema, await readBody(request));
  const remembered = await knownDevice(cookies.get(DEVICE_COOKIE)?.value, user);
  const { passwordHash } = await changePassword(user, locals.session?.id, oldPassword, newPassword);
  // the new password retires every device cookie; the browser that changed it stays known
  if (remembered) await rememberDevice(cookies, { id: user.id, passwordHash });
  return json({ ok: true });
});
