import { endpoint, json, parse, readBody } from '../../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../../lib/server/auth/context.ts';
import { rate } from '../../../../../../../lib/server/candidates.ts';
import { RatingSchema } from '../../../../../../../lib/schemas/candidate.ts';

export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const { score, comment } = parse(RatingSchema, await readBody(request));
  return json(await rate(user, params.vacancyId!, params.candidateId!, score, comment), { status: 201 });
});
