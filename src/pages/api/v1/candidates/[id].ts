import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { getCandidate, updateCandidate } from '../../../../lib/server/candidates.ts';
import { CandidateSchema, CandidateViewQuerySchema } from '../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** `?vacancyId=` adds the candidate's funnel on that vacancy. */
export const GET = endpoint(async ({ locals, params, url }) =>
  json(await getCandidate(requireUser(locals), params.id!, locals.locale, parse(CandidateViewQuerySchema, Object.fromEntries(url.searchParams)).vacancyId)),
);

export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const input = parse(CandidateSchema, await readBody(request));
  return json(await updateCandidate(user, params.id!, input, locals.locale));
});
