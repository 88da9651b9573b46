import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { addToVacancy } from '../../../../../lib/server/candidates.ts';
import { AddToVacancySchema } from '../../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const { vacancyId, candidatesIds } = parse(AddToVacancySchema, await readBody(request));
  return json(await addToVacancy(user, vacancyId, candidatesIds), { status: 201 });
});
