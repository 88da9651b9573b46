import { endpoint } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { deleteEndpoint } from '../../../../lib/server/webhooks.ts';
import { COMPANY_ROLES } from '../../../../lib/routes.ts';

/** Removes an endpoint with its delivery log; tries still queued for it do nothing. */
export const DELETE = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  await deleteEndpoint(user, params.id ?? '');
  return new Response(null, { status: 204 });
});
