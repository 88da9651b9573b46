import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createInterview, listInterviews } from '../../../../lib/server/interviews.ts';
import { InterviewListQuerySchema, InterviewSchema } from '../../../../lib/schemas/interview.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** Upcoming interviews; `?candidateId=` every interview of that candidate, cancelled and past too. */
export const GET = endpoint(async ({ locals, url }) => {
  const { candidateId } = parse(InterviewListQuerySchema, Object.fromEntries(url.searchParams));
  return json(await listInterviews(requireUser(locals), candidateId ? { candidateId, limit: 100 } : {}));
});

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  return json(await createInterview(user, parse(InterviewSchema, await readBody(request))), { status: 201 });
});
