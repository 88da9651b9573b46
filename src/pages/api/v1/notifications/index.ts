import { endpoint, json, parse } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { listNotifications } from '../../../../lib/server/notifications.ts';
import { NotificationQuerySchema } from '../../../../lib/schemas/notification.ts';

/** The user's notifications, newest first, in pages, with the unread count (the bell's). */
export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals);
  const { page = 1 } = parse(NotificationQuerySchema, Object.fromEntries(url.searchParams));
  return json(await listNotifications(user, page, locals.locale));
});
