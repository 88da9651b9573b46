import { clientIp, endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { startBulk } from '../../../../../lib/server/bulk.ts';
import { BulkSchema } from '../../../../../lib/schemas/bulk.ts';
import { ROLE } from '../../../../../lib/schemas/auth.ts';

/** A bulk action (docs/decisions/0030); a customer may move their vacancy's candidates only, as the funnel allows. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context.locals, [ROLE.COMPANY, ROLE.RECRUITER, ROLE.CUSTOMER]);
  const input = parse(BulkSchema, await readBody(context.request));
  const { status, body } = await startBulk(user, input, clientIp(context));
  return json(body, { status });
});
