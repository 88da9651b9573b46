import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { markNotificationsRead } from '../../../../lib/server/notifications.ts';
import { NotificationReadSchema } from '../../../../lib/schemas/notification.ts';

/** Marks `{ ids }` of one's own notifications read, or `{ all: true }`; answers the new unread count. */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  return json(await markNotificationsRead(user, parse(NotificationReadSchema, await readBody(request))));
});
