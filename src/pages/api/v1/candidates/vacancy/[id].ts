import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { addToVacancy, listVacancyCandidates } from '../../../../../lib/server/candidates.ts';
import { AddToVacancySchema, CandidateQuerySchema } from '../../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

/** The vacancy's candidates, paged from 1, with their stage, priority and average rating. */
export const GET = endpoint(async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const query = parse(CandidateQuerySchema, Object.fromEntries(url.searchParams));
  return json(await listVacancyCandidates(user, params.id!, query, locals.locale));
});

export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const { candidatesIds } = parse(AddToVacancySchema, { vacancyId: params.id, ...(await readBody(request)) });
  return json(await addToVacancy(user, params.id!, candidatesIds), { status: 201 });
});
