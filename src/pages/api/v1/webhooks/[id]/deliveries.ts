import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { listDeliveries } from '../../../../../lib/server/webhooks.ts';
import { COMPANY_ROLES } from '../../../../../lib/routes.ts';

/** The endpoint's delivery log, newest first: status, tries, last answer or error. */
export const GET = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  return json(await listDeliveries(user, params.id ?? ''));
});
