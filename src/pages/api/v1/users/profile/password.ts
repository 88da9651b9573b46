import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { changePassword } from '../../../../../lib/server/account.ts';
import { PasswordChangeSchema } from '../../../../../lib/schemas/user.ts';

export const PUT = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const { oldPassword, newPassword } = parse(PasswordChangeSchema, await readBody(request));
  await changePassword(user, locals.session?.id, oldPassword, newPassword);
  return json({ ok: true });
});
