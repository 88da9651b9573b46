import { endpoint, json, parse, readBody } from '../../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../../lib/server/auth/context.ts';
import { setPriority } from '../../../../../../../lib/server/candidates.ts';
import { PrioritySchema } from '../../../../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../../../../lib/routes.ts';

export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const { priority } = parse(PrioritySchema, await readBody(request));
  return json(await setPriority(user, params.vacancyId!, params.candidateId!, priority));
});
