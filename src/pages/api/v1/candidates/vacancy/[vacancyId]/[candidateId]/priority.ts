import { endpoint, json, parse, readBody } from '../../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../../lib/server/auth/context.ts';
import { setPriority } from '../../../../../../../lib/server/candidates.ts';
import { PrioritySchema } from '../../../../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../../../../lib/routes.ts';

export const PUT = endpoint(async ({ locals, params, request }) => {
  const { priority } = parse(PrioritySchema, await readBody(request));
  return json(await setPriority(requireUser(locals, RECRUITER_ROLES), params.vacancyId!, params.candidateId!, priority));
});
