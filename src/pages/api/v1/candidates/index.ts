import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createCandidate, listCandidates } from '../../../../lib/server/candidates.ts';
import { CandidateQuerySchema, CandidateSchema } from '../../../../lib/schemas/candidate.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const query = parse(CandidateQuerySchema, Object.fromEntries(url.searchParams));
  return json(await listCandidates(user, query, locals.locale));
});

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const input = parse(CandidateSchema, await readBody(request));
  return json(await createCandidate(user, input, locals.locale), { status: 201 });
});
