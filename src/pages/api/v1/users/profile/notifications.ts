import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { setNotifyMail } from '../../../../../lib/server/users.ts';
import { NotifyMailSchema } from '../../../../../lib/schemas/notification.ts';

/** How notifications come by mail: `instant`, `digest` (08:00 in the user's zone) or `off`. */
export const PUT = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const { notifyMail } = parse(NotifyMailSchema, await readBody(request));
  await setNotifyMail(user.id, notifyMail);
  return json({ notifyMail });
});
