import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { createInterview, listInterviews } from '../../../../lib/server/interviews.ts';
import { InterviewSchema } from '../../../../lib/schemas/interview.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

export const GET = endpoint(async ({ locals }) => json(await listInterviews(requireUser(locals))));

export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  return json(await createInterview(user, parse(InterviewSchema, await readBody(request))), { status: 201 });
});
