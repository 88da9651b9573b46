import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { cancelInterview } from '../../../../../lib/server/interviews.ts';
import { InterviewCancelSchema } from '../../../../../lib/schemas/interview.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

/** Cancels an interview: it stays, marked cancelled, and everyone gets a cancelling .ics. */
export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const { sequence } = parse(InterviewCancelSchema, await readBody(request));
  return json(await cancelInterview(user, params.id ?? '', sequence));
});
