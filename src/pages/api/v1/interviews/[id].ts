import { endpoint, json, notFound, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { listInterviews, updateInterview } from '../../../../lib/server/interviews.ts';
import { InterviewUpdateSchema } from '../../../../lib/schemas/interview.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** One interview, whatever its state, for whoever may see it. */
export const GET = endpoint(async ({ locals, params }) => {
  const [interview] = await listInterviews(requireUser(locals), { id: params.id ?? '' });
  if (!interview) throw notFound();
  return json(interview);
});

/** An edit or a reschedule (docs/decisions/0019). */
export const PUT = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  return json(await updateInterview(user, params.id ?? '', parse(InterviewUpdateSchema, await readBody(request))));
});
