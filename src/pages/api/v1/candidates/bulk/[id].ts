import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { bulkProgress } from '../../../../../lib/server/bulk.ts';
import { ROLE } from '../../../../../lib/schemas/auth.ts';

export const GET = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals, [ROLE.COMPANY, ROLE.RECRUITER, ROLE.CUSTOMER]);
  return json(await bulkProgress(user, params.id!));
});
