import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { sendTest } from '../../../../../lib/server/webhooks.ts';
import { COMPANY_ROLES } from '../../../../../lib/routes.ts';

/** Queues the test event for this endpoint ("send test"). */
export const POST = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  return json(await sendTest(user, params.id ?? ''), { status: 202 });
});
