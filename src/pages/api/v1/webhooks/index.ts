import { endpoint, json, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createEndpoint, listEndpoints } from '../../../../lib/server/webhooks.ts';
import { COMPANY_ROLES } from '../../../../lib/routes.ts';

/** The space's webhook endpoints (docs/decisions/0028); the company's only. */
export const GET = endpoint(async ({ locals }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  return json(await listEndpoints(user));
});

/** `{ url, events: [...] }` → the endpoint with its secret, shown this once. */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  const body = await readBody(request);
  return json(await createEndpoint(user, { url: body.url, events: body.events }), { status: 201 });
});
