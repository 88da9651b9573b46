import { endpoint, json, parse, readBody } from '../../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../../lib/server/auth/context.ts';
import { moveStage } from '../../../../../../../lib/server/candidates.ts';
import { StageSchema } from '../../../../../../../lib/schemas/candidate.ts';

export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const { stage, from } = parse(StageSchema, await readBody(request));
  return json(await moveStage(user, params.vacancyId!, params.candidateId!, stage, from));
});
